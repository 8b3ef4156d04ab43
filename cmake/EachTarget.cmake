# SPDX-License-Identifier: Apache-2.0
# lcb_each_cpp_target(<dir> <function>): calls <function>(<target>) for every C++ target of ours
# defined in or below <dir>: not imported, and compiling at least one C++ source. Used once the
# whole tree is defined, to give every target the same build settings (precompiled headers,
# unity builds) without each folder's CMakeLists.txt asking for them.
function(lcb_each_cpp_target dir function)
    get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target ${targets})
        get_target_property(type ${target} TYPE)
        get_target_property(imported ${target} IMPORTED)
        if(imported
           OR NOT type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
            continue()
        endif()
        get_target_property(sources ${target} SOURCES)
        list(FILTER sources INCLUDE REGEX "\\.(cpp|cxx|cc)$")
        if(sources) # not C only (the durability tests' LD_PRELOAD library)
            cmake_language(CALL ${function} ${target})
        endif()
    endforeach()
    get_property(children DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
    foreach(child ${children})
        lcb_each_cpp_target("${child}" ${function})
    endforeach()
endfunction()
