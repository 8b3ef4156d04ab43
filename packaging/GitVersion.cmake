# SPDX-License-Identifier: Apache-2.0
# Sets LCB_VERSION: the version every executable answers --version with, and the packages' version
# (spelled so that both SemVer and dpkg sort it).
#
# - A release build (HEAD is the clean tag v${PROJECT_VERSION}) and a build without Git (an
#   unpacked source tarball, or no git on PATH) answer PROJECT_VERSION: "0.1.0".
# - A development build adds `git describe` as build metadata: "0.1.0+12.gae4ef45" (12 commits
#   after the last v* tag), "0.1.0+gae4ef45" (no tag yet), ".dirty" with uncommitted changes.
#   "+" keeps SemVer precedence and makes dpkg sort the build after the release it builds on.
#
# Git runs with --no-optional-locks: `describe --dirty` would otherwise refresh and rewrite the
# index, racing with whoever commits in the same checkout.
# Read at configure time only: a rebuild after a new commit keeps the old value until CMake runs
# again. Only targets with the LCB_DESCRIBED_VERSION property (the executables and the command
# line's parser, set in packaging/CMakeLists.txt) see the described version; every other target
# compiles with PROJECT_VERSION, so a re-configure after a commit recompiles a handful of files,
# not the whole tree.
set(LCB_VERSION "${PROJECT_VERSION}")
find_package(Git QUIET)
if(GIT_FOUND)
    # Only this project's own repository counts: a tarball unpacked inside some other checkout
    # must not take that checkout's commit.
    execute_process(COMMAND "${GIT_EXECUTABLE}" --no-optional-locks rev-parse --show-toplevel
        WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
        OUTPUT_VARIABLE lcb_git_toplevel RESULT_VARIABLE lcb_git_rc
        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(lcb_git_rc EQUAL 0)
        file(REAL_PATH "${lcb_git_toplevel}" lcb_git_toplevel)
        file(REAL_PATH "${PROJECT_SOURCE_DIR}" lcb_source_dir)
    endif()
    if(lcb_git_rc EQUAL 0 AND lcb_git_toplevel STREQUAL lcb_source_dir)
        execute_process(
            COMMAND "${GIT_EXECUTABLE}" --no-optional-locks
                describe --tags --match "v[0-9]*" --long --dirty --always
            WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
            OUTPUT_VARIABLE lcb_describe RESULT_VARIABLE lcb_git_rc
            OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        if(lcb_git_rc EQUAL 0)
            if(lcb_describe MATCHES "^v([0-9.]+)-([0-9]+)-g([0-9a-f]+)(-dirty)?$")
                set(lcb_tag "${CMAKE_MATCH_1}")
                set(lcb_count "${CMAKE_MATCH_2}")
                set(lcb_hash "${CMAKE_MATCH_3}")
                set(lcb_dirty "${CMAKE_MATCH_4}")
                if(NOT lcb_tag VERSION_EQUAL PROJECT_VERSION AND lcb_count EQUAL 0)
                    message(WARNING "The tag v${lcb_tag} is not project(VERSION ${PROJECT_VERSION})")
                endif()
                if(lcb_count EQUAL 0 AND NOT lcb_dirty)
                    set(lcb_metadata "")
                else()
                    set(lcb_metadata "+${lcb_count}.g${lcb_hash}")
                endif()
            elseif(lcb_describe MATCHES "^([0-9a-f]+)(-dirty)?$")
                # No v* tag yet: the abbreviated commit only.
                set(lcb_dirty "${CMAKE_MATCH_2}")
                set(lcb_metadata "+g${CMAKE_MATCH_1}")
            else()
                set(lcb_metadata "+git")
            endif()
            if(lcb_dirty)
                string(APPEND lcb_metadata ".dirty")
            endif()
            set(LCB_VERSION "${PROJECT_VERSION}${lcb_metadata}")
        endif()
    endif()
endif()
message(STATUS "Lance Catalog Browser version: ${LCB_VERSION}")
