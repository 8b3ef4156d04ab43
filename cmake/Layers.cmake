# SPDX-License-Identifier: Apache-2.0
# The layers of the code (docs/ARCHITECTURE.md), enforced by the build:
#  - lcb_expose() gives a library an include root of its own, in the build tree, that holds only
#    the source folders the library owns (one symlink each). A library sees its own folders and
#    those of what it links, nothing else, so `#include "engine/..."` in a layer below the engine
#    is a "file not found" error, not a review comment.
#  - lcb_layer() records a library's rank and the outside libraries it may link; at the end of
#    configuration lcb_check_layers() fails the configuration when a library links one of the
#    same or a higher rank, or an outside library it is not allowed, and when an executable that
#    must stay without a display (FORBID) reaches a forbidden library through any chain of links.

set_property(GLOBAL PROPERTY LCB_LAYER_TARGETS "")
set_property(GLOBAL PROPERTY LCB_LAYER_VIEWS ON)

# lcb_expose(<target> <folder>...)
# Makes <folder>s (relative to the current source directory) includable by the target and by
# everything that links it as "<folder>/File.h", and nothing else of that directory.
function(lcb_expose target)
    set(view "${CMAKE_BINARY_DIR}/include/${target}")
    file(MAKE_DIRECTORY "${view}")
    foreach(folder IN LISTS ARGN)
        # "." exposes the current folder itself under its own name (ui/, resources/).
        get_filename_component(source "${CMAKE_CURRENT_SOURCE_DIR}/${folder}" ABSOLUTE)
        get_filename_component(name "${source}" NAME)
        if(NOT IS_DIRECTORY "${source}")
            message(FATAL_ERROR "lcb_expose(${target}): ${source} is not a folder")
        endif()
        file(CREATE_LINK "${source}" "${view}/${name}" RESULT failed SYMBOLIC)
        if(failed)
            # Windows without the right to make symlinks: build, but without the include
            # check (the link check below still runs). CI builds on Linux, where it holds.
            message(STATUS "lcb_expose: no symlink for ${folder} (${failed}); "
                           "${target} sees its whole source folder")
            set_property(GLOBAL PROPERTY LCB_LAYER_VIEWS OFF)
            target_include_directories(${target} PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
            return()
        endif()
    endforeach()
    target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${view}>")
endfunction()

# lcb_layer(<target> RANK <n> [ALLOW <outside library>...] [FORBID <library>...])
# RANK: a library may link only libraries of a lower rank. ALLOW: the outside (non-lcb_)
# libraries it may link directly, besides Qt Core, which every layer may. FORBID: libraries it must not reach through any chain.
function(lcb_layer target)
    cmake_parse_arguments(ARG "" "RANK" "ALLOW;FORBID" ${ARGN})
    if(NOT DEFINED ARG_RANK)
        message(FATAL_ERROR "lcb_layer(${target}): RANK is required")
    endif()
    set_property(TARGET ${target} PROPERTY LCB_RANK ${ARG_RANK})
    set_property(TARGET ${target} PROPERTY LCB_ALLOW "${ARG_ALLOW}")
    set_property(TARGET ${target} PROPERTY LCB_FORBID "${ARG_FORBID}")
    set_property(GLOBAL APPEND PROPERTY LCB_LAYER_TARGETS ${target})
endfunction()

# The libraries `target` links directly, generator expressions of static linking removed.
function(_lcb_direct_links target out)
    get_target_property(type ${target} TYPE)
    set(links)
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
        get_target_property(own ${target} LINK_LIBRARIES)
        if(own)
            list(APPEND links ${own})
        endif()
    endif()
    get_target_property(interface ${target} INTERFACE_LINK_LIBRARIES)
    if(interface)
        list(APPEND links ${interface})
    endif()
    set(clean)
    foreach(link IN LISTS links)
        # A static library's private links reach its users as $<LINK_ONLY:x>.
        string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" link "${link}")
        if(link MATCHES "^\\$<" OR link STREQUAL "")
            continue() # other generator expressions: none of ours names a library
        endif()
        # qt_add_library links the resource objects under `::@` scoped names.
        string(REGEX REPLACE "::@\\(.*$" "" link "${link}")
        list(APPEND clean "${link}")
    endforeach()
    list(REMOVE_DUPLICATES clean)
    set(${out} "${clean}" PARENT_SCOPE)
endfunction()

# Every library `target` reaches through any chain of links (targets only).
function(_lcb_reach target out)
    set(seen)
    set(queue ${target})
    while(queue)
        list(POP_FRONT queue current)
        if(NOT TARGET ${current})
            continue()
        endif()
        get_target_property(aliased ${current} ALIASED_TARGET)
        if(aliased)
            set(current ${aliased})
        endif()
        _lcb_direct_links(${current} links)
        foreach(link IN LISTS links)
            if(TARGET ${link} AND NOT link IN_LIST seen)
                list(APPEND seen ${link})
                list(APPEND queue ${link})
            endif()
        endforeach()
    endwhile()
    set(${out} "${seen}" PARENT_SCOPE)
endfunction()

# Checks every target lcb_layer() registered; fails the configuration on the first problem
# (all are listed).
function(lcb_check_layers)
    get_property(targets GLOBAL PROPERTY LCB_LAYER_TARGETS)
    set(problems)
    foreach(target IN LISTS targets)
        get_target_property(rank ${target} LCB_RANK)
        get_target_property(allow ${target} LCB_ALLOW)
        get_target_property(forbid ${target} LCB_FORBID)
        _lcb_direct_links(${target} links)
        foreach(link IN LISTS links)
            if(link STREQUAL "lcb_defaults" OR link STREQUAL "Qt6::Core")
                continue() # compile options; Qt Core is every layer's ground
            endif()
            if(TARGET ${link})
                get_target_property(link_type ${link} TYPE)
                if(link_type STREQUAL "OBJECT_LIBRARY")
                    continue() # a library's own parts, such as its compiled resources
                endif()
            endif()
            if(TARGET ${link})
                get_target_property(link_rank ${link} LCB_RANK)
            else()
                set(link_rank "link_rank-NOTFOUND")
            endif()
            if(NOT link_rank MATCHES "NOTFOUND$")
                if(NOT link_rank LESS rank)
                    list(APPEND problems
                         "${target} (rank ${rank}) links ${link} (rank ${link_rank}), which is not below it")
                endif()
            elseif(link MATCHES "^lcb_")
                list(APPEND problems "${target} links ${link}, which has no layer (lcb_layer)")
            elseif(NOT link IN_LIST allow)
                list(APPEND problems "${target} links ${link}, which its layer does not allow")
            endif()
        endforeach()
        if(forbid)
            _lcb_reach(${target} reached)
            foreach(library IN LISTS forbid)
                if(library IN_LIST reached)
                    list(APPEND problems "${target} reaches ${library}, which it must not")
                endif()
            endforeach()
        endif()
    endforeach()
    if(problems)
        list(JOIN problems "\n  " text)
        message(FATAL_ERROR "Layering broken:\n  ${text}\n(see docs/ARCHITECTURE.md)")
    endif()
    list(LENGTH targets count)
    message(STATUS "Layers: ${count} libraries and programs link only downwards")
endfunction()

# lcb_layer_probe(<target> SEES <header>... HIDES <header>...)
# Builds, as part of every build, one file that sees `target`'s include directories (its own
# and, through its links, those below it): the build fails when a header of SEES cannot be
# found, or one of HIDES can (someone widened an include root). A header of a layer above is
# what HIDES names, so the views above stay honest even before any code includes them.
function(lcb_layer_probe target)
    cmake_parse_arguments(ARG "" "" "SEES;HIDES" ${ARGN})
    set(text "// Generated by lcb_layer_probe() (cmake/Layers.cmake): what ${target} may include.\n")
    foreach(header IN LISTS ARG_SEES)
        string(APPEND text "#if !__has_include(\"${header}\")\n"
                           "#error \"${target} cannot see ${header}, which it should\"\n#endif\n")
    endforeach()
    foreach(header IN LISTS ARG_HIDES)
        string(APPEND text "#if __has_include(\"${header}\")\n"
                           "#error \"${target} sees ${header}, a layer it must not reach\"\n#endif\n")
    endforeach()
    string(APPEND text "int lcb_layer_probe_${target} = 0;\n")
    set(file "${CMAKE_BINARY_DIR}/layer-probes/${target}.cpp")
    file(CONFIGURE OUTPUT "${file}" CONTENT "${text}")
    add_library(${target}_layer_probe OBJECT "${file}")
    set_target_properties(${target}_layer_probe PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
    # The include directories only: nothing is linked into anything.
    target_include_directories(${target}_layer_probe PRIVATE
        $<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>)
endfunction()
