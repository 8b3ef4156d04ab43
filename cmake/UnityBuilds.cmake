# SPDX-License-Identifier: Apache-2.0
# Unity builds: the sources of a target compiled a few at a time as one file, so that the headers
# they share (ours and Qt's) are parsed, and the templates and inline functions they share are
# instantiated and optimised, once per batch instead of once per file. Each source still needs
# the names it uses to be its own: two files of one target cannot both define a helper of the
# same name in an anonymous namespace (the build says so when they do).
#
# -DLCB_UNITY=OFF compiles every file on its own: what clang-tidy reads (the tidy target), and
# the check that each file includes what it uses (with -DLCB_PCH=OFF).
option(LCB_UNITY "Compile each target's sources in batches (unity builds)" ON)
# Eight files a batch: fewer batches parse less, but a batch is also what one core compiles, and
# the smaller targets would then leave the second core idle.
set(LCB_UNITY_BATCH_SIZE 8 CACHE STRING "Sources per unity batch")

# Makes `target` a unity build when it has more than one source. Called for every C++ target
# once the whole tree is defined (lcb_each_cpp_target()).
function(lcb_unity target)
    get_target_property(sources ${target} SOURCES)
    list(FILTER sources INCLUDE REGEX "\\.(cpp|cxx|cc)$")
    list(LENGTH sources count)
    if(LCB_UNITY AND count GREATER 1)
        set_target_properties(${target} PROPERTIES
            UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${LCB_UNITY_BATCH_SIZE})
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            # GCC takes a source included into a batch for a header, and warns when a type from
            # its anonymous namespace reaches a template instantiated there, as if the "header"
            # could be included by a second file. It cannot: each source is in one batch.
            target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
        endif()
    endif()
endfunction()
