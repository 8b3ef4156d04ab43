#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what is missing, builds everything with warnings as errors, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# The Node.js packages of tests/node (the real Lance client, the spec validator), exactly as locked.
# No install scripts: none is needed, and one optional dependency of LanceDB's embedding extras
# would try to download binaries from outside the npm registry.
npm ci --prefix tests/node --no-audit --no-fund --quiet --ignore-scripts
# -O2 as RelWithDebInfo, without its debug info, which makes the build and the links of the many
# test programs markedly slower (CI has two cores and also runs scripts/sanitize.sh).
cmake -S . -B build/test -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DLCB_WERROR=ON
cmake --build build/test
ctest --test-dir build/test --output-on-failure --parallel "$(nproc)"
