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
#   - CRoaring (Lance's Roaring bitmaps), as a static library on both, built for any CPU of
#     the architecture (not -march=native: the release runs on other machines than the runner).
#   - zstd (values and deletion files Lance compressed), as a static library on both, with a
#     pkg-config file (CMakeLists.txt finds libzstd with pkg_check_modules).
#   - OpenSSL (the server's TLS), zlib and brotli (its answer compression), which CMakeLists.txt
#     requires. On macOS as static universal libraries (OpenSSL built once per architecture and
#     joined with lipo; zlib is the SDK's); on Windows as DLLs, which build-msi.sh puts into the
#     MSI (windows/third-party-dlls.txt names them). Linux runners take Debian's packages.
# Usage: packaging/ci/third-party.sh PREFIX [extra cmake arguments, e.g. the macOS architectures]
# MACOSX_DEPLOYMENT_TARGET (the workflow's) is the oldest macOS the libraries are built for.
set -euo pipefail
prefix=$1
shift
# Debian 12's versions, which the project is tested with.
json_version=3.11.2
httplib_version=0.11.4
qtkeychain_version=0.14.3
sqlite_release=2022/sqlite-amalgamation-3400100 # 3.40.1
# Debian 12 has OpenSSL 3.0 (an LTS series), zlib 1.2.13 and brotli 1.0.9; brotli 1.1.0 is the
# first whose CMake build installs pkg-config files on Windows.
openssl_version=3.0.15
zlib_version=1.3.1
brotli_version=1.1.0
# Debian 12 has CRoaring 0.2.66, whose portable format and the two calls used here
# (roaring_bitmap_portable_deserialize_size and _safe) 4.2.1 keeps; 0.2.66 predates arm64 Macs.
croaring_version=4.2.1
# Debian 12 has zstd 1.5.4 (the data files' per-value and deletion-file compression).
zstd_version=1.5.4
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
pc_prefix=$(cd "$prefix" && { pwd -W 2>/dev/null || pwd; })
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

case "$(uname -s)" in
MINGW* | MSYS* | CYGWIN*) platform=windows ;;
Darwin) platform=macos ;;
*) platform=linux ;;
esac

# Downloads a release archive and prints its checksum, so that a run records what it built.
fetch() { # <url> <file>
    curl -fsSL -o "$2" "$1"
    sha256sum "$2" 2>/dev/null || shasum -a 256 "$2"
}

build_openssl_windows() {
    fetch "https://github.com/openssl/openssl/releases/download/openssl-$openssl_version/openssl-$openssl_version.tar.gz" \
        "$work/openssl.tar.gz"
    tar -xzf "$work/openssl.tar.gz" -C "$work"
    # OpenSSL's Configure needs a Windows perl (Strawberry, on the runner image), not the MSYS
    # one of Git Bash; no-asm spares NASM. nmake comes from the Visual Studio environment.
    local perl=${STRAWBERRY_PERL:-/c/Strawberry/perl/bin/perl.exe}
    (cd "$work/openssl-$openssl_version" \
        && "$perl" Configure VC-WIN64A no-asm no-tests no-docs \
            --prefix="$(cygpath -w "$prefix")" --openssldir="$(cygpath -w "$prefix/ssl")" \
        && nmake && nmake install_sw)
}

build_openssl_macos() {
    fetch "https://github.com/openssl/openssl/releases/download/openssl-$openssl_version/openssl-$openssl_version.tar.gz" \
        "$work/openssl.tar.gz"
    local arch
    for arch in arm64 x86_64; do
        mkdir -p "$work/openssl-$arch"
        tar -xzf "$work/openssl.tar.gz" -C "$work/openssl-$arch" --strip-components 1
        (cd "$work/openssl-$arch" \
            && ./Configure "darwin64-$arch-cc" no-shared no-tests no-docs \
                "-mmacosx-version-min=${MACOSX_DEPLOYMENT_TARGET:?the workflow sets it}" \
                --prefix="$work/openssl-$arch-install" \
            && make -j"$(sysctl -n hw.ncpu)" && make install_sw)
    done
    # The headers are the same for both 64-bit architectures; a difference would make one of
    # them wrong, so it stops the build.
    diff -r "$work/openssl-arm64-install/include" "$work/openssl-x86_64-install/include"
    cp -R "$work/openssl-arm64-install/include/openssl" "$prefix/include/"
    local library
    for library in libssl libcrypto; do
        lipo -create "$work/openssl-arm64-install/lib/$library.a" \
            "$work/openssl-x86_64-install/lib/$library.a" -output "$prefix/lib/$library.a"
    done
}

