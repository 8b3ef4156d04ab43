# SPDX-License-Identifier: Apache-2.0
# Runs lcb_check_layers() on small projects of INTERFACE libraries (no compiler needed) and
# checks what it says. Usage: cmake -DLAYERS_FILE=... -DWORK_DIR=... -P LayerRules.cmake

# configure(<name> <expected: PASS or FAIL> <text the output must hold> <CMake lines>)
function(configure name expected needle body)
    set(dir "${WORK_DIR}/${name}")
    file(REMOVE_RECURSE "${dir}")
    file(WRITE "${dir}/CMakeLists.txt"
        "cmake_minimum_required(VERSION 3.22)\nproject(${name} LANGUAGES NONE)\n"
        "include(\"${LAYERS_FILE}\")\n${body}\nlcb_check_layers()\n")
    execute_process(
        COMMAND ${CMAKE_COMMAND} -S "${dir}" -B "${dir}/build"
        RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
    set(text "${out}${err}")
    if(expected STREQUAL "PASS" AND NOT result EQUAL 0)
        message(FATAL_ERROR "${name}: the check refused a project that keeps the rules:\n${text}")
    endif()
    if(expected STREQUAL "FAIL" AND result EQUAL 0)
        message(FATAL_ERROR "${name}: the check let a broken project through:\n${text}")
    endif()
    string(FIND "${text}" "${needle}" at)
    if(at LESS 0)
        message(FATAL_ERROR "${name}: expected \"${needle}\" in the output:\n${text}")
    endif()
    message(STATUS "${name}: ${expected} as expected")
endfunction()

set(stack [[
add_library(outside_display INTERFACE)
add_library(outside_sql INTERFACE)
add_library(lcb_low INTERFACE)
add_library(lcb_mid INTERFACE)
add_library(lcb_top INTERFACE)
target_link_libraries(lcb_mid INTERFACE lcb_low outside_sql)
target_link_libraries(lcb_top INTERFACE lcb_mid)
lcb_layer(lcb_low RANK 1)
lcb_layer(lcb_mid RANK 2 ALLOW outside_sql)
]])

configure(keeps PASS "link only downwards" "${stack}
lcb_layer(lcb_top RANK 3 FORBID outside_display)")

configure(upwards FAIL "lcb_low (rank 1) links lcb_top (rank 3), which is not below it" "${stack}
target_link_libraries(lcb_low INTERFACE lcb_top)
lcb_layer(lcb_top RANK 3)")

configure(sideways FAIL "lcb_peer (rank 2) links lcb_mid (rank 2), which is not below it"
"${stack}
lcb_layer(lcb_top RANK 3)
add_library(lcb_peer INTERFACE)
target_link_libraries(lcb_peer INTERFACE lcb_mid)
lcb_layer(lcb_peer RANK 2)")

configure(outside FAIL "lcb_low links outside_display, which its layer does not allow" "${stack}
target_link_libraries(lcb_low INTERFACE outside_display)
lcb_layer(lcb_top RANK 3)")

configure(unranked FAIL "lcb_top links lcb_stray, which has no layer" "${stack}
add_library(lcb_stray INTERFACE)
target_link_libraries(lcb_top INTERFACE lcb_stray)
lcb_layer(lcb_top RANK 3)")

configure(reached FAIL "lcb_top reaches outside_display, which it must not" "${stack}
target_link_libraries(outside_sql INTERFACE outside_display)
lcb_layer(lcb_top RANK 3 FORBID outside_display)")
