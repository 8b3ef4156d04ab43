#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The tests without a window, built with sanitizers (LCB_SANITIZE), each build in a folder of its
# own beside build/test:
#   scripts/sanitize.sh address   AddressSanitizer and UndefinedBehaviorSanitizer: every test
#                                 labelled headless (the layers below ui/, the command line, the
#                                 server, the real Lance client against the sanitized server)
#   scripts/sanitize.sh thread    ThreadSanitizer: the engine's tests and the local service's
#                                 round trip, which run work on threads of their own
#   scripts/sanitize.sh           both, one after the other
# Expects what scripts/test.sh installs (run that first on a new machine).
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=$PWD
suppressions="$source_dir/tests/sanitizers"

configure() { # <build dir> <sanitizers>
    # Debug keeps Q_ASSERT on; -O0 builds fastest (these builds are most of their time). No
    # -Werror here: the warnings are the main build's to check. No fuzzers: they have their own
    # sanitizers.
    cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O0 -g1" \
        -DLCB_SANITIZE="$2" -DLCB_FUZZ=OFF >/dev/null
}

run_address() {
    local dir=build/sanitize-address
    configure "$dir" address,undefined
    cmake --build "$dir" --target headless_tests
    # Leaks count (Qt's own at exit are suppressed); any report ends the test with exit code 1.
    ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1:strict_string_checks=1" \
    LSAN_OPTIONS="suppressions=$suppressions/lsan.supp:print_suppressions=0" \
    UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
        ctest --test-dir "$dir" --output-on-failure --parallel "$(nproc)" -L headless
}

run_thread() {
    local dir=build/sanitize-thread
    # The engine's tests, and the local service's round trip. Not yet TestLocalCatalogService
    # and TestSecretStore: with Debian's uninstrumented Qt, TSan sees some writes Qt makes for
    # them (its posted-event lists, QString buffers qtkeychain copies) but not the locks and
    # reference counts inside libQt6Core that order them, and reports those now and then.
    # Either needs a Qt built with -fsanitize=thread.
    local tests=(TestEngineBatch TestEngineBootstrap TestEngineConcurrency TestEngineDetails
        TestEngineFiles TestEngineNamespaces TestEngineRecovery TestEngineTables TestEngineTags TestEngineVersions
        TestLocalCatalogRoundTrip)
    configure "$dir" thread
    cmake --build "$dir" --target "${tests[@]}"
    local pattern
    pattern="^($(IFS='|'; echo "${tests[*]}"))\$"
    TSAN_OPTIONS="suppressions=$suppressions/tsan.supp:halt_on_error=1:second_deadlock_stack=1" \
        ctest --test-dir "$dir" --output-on-failure --parallel "$(nproc)" -R "$pattern"
}

case "${1:-all}" in
    address) run_address ;;
    thread) run_thread ;;
    all) run_address && run_thread ;;
    *) echo "usage: $0 [address|thread|all]" >&2; exit 2 ;;
esac
