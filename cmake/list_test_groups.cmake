# Run after a GoogleTest binary is linked (cmake/test_groups.cmake): lists its tests and writes the
# ctest file that declares them. A test the committed costs name (half a second or more in this
# kind of build) is a ctest test of its own, as gtest_discover_tests would declare it; the quick
# rest of each suite run together in one process, the ctest test `<Suite>.quick_tests`.
#
# Input variables: executable, costs (the tests/costs file, may be missing), grouped (ON or OFF),
# out (the file to write), working_dir.
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND "${executable}" --gtest_list_tests OUTPUT_VARIABLE listing
                RESULT_VARIABLE status TIMEOUT 60)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${executable} --gtest_list_tests failed (${status}):\n${listing}")
endif()

set(long_tests "")
if(grouped AND EXISTS "${costs}")
  file(STRINGS "${costs}" cost_lines)
  foreach(line IN LISTS cost_lines)
    if(line MATCHES "^([^ ]+) ")
      list(APPEND long_tests "${CMAKE_MATCH_1}")
    endif()
  endforeach()
endif()

# One ctest test: NAME, its --gtest_filter, and whether GoogleTest's "[  SKIPPED ]" marks it
# skipped (for a single test only: in a group it would hide the others' results).
set(declarations "")
macro(declare name filter single)
  string(APPEND declarations "add_test([==[${name}]==] [==[${executable}]==] [==[--gtest_filter=${filter}]==])\n")
  set(properties "WORKING_DIRECTORY [==[${working_dir}]==] \${boardroom_test_properties}")
  if(${single})
    string(APPEND properties " SKIP_REGULAR_EXPRESSION [==[\\[  SKIPPED \\]]==]")
  endif()
  string(APPEND declarations "set_tests_properties([==[${name}]==] PROPERTIES ${properties})\n")
endmacro()

# The listing: "Suite." lines, then the suite's tests indented by two spaces, parameterised ones
# followed by "  # GetParam() = ...".
set(suite "")
set(singles "")
set(quick "")
macro(flush_suite)
  if(quick)
    # The suite minus its long tests, which run on their own.
    list(JOIN singles ":" excluded)
    if(excluded)
      declare("${suite}.quick_tests" "${suite}.*-${excluded}" FALSE)
    else()
      declare("${suite}.quick_tests" "${suite}.*" FALSE)
    endif()
  endif()
  set(singles "")
  set(quick "")
endmacro()
string(REPLACE "\n" ";" lines "${listing}")
foreach(line IN LISTS lines)
  if(line MATCHES "^([^ #][^ ]*)\\.( |$)")
    flush_suite()
    set(suite "${CMAKE_MATCH_1}")
  elseif(suite AND line MATCHES "^  ([^ ]+)")
    set(test "${suite}.${CMAKE_MATCH_1}")
    if(NOT grouped OR test IN_LIST long_tests)
      declare("${test}" "${test}" TRUE)
      list(APPEND singles "${test}")
    else()
      set(quick TRUE)
    endif()
  endif()
endforeach()
flush_suite()
file(WRITE "${out}" "${declarations}")
