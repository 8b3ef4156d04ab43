#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The tests without a window, built with sanitizers (LCB_SANITIZE), each build in a folder of its
# own beside build/test:
#   scripts/sanitize.sh address   AddressSanitizer and UndefinedBehaviorSanitizer: every test
#                                 labelled headless (the layers below ui/, the command line, the
#                                 server, the real Lance client against the sanitized server)
#   scripts/sanitize.sh thread    ThreadSanitizer: every test labelled threads (the engine's, the
#                                 local service's round trip: they run work on threads of their
#                                 own), on SQLite
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

# Builds <label>_tests (the programs holding the tests of a label, tests/CMakeLists.txt) in
# `dir` and runs the tests of that label there; `ctest_arguments` narrow or widen the choice.
run_label() { # <build dir> <label> [ctest arguments...]
    local dir=$1 label=$2
    shift 2
    cmake --build "$dir" --target "${label}_tests"
    ctest --test-dir "$dir" --output-on-failure --parallel "$(nproc)" -L "$label" "$@"
}

run_address() {
    local dir=build/sanitize-address
    configure "$dir" address,undefined
    # Leaks count (Qt's own at exit are suppressed); any report ends the test with exit code 1.
    ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1:strict_string_checks=1" \
    LSAN_OPTIONS="suppressions=$suppressions/lsan.supp:print_suppressions=0" \
    UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
        run_label "$dir" headless
}

run_thread() {
    local dir=build/sanitize-thread
    configure "$dir" thread
    # Not their PostgreSQL variants: libpq is not instrumented either.
    TSAN_OPTIONS="suppressions=$suppressions/tsan.supp:halt_on_error=1:second_deadlock_stack=1" \
        run_label "$dir" threads -LE postgres
}

case "${1:-all}" in
    address) run_address ;;
    thread) run_thread ;;
    all) run_address && run_thread ;;
    *) echo "usage: $0 [address|thread|all]" >&2; exit 2 ;;
esac
