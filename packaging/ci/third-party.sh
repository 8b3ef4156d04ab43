#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Release runners only (.github/workflows/release.yml): builds the libraries that Debian
# packages but the Qt installer and the runner images do not, into PREFIX.
#   - nlohmann/json, the version Debian 12 has.
#   - cpp-httplib: its header, plus a pkg-config file like Debian's, because the top-level
#     CMakeLists.txt finds it with pkg_check_modules(cpp-httplib). Header-only here, so no
#     OpenSSL or compression: the server and the tests use plain HTTP on 127.0.0.1.
#   - SQLite, the version Debian 12 has, from its amalgamation as a static library: the catalog
#     engine links it (Windows has no system SQLite; macOS's is older and varies by release).
#   - qtkeychain, built against the install-qt-action's Qt (QT_ROOT_DIR), as a static library so
#     that no deployment tool has to find it (Qt6Keychain).
# Usage: packaging/ci/third-party.sh PREFIX [extra cmake arguments, e.g. the macOS architectures]
set -euo pipefail
prefix=$1
shift
# Debian 12's versions, which the project is tested with.
json_version=3.11.2
httplib_version=0.11.4
qtkeychain_version=0.14.3
sqlite_release=2022/sqlite-amalgamation-3400100 # 3.40.1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"

curl -fsSL -o "$prefix/include/httplib.h" \
    "https://raw.githubusercontent.com/yhirose/cpp-httplib/v${httplib_version}/httplib.h"
libs="-pthread"
case "$(uname -s)" in
MINGW* | MSYS* | CYGWIN*) libs="-lws2_32 -lcrypt32" ;;
esac
# pkg-config on Windows wants forward slashes.
pc_prefix=$(cd "$prefix" && pwd -W 2>/dev/null || pwd)
cat >"$prefix/lib/pkgconfig/cpp-httplib.pc" <<PC
prefix=$pc_prefix
includedir=\${prefix}/include

Name: cpp-httplib
Description: A C++ HTTP/HTTPS server and client library (header only)
Version: $httplib_version
Libs: $libs
Cflags: -I\${includedir}
PC

curl -fsSL -o "$work/json.tar.xz" \
    "https://github.com/nlohmann/json/releases/download/v${json_version}/json.tar.xz"
tar -xJf "$work/json.tar.xz" -C "$work"
cmake -S "$work/json" -B "$work/json-build" -G Ninja -DJSON_BuildTests=OFF \
    -DCMAKE_INSTALL_PREFIX="$prefix"
cmake --install "$work/json-build"

curl -fsSL -o "$work/sqlite.zip" "https://www.sqlite.org/${sqlite_release}.zip"
(cd "$work" && cmake -E tar xf sqlite.zip)
sqlite_dir=$(echo "$work"/sqlite-amalgamation-*)
cat >"$sqlite_dir/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(sqlite3 C)
add_library(sqlite3 STATIC sqlite3.c)
target_compile_definitions(sqlite3 PRIVATE SQLITE_THREADSAFE=1 SQLITE_OMIT_LOAD_EXTENSION)
install(TARGETS sqlite3 ARCHIVE DESTINATION lib)
install(FILES sqlite3.h sqlite3ext.h DESTINATION include)
CMAKE
cmake -S "$sqlite_dir" -B "$work/sqlite-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$prefix" "$@"
cmake --build "$work/sqlite-build"
cmake --install "$work/sqlite-build"

git clone --quiet --depth 1 --branch "$qtkeychain_version" \
    https://github.com/frankosterfeld/qtkeychain.git "$work/qtkeychain"
cmake -S "$work/qtkeychain" -B "$work/qtkeychain-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_WITH_QT6=ON -DBUILD_TRANSLATIONS=OFF -DBUILD_TEST_APPLICATION=OFF \
    -DBUILD_SHARED_LIBS=OFF -DCMAKE_PREFIX_PATH="${QT_ROOT_DIR:-}" \
    -DCMAKE_INSTALL_PREFIX="$prefix" "$@"
cmake --build "$work/qtkeychain-build"
cmake --install "$work/qtkeychain-build"
