# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# What every packaging check script starts with (check-packaging.sh, appimage/check-appimage.sh):
# sourced, never run. A missing tool is a failure, not a skip: scripts/install-deps.sh installs
# every tool a check needs.

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

need() {
    for tool in "$@"; do
        command -v "$tool" >/dev/null \
            || fail "$tool is not installed (scripts/install-deps.sh installs it)"
    done
}

# A fresh scratch folder inside the build tree, so repeated runs start clean.
scratch() {
    rm -rf "$1"
    mkdir -p "$1"
}
