# GoogleTest binaries as ctest tests, the quick ones of a suite in one process.
#
# gtest_discover_tests makes each test a process of its own. Under AddressSanitizer a process costs
# about 0.18 s of CPU before and after its test (the shadow memory mapped and unmapped, the leak
# check at exit): the 218 quick tests of the engines' rules took 44 s of CPU that way against 6 s
# in one process, and the suite has some 700 such tests. So a test that the committed costs
# (tests/costs/<kind>.txt) name, half a second or more in this kind of build, stays a ctest test of
# its own, which ctest starts early; the rest of its suite run together as `<Suite>.quick_tests`.
# A failing group's output names the failing test. BOARDROOM_TEST_GROUPS=OFF declares every test on
# its own, as scripts/test-costs.sh wants to measure them.
option(BOARDROOM_TEST_GROUPS "Run the quick tests of a GoogleTest suite in one process" ON)

# boardroom_discover_tests(target costs_file [ctest properties for every test...])
function(boardroom_discover_tests target costs)
  set(tests_file ${CMAKE_CURRENT_BINARY_DIR}/${target}_tests.cmake)
  set(include_file ${CMAKE_CURRENT_BINARY_DIR}/${target}_include.cmake)
  add_custom_command(
    TARGET ${target} POST_BUILD
    COMMAND ${CMAKE_COMMAND} -D executable=$<TARGET_FILE:${target}> -D costs=${costs}
            -D grouped=${BOARDROOM_TEST_GROUPS} -D out=${tests_file}
            -D working_dir=${CMAKE_CURRENT_BINARY_DIR}
            -P ${PROJECT_SOURCE_DIR}/cmake/list_test_groups.cmake
    BYPRODUCTS ${tests_file}
    VERBATIM)
  # Read by ctest: the properties every test of the binary gets, then the tests.
  string(REPLACE ";" " " properties "${ARGN}")
  file(WRITE ${include_file}
       "set(boardroom_test_properties ${properties})\n"
       "if(EXISTS [==[${tests_file}]==])\n"
       "  include([==[${tests_file}]==])\n"
       "else()\n"
       "  add_test(${target}_NOT_BUILT ${target}_NOT_BUILT)\n"
       "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${include_file})
endfunction()
