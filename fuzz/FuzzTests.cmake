# SPDX-License-Identifier: Apache-2.0
# Included by the main CMakeLists.txt: builds the fuzzers of fuzz/ with clang beside the main
# (GCC) build, and registers one ctest test per fuzzer (label fuzz) that runs it for a fixed
# time and fails on any crash, sanitizer report, leak, slow input or broken check. Failing
# inputs are kept in <build>/fuzz/artifacts/ (run the fuzzer on one to reproduce it).
#
# Without clang the tests are still registered, and fail saying what to install, so CI cannot
# skip them unnoticed (the pattern of the Node.js tests in tests/CMakeLists.txt).

set(LCB_FUZZ_SECONDS 20 CACHE STRING "Seconds each fuzzer runs in ctest")
# The fuzz build runs beside the main build's own jobs; a few files, so two jobs are enough.
set(LCB_FUZZ_JOBS 2 CACHE STRING "Parallel jobs of the fuzzers' build")
set(LCB_FUZZ_DIR "${CMAKE_BINARY_DIR}/fuzz")
set(LCB_FUZZERS fuzz_manifest_reader fuzz_manifest_decoder fuzz_data_file fuzz_data_values
    fuzz_identifier)

# Seeds: the real manifests LanceDB wrote (also a version hint among them), and a few
# identifiers with various delimiters. libFuzzer writes what it finds into the first folder
# given, so that is one in the build tree; the seed folders are only read.
set(lcb_data "${PROJECT_SOURCE_DIR}/tests/data/lance")
set(LCB_FUZZ_SEEDS_fuzz_manifest_reader
    "${lcb_data}/people.lance/_versions"
    "${lcb_data}/dir-namespace/people.lance/_versions"
    "${lcb_data}/dir-namespace/a6c854b0_sales$orders/_versions"
    "${lcb_data}/dir-namespace/__manifest/_versions"
    "${lcb_data}/history/lancedb-0.31.0/events.lance/_versions"
    "${lcb_data}/history/lancedb-0.39.0/events.lance/_versions"
    "${lcb_data}/restores/scores.lance/_versions"
    "${lcb_data}/branches/orders.lance/tree/dev/_versions")
set(LCB_FUZZ_OPTIONS_fuzz_manifest_reader "-dict=${PROJECT_SOURCE_DIR}/fuzz/manifest.dict")
# The same manifests, and the transaction files beside them.
set(LCB_FUZZ_SEEDS_fuzz_manifest_decoder
    ${LCB_FUZZ_SEEDS_fuzz_manifest_reader}
    "${lcb_data}/people.lance/_transactions"
    "${lcb_data}/dir-namespace/people.lance/_transactions"
    "${lcb_data}/history/lancedb-0.31.0/events.lance/_transactions"
    "${lcb_data}/history/lancedb-0.39.0/events.lance/_transactions")
set(LCB_FUZZ_OPTIONS_fuzz_manifest_decoder "-dict=${PROJECT_SOURCE_DIR}/fuzz/manifest.dict")
# LanceDB's data files, format 2.1 (0.31.0) and 2.2 (0.39.0).
set(LCB_FUZZ_SEEDS_fuzz_data_file
    "${lcb_data}/people.lance/data"
    "${lcb_data}/history/lancedb-0.31.0/events.lance/data"
    "${lcb_data}/history/lancedb-0.39.0/events.lance/data"
    "${lcb_data}/health/metrics.lance/data"
    "${lcb_data}/restores/scores.lance/data")
set(LCB_FUZZ_OPTIONS_fuzz_data_file)
# The data files of the tables written to be read row by row (tests/data/lance/rows): every
# type, nesting and page layout those tables hold, format 2.1, and the same types in 2.0.
set(LCB_FUZZ_SEEDS_fuzz_data_values
    "${lcb_data}/rows/types.lance/data"
    "${lcb_data}/rows/wide.lance/data"
    "${lcb_data}/rows/bigtext.lance/data"
    "${lcb_data}/rows/deletions.lance/data"
    "${lcb_data}/rows/legacy.lance/data")
set(LCB_FUZZ_OPTIONS_fuzz_data_values)
set(LCB_FUZZ_SEEDS_fuzz_identifier "${PROJECT_SOURCE_DIR}/fuzz/corpus/identifier")
set(LCB_FUZZ_OPTIONS_fuzz_identifier)

find_program(LCB_FUZZ_CXX NAMES clang++-14 clang++)
if(LCB_FUZZ_CXX)
    include(ExternalProject)
    set(lcb_fuzz_byproducts)
    foreach(fuzzer IN LISTS LCB_FUZZERS)
        list(APPEND lcb_fuzz_byproducts "${LCB_FUZZ_DIR}/${fuzzer}")
    endforeach()
    # BUILD_ALWAYS: the fuzzers compile sources of models/, which this build cannot track;
    # the inner build is a no-op when nothing changed.
    ExternalProject_Add(lcb_fuzzers
        SOURCE_DIR "${PROJECT_SOURCE_DIR}/fuzz"
        BINARY_DIR "${LCB_FUZZ_DIR}"
        CMAKE_ARGS
            "-DCMAKE_CXX_COMPILER=${LCB_FUZZ_CXX}"
            "-DCMAKE_PREFIX_PATH=${CMAKE_PREFIX_PATH}"
        BUILD_COMMAND "${CMAKE_COMMAND}" --build <BINARY_DIR> --parallel ${LCB_FUZZ_JOBS}
        BUILD_ALWAYS ON
        INSTALL_COMMAND ""
        BUILD_BYPRODUCTS ${lcb_fuzz_byproducts})
    foreach(fuzzer IN LISTS LCB_FUZZERS)
        set(corpus "${LCB_FUZZ_DIR}/corpus/${fuzzer}")
        file(MAKE_DIRECTORY "${corpus}" "${LCB_FUZZ_DIR}/artifacts")
        add_test(NAME ${fuzzer}
            COMMAND "${LCB_FUZZ_DIR}/${fuzzer}"
                -max_total_time=${LCB_FUZZ_SECONDS} -timeout=5 -print_final_stats=1
                "-artifact_prefix=${LCB_FUZZ_DIR}/artifacts/${fuzzer}-"
                ${LCB_FUZZ_OPTIONS_${fuzzer}}
                "${corpus}" ${LCB_FUZZ_SEEDS_${fuzzer}})
    endforeach()
else()
    foreach(fuzzer IN LISTS LCB_FUZZERS)
        add_test(NAME ${fuzzer} COMMAND ${CMAKE_COMMAND} -E echo
            "${fuzzer}: clang++ was not found when configuring; install clang-14 and"
            "libclang-rt-14-dev (scripts/install-deps.sh does) and run cmake again,"
            "or configure with -DLCB_FUZZ=OFF")
        set_tests_properties(${fuzzer} PROPERTIES FAIL_REGULAR_EXPRESSION "was not found")
    endforeach()
endif()
foreach(fuzzer IN LISTS LCB_FUZZERS)
    math(EXPR lcb_fuzz_timeout "${LCB_FUZZ_SECONDS} + 60")
    set_tests_properties(${fuzzer} PROPERTIES
        LABELS fuzz
        TIMEOUT ${lcb_fuzz_timeout}
        ENVIRONMENT "UBSAN_OPTIONS=print_stacktrace=1")
endforeach()
