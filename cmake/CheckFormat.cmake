# SPDX-License-Identifier: Apache-2.0
# Fails when any C++ file of the project differs from what .clang-format asks for.
# Usage: cmake -DCLANG_FORMAT=<exe> -DSOURCE_DIR=<repo> -P CheckFormat.cmake
set(files)
foreach(dir app models ui resources tests)
    file(GLOB_RECURSE found "${SOURCE_DIR}/${dir}/*.cpp" "${SOURCE_DIR}/${dir}/*.h")
    list(APPEND files ${found})
endforeach()
list(FILTER files EXCLUDE REGEX "/tests/(data|node)/")
list(LENGTH files count)
execute_process(
    COMMAND ${CLANG_FORMAT} --style=file --dry-run --Werror ${files}
    WORKING_DIRECTORY ${SOURCE_DIR}
    RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "clang-format: files above need formatting "
                        "(run: clang-format -i <file>)")
endif()
message(STATUS "clang-format: ${count} files are formatted")