build_zlib_windows() {
    fetch "https://github.com/madler/zlib/releases/download/v$zlib_version/zlib-$zlib_version.tar.gz" \
        "$work/zlib.tar.gz"
    tar -xzf "$work/zlib.tar.gz" -C "$work"
    # BUILD_SHARED_LIBS names the DLL zlib1.dll, as every Windows build of zlib does.
    cmake -S "$work/zlib-$zlib_version" -B "$work/zlib-build" -G Ninja \
        -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON -DCMAKE_INSTALL_PREFIX="$prefix" "$@"
    cmake --build "$work/zlib-build"
    cmake --install "$work/zlib-build"
}

build_brotli() { # <shared: ON or OFF> [cmake arguments]
    local shared=$1
    shift
    fetch "https://github.com/google/brotli/archive/refs/tags/v$brotli_version.tar.gz" \
        "$work/brotli.tar.gz"
    tar -xzf "$work/brotli.tar.gz" -C "$work"
    cmake -S "$work/brotli-$brotli_version" -B "$work/brotli-build" -G Ninja \
        -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS="$shared" -DBROTLI_DISABLE_TESTS=ON \
        -DCMAKE_INSTALL_PREFIX="$prefix" "$@"
    cmake --build "$work/brotli-build"
    cmake --install "$work/brotli-build"
}

build_croaring() { # [cmake arguments]
    fetch "https://github.com/RoaringBitmap/CRoaring/archive/refs/tags/v$croaring_version.tar.gz" \
        "$work/croaring.tar.gz"
    tar -xzf "$work/croaring.tar.gz" -C "$work"
    cmake -S "$work/CRoaring-$croaring_version" -B "$work/croaring-build" -G Ninja \
        -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DROARING_BUILD_STATIC=ON \
        -DENABLE_ROARING_TESTS=OFF -DROARING_DISABLE_NATIVE=ON -DCMAKE_INSTALL_PREFIX="$prefix" "$@"
    cmake --build "$work/croaring-build"
    cmake --install "$work/croaring-build"
}

build_zstd() { # [cmake arguments]
    fetch "https://github.com/facebook/zstd/archive/refs/tags/v$zstd_version.tar.gz" \
        "$work/zstd.tar.gz"
    tar -xzf "$work/zstd.tar.gz" -C "$work"
    cmake -S "$work/zstd-$zstd_version/build/cmake" -B "$work/zstd-build" -G Ninja \
        -DCMAKE_BUILD_TYPE=Release -DZSTD_BUILD_SHARED=OFF -DZSTD_BUILD_STATIC=ON \
        -DZSTD_BUILD_PROGRAMS=OFF -DZSTD_BUILD_TESTS=OFF -DCMAKE_INSTALL_PREFIX="$prefix" "$@"
    cmake --build "$work/zstd-build"
    cmake --install "$work/zstd-build"
}

case "$platform" in
windows)
    build_croaring "$@"
    build_zstd "$@"
    build_openssl_windows
    build_zlib_windows "$@"
    build_brotli ON "$@"
    # Every DLL the MSI needs from here is where build-msi.sh looks for it.
    while read -r dll; do
        [ -f "$prefix/bin/$dll" ] || { echo "third-party.sh: $prefix/bin/$dll was not built" >&2; exit 1; }
    done < <(grep -v '^#' "$(dirname "$0")/../windows/third-party-dlls.txt")
    ;;
macos)
    build_croaring "$@"
    build_zstd "$@"
    build_openssl_macos
    build_brotli OFF "$@"
    ;;
linux) ;; # Debian's and Ubuntu's packages (libssl-dev, zlib1g-dev, libbrotli-dev, libroaring-dev, libzstd-dev)
esac
