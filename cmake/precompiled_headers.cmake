# Precompiled headers, for clang only (the sanitizer build). Asio, Beast, nlohmann/json, spdlog
# and GoogleTest are what a server-side translation unit mostly parses: clang spends a fifth of
# the sanitizer build's biggest batch on it (94 s, 76 s with them precompiled), while g++ parses
# them so much faster than it generates code that precompiling them cost more than it saved
# (measured over a whole build). A target of several unity batches precompiles them once; each
# target its own (a precompiled header's flags must match its users' exactly).
set(boardroom_pch_server
    <nlohmann/json.hpp> <spdlog/spdlog.h> <boost/asio/io_context.hpp> <boost/asio/strand.hpp>
    <boost/asio/steady_timer.hpp> <boost/asio/ip/tcp.hpp> <boost/beast/core.hpp>
    <boost/beast/http.hpp> <boost/beast/websocket.hpp>)
set(boardroom_pch_test <gtest/gtest.h> <gmock/gmock.h>)

# boardroom_precompile(target [SERVER] [TEST]): SERVER for the headers above, TEST for GoogleTest.
# A target compiled as one unity batch gains nothing: the header would be parsed once either way.
function(boardroom_precompile target)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    return()
  endif()
  get_target_property(sources ${target} SOURCES)
  list(LENGTH sources files)
  set(batch ${CMAKE_UNITY_BUILD_BATCH_SIZE})
  if(NOT batch)
    set(batch 8)  # CMake's default
  endif()
  if(CMAKE_UNITY_BUILD AND files LESS_EQUAL batch)
    return()
  endif()
  cmake_parse_arguments(PCH "SERVER;TEST" "" "" ${ARGN})
  set(headers <nlohmann/json.hpp> <string> <vector> <map> <memory> <functional>)
  if(PCH_SERVER)
    list(APPEND headers ${boardroom_pch_server})
  endif()
  if(PCH_TEST)
    list(APPEND headers ${boardroom_pch_test})
  endif()
  list(REMOVE_DUPLICATES headers)
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
