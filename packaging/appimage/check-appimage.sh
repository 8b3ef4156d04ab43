#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The AppImage checks, one per ctest test (tests/packaging/AppImage.cmake, label packaging). The
# first packs what the build made into DIR with build-appimage.sh (it builds nothing); the
# others check that image. They run as root on Debian 12 (CI and development containers alike):
# they mount FUSE and make private mount namespaces (unshare -m) in which the host's Qt
# libraries and plugins, or /dev/fuse, are hidden behind bind mounts. A missing tool is a
# failure, not a skip (scripts/install-deps.sh installs them all).
#
#   check-appimage.sh build      DIR VERSION BUILD_DIR RUNTIME
#   check-appimage.sh contents   DIR VERSION INSPECT HOST_LIBRARIES
#   check-appimage.sh fuse       DIR VERSION SMOKE_TEST     (the smoke test through FUSE)
#   check-appimage.sh extract    DIR VERSION SMOKE_TEST     (from --appimage-extract's tree)
#   check-appimage.sh extract-and-run DIR VERSION SMOKE_TEST
#   check-appimage.sh https      DIR VERSION                (its CLI to its server, over TLS)
#   check-appimage.sh signals    DIR VERSION                (SIGTERM through the runtime)
#   check-appimage.sh no-fuse    DIR VERSION                (the message without FUSE)
#
# DIR holds the AppImage (LanceCatalogBrowser-VERSION-ARCH.AppImage) and its AppDir; each check
# works in a folder of its own inside it.
set -euo pipefail
# shellcheck source=SCRIPTDIR/../check-common.sh
. "$(dirname "$0")/../check-common.sh"

# Runtimes started in the background, ended on any exit: a check that fails half-way leaves
# no server running and no image mounted (SIGTERM reaches the program and unmounts).
started=()
end_started() {
    local pid
    for pid in "${started[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    for pid in "${started[@]}"; do
        for _ in $(seq 100); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null || true
    done
}
trap end_started EXIT

# Mounting FUSE without fusermount3 and making mount namespaces both need root.
need_root() {
    [ "$(id -u)" = 0 ] || fail "the AppImage checks run as root (FUSE mounts, mount namespaces)"
}

id=io.github.lance_catalog_browser.LanceCatalogBrowser
self=$(realpath "$0")

# Seconds, to the millisecond, for the timings printed.
now() {
    date +%s.%N
}
since() {
    awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f", end - start }'
}

# Runs the rest of the command line in a private mount namespace where the host's Qt cannot
# be loaded: every libQt6* file reads as /dev/null and Qt's plugin folder is empty. Only what
# the AppImage carries can then make a Qt program start. With HIDE_FUSE=1, /dev/fuse is
# /dev/null too, as on a machine without FUSE.
isolated() {
    need_root
    need unshare mount qtpaths6
    unshare --mount --propagation private "$self" _isolated "$@"
}

enter_isolation() {
    local plugins library hidden=0
    plugins=$(qtpaths6 --query QT_INSTALL_PLUGINS)
    while read -r library; do
        mount --bind /dev/null "$library"
        hidden=$((hidden + 1))
    done < <(find /usr/lib /usr/lib64 /usr/local/lib -name 'libQt6*' -type f 2>/dev/null)
    [ "$hidden" -gt 0 ] || fail "found no host Qt library to hide"
    mount -t tmpfs -o ro,size=1m none "$plugins"
    if [ "${HIDE_FUSE:-0}" = 1 ]; then
        mount --bind /dev/null /dev/fuse
    fi
    # The control: a program of the host's Qt cannot start any more.
    if qtpaths6 --query QT_VERSION >/dev/null 2>&1; then
        fail "the host's Qt still loads after hiding it"
    fi
    echo "isolated: $hidden host libQt6* files and $plugins hidden${HIDE_FUSE:+, /dev/fuse too}"
    exec "$self" "$@"
}

# The image of DIR, which `build` wrote.
image_of() {
    local image
    image=$1/LanceCatalogBrowser-$2-$(uname -m).AppImage
    [ -x "$image" ] || fail "no AppImage at $image (the AppImageBuild test makes it)"
    echo "$image"
}

# A home and temporary folder of their own for the programs, and the offscreen platform, so
# that runs leave nothing behind and need no display. TMPDIR also receives the runtime's
# mount points and extractions: it must be empty again after each run.
private_environment() {
    local dir=$1
    scratch "$dir/home"
    scratch "$dir/tmp"
    mkdir -p "$dir/home/runtime"
    chmod 700 "$dir/home/runtime"
    export HOME=$dir/home XDG_CONFIG_HOME=$dir/home/.config XDG_DATA_HOME=$dir/home/.local/share
    export XDG_CACHE_HOME=$dir/home/.cache XDG_RUNTIME_DIR=$dir/home/runtime TMPDIR=$dir/tmp
    export QT_QPA_PLATFORM=offscreen QT_QPA_PLATFORMTHEME=
    # A host setting must not change what is tested: the runtime picks the mode from it.
    unset APPIMAGE_EXTRACT_AND_RUN
}

expect_clean_tmp() {
    local left
    left=$(find "$TMPDIR" -mindepth 1 -maxdepth 1 -name '.mount_*' -o -mindepth 1 -maxdepth 1 \
        -name '.extracted_*')
    [ -z "$left" ] || fail "the runtime left $left behind"
    if grep -q " $TMPDIR/" /proc/mounts; then
        fail "a mount below $TMPDIR is left: $(grep " $TMPDIR/" /proc/mounts)"
    fi
}

check_build() {
    local dir=$1 version=$2 build=$3 runtime=$4
    [[ -n $runtime && -x $runtime ]] \
        || fail "the AppImage runtime (lcb-appimage-runtime) is not built: it needs" \
            "libsquashfuse-dev libfuse3-dev libzstd-dev liblzma-dev liblz4-dev zlib1g-dev"
    need cmake qtpaths6 patchelf mksquashfs ldd
    # A runtime killed outright (SIGKILL) leaves its mount behind, which no rm can remove.
    local mount
    while read -r _ mount _; do
        case "$mount" in "$dir"/*) umount -l "$mount" ;; esac
    done </proc/mounts
    scratch "$dir"
    local start
    start=$(now)
    RUNTIME=$runtime "$(dirname "$self")/build-appimage.sh" "$build" "$dir" "$version"
    echo "ok: built in $(since "$start") s"
}

check_contents() {
    local dir=$1 version=$2 inspect=$3 host_list=$4
    need unsquashfs objdump desktop-file-validate
    [ -x "$inspect" ] || fail "lcb-appimage-inspect is not built: it needs libappimage-dev"
    local image appdir
    image=$(image_of "$dir" "$version")
    appdir=$dir/AppDir

    # The format: the magic, then an independent reader's verdict (libappimage), which must
    # find the image where our runtime does and where unsquashfs can read it.
    [ "$(od -An -tx1 -j8 -N3 "$image" | tr -d ' \n')" = 414902 ] \
        || fail "no AppImage type 2 magic (41 49 02) at offset 8"
    local facts offset
    facts=$("$inspect" "$image") || fail "libappimage cannot read $image: $facts"
    grep -qx 'type 2' <<<"$facts" || fail "libappimage says: $(head -n 1 <<<"$facts")"
    offset=$("$image" --appimage-offset)
    grep -qx "offset $offset" <<<"$facts" \
        || fail "the runtime says the image is at $offset, libappimage: $(grep offset <<<"$facts")"
    local listed squashfs
    listed=$(sed -n 's/^file //p' <<<"$facts" | sort -u)
    squashfs=$(unsquashfs -o "$offset" -l "$image" | sed -n 's|^squashfs-root/||p' | sort -u)
    [ "$listed" = "$squashfs" ] \
        || fail "libappimage and unsquashfs list different files: $(diff <(echo "$listed") \
            <(echo "$squashfs") | head -n 20)"
    echo "ok: type 2, image at $offset, $(wc -l <<<"$listed") entries"
    # The ELF checks below read the AppDir build-appimage.sh left: it must be what was packed.
    [ "$(cd "$appdir" && find . -mindepth 1 | sed 's|^\./||' | sort -u)" = "$listed" ] \
        || fail "$appdir does not hold what the AppImage holds"

    local path
    for path in AppRun .DirIcon "$id.desktop" "$id.png" usr/bin/lance-catalog-browser \
        usr/bin/lance-catalog usr/bin/lance-catalog-server usr/bin/qt.conf \
        usr/lib/libQt6Core.so.6 usr/lib/libQt6Widgets.so.6 usr/lib/libQt6Network.so.6 \
        usr/plugins/platforms/libqoffscreen.so usr/plugins/platforms/libqxcb.so \
        usr/plugins/tls/libqopensslbackend.so usr/plugins/tls/libqcertonlybackend.so \
        usr/plugins/imageformats/libqsvg.so usr/plugins/iconengines/libqsvgicon.so \
        "usr/share/icons/hicolor/256x256/apps/$id.png" "usr/share/metainfo/$id.metainfo.xml"; do
        grep -qxF "$path" <<<"$listed" || fail "the AppImage lacks $path"
    done
    [ "$(grep -c '^[^/]*\.desktop$' <<<"$listed")" = 1 ] \
        || fail "the AppImage's root must hold exactly one .desktop file"
    desktop-file-validate "$appdir/$id.desktop" || fail "the root .desktop file is not valid"

    # What the host provides stays out, and everything else the bundled files need is in.
    local patterns=() line
    while read -r line; do
        line=${line%%#*}
        [ -n "${line// /}" ] && patterns+=("${line// /}")
    done <"$host_list"
    local name pattern bundled=0
    while read -r path; do
        name=${path##*/}
        bundled=$((bundled + 1))
        for pattern in "${patterns[@]}"; do
            # shellcheck disable=SC2053 # the patterns are globs on purpose
            [[ $name == $pattern ]] && fail "the AppImage carries $path, a host library"
        done
    done < <(grep '^usr/lib/[^/]*\.so' <<<"$listed")
    for name in libc.so.6 libstdc++.so.6 libgcc_s.so.1 libGL.so.1 libxcb.so.1 libfontconfig.so.1; do
        grep -q "/$name\$" <<<"$listed" && fail "the AppImage carries $name"
    done
    # One pass over every ELF file: what it needs is bundled or the host's, it finds the
    # bundled libraries first (DT_RPATH; the loader ignores it when a DT_RUNPATH is there too),
    # and the glibc and libstdc++ symbol versions it asks of the host.
    local file dynamic needed rpath expected versions=""
    # shellcheck disable=SC2016 # $ORIGIN is for the dynamic loader, not for the shell
    while read -r file; do
        if [ "$(head -c 4 "$file" | od -An -tx1 | tr -d ' \n')" != 7f454c46 ]; then
            continue
        fi
        dynamic=$(objdump -p "$file")
        while read -r needed; do
            [ -e "$appdir/usr/lib/$needed" ] && continue
            local from_host=0
            for pattern in "${patterns[@]}"; do
                # shellcheck disable=SC2053 # the patterns are globs on purpose
                [[ $needed == $pattern ]] && from_host=1
            done
            [ "$from_host" = 1 ] || fail "${file#"$appdir"/} needs $needed, which is not bundled"
        done < <(awk '$1 == "NEEDED" { print $2 }' <<<"$dynamic")
        case $file in
        "$appdir"/usr/bin/*) expected='$ORIGIN/../lib' ;;
        "$appdir"/usr/lib/*) expected='$ORIGIN' ;;
        *) expected='$ORIGIN/../../lib' ;;
        esac
        rpath=$(awk '$1 == "RPATH" { print $2 }' <<<"$dynamic")
        [ "$rpath" = "$expected" ] || fail "${file#"$appdir"/} has the DT_RPATH '$rpath'"
        ! grep -q '^ *RUNPATH ' <<<"$dynamic" || fail "${file#"$appdir"/} has a DT_RUNPATH"
        versions+=$(objdump -T "$file" | awk '/\*UND\*/' | grep -oE 'GLIBC(XX)?_[0-9][0-9.]*' \
            || true)$'\n'
    done < <(find "$appdir/usr/bin" "$appdir/usr/lib" "$appdir/usr/plugins" -type f)
    echo "ok: $bundled bundled libraries, none of the host's, none missing; rpaths set"

    local glibc glibcxx gcc
    glibc=$(grep '^GLIBC_' <<<"$versions" | sort -uV | tail -n 1)
    glibcxx=$(grep '^GLIBCXX_' <<<"$versions" | sort -uV | tail -n 1)
    # The GCC release whose libstdc++ first defines each symbol version (GCC's ABI manual).
    case $glibcxx in
    GLIBCXX_3.4.28) gcc=10 ;;
    GLIBCXX_3.4.29) gcc=11 ;;
    GLIBCXX_3.4.30) gcc=12 ;;
    GLIBCXX_3.4.31) gcc=13 ;;
    GLIBCXX_3.4.32) gcc=13.2 ;;
    GLIBCXX_3.4.33) gcc=14 ;;
    *) gcc="the one defining $glibcxx" ;;
    esac
    echo "ok: needs $glibc and $glibcxx: runs on hosts with glibc ≥ ${glibc#GLIBC_} and" \
        "libstdc++ from GCC ≥ $gcc"
    echo "ok: $(($(stat -c %s "$image") / 1048576)) MiB AppImage, AppDir of" \
        "$(($(du -sk "$appdir" | cut -f1) / 1024)) MiB"
}

# Symlinks named lance-catalog and lance-catalog-server to `target`, in a folder with spaces
# in its name; AppRun picks the program by the name it was called by. Prints the folder.
program_links() {
    local target=$1 links="$2/links with spaces"
    mkdir -p "$links"
    ln -s "$target" "$links/lance-catalog"
    ln -s "$target" "$links/lance-catalog-server"
    echo "$links"
}

# smoke-test.sh with the three programs reached through the AppImage in three ways. It sets
# APPIMAGE_EXTRACT_AND_RUN=1 for packages that cannot mount; the FUSE run's wrappers take it
# away again.
check_fuse() {
    local dir=$1 version=$2 smoke=$3 image
    image=$(image_of "$dir" "$version")
    local work="$dir/fuse"
    scratch "$work"
    private_environment "$work"
    local wrappers="$work/programs with spaces"
    mkdir -p "$wrappers"
    local program
    for program in lance-catalog lance-catalog-server lance-catalog-browser; do
        printf '#!/bin/sh\nexec env -u APPIMAGE_EXTRACT_AND_RUN "%s" %s "$@"\n' "$image" \
            "$program" >"$wrappers/$program"
        chmod +x "$wrappers/$program"
    done
    smoke "$work" "$version" "$smoke" "$wrappers/lance-catalog-browser" \
        "$wrappers/lance-catalog" "$wrappers/lance-catalog-server"
}

check_extract() {
    local dir=$1 version=$2 smoke=$3 image
    image=$(image_of "$dir" "$version")
    local work="$dir/extract"
    scratch "$work"
    private_environment "$work"
    (cd "$work" && "$image" --appimage-extract >extract.log) || fail "--appimage-extract"
    local root=$work/squashfs-root
    [[ -x $root/AppRun && -x $root/usr/bin/lance-catalog ]] || fail "no programs in $root"
    [ -L "$root/.DirIcon" ] || fail "the symlink .DirIcon became a file"
    [ "$(stat -c %a "$root/usr/bin/lance-catalog-server")" = 755 ] \
        || fail "usr/bin/lance-catalog-server lost its permissions"
    cmp -s "$root/usr/lib/libQt6Core.so.6" "$dir/AppDir/usr/lib/libQt6Core.so.6" \
        || fail "the extracted libQt6Core.so.6 differs from the packed one"
    echo "ok: extracted $(wc -l <"$work/extract.log") entries"
    # Extracting again over the tree replaces it; a pattern takes only what it names.
    (cd "$work" && "$image" --appimage-extract >/dev/null) || fail "--appimage-extract twice"
    mkdir "$work/pattern"
    (cd "$work/pattern" && "$image" --appimage-extract 'usr/plugins/tls' >/dev/null) \
        || fail "--appimage-extract usr/plugins/tls"
    [[ -f $work/pattern/squashfs-root/usr/plugins/tls/libqopensslbackend.so
        && ! -e $work/pattern/squashfs-root/usr/bin ]] \
        || fail "--appimage-extract usr/plugins/tls took $(find "$work/pattern" | head)"
    # Symlinks named after the programs reach them through AppRun ($0's name).
    local links
    links=$(program_links "$root/AppRun" "$work")
    smoke "$work" "$version" "$smoke" "$root/AppRun" "$links/lance-catalog" \
        "$links/lance-catalog-server"
}

check_extract_and_run() {
    local dir=$1 version=$2 smoke=$3 image
    image=$(image_of "$dir" "$version")
    local work="$dir/extract-and-run"
    scratch "$work"
    private_environment "$work"
    # Symlinks to the AppImage named after the programs: AppRun picks by ARGV0.
    local links
    links=$(program_links "$image" "$work")
    # smoke-test.sh sets APPIMAGE_EXTRACT_AND_RUN=1 itself.
    smoke "$work" "$version" "$smoke" "$image" "$links/lance-catalog" \
        "$links/lance-catalog-server"
    # The option form, which AppRun must not see.
    local answer
    answer=$(timeout 60 "$image" --appimage-extract-and-run lance-catalog --version 2>&1) \
        || fail "--appimage-extract-and-run lance-catalog --version: $answer"
    grep -qF -- "$version" <<<"$answer" || fail "--appimage-extract-and-run said $answer"
    expect_clean_tmp
    echo "ok: --appimage-extract-and-run: $answer"
}

# smoke-test.sh, after checking that each of BROWSER CLI SERVER is the program it stands for
# (all three answer --version with the same version, so that alone would not tell).
smoke() {
    local work=$1 version=$2 smoke=$3 start
    shift 3
    local program names=(lance-catalog-browser lance-catalog lance-catalog-server) index=0 answer
    for program in "$@"; do
        answer=$(cd "$work" && timeout 60 "$program" --version 2>&1) \
            || fail "$program --version: $answer"
        [[ $answer == "${names[index]} "* ]] \
            || fail "$program started another program than ${names[index]}: $answer"
        index=$((index + 1))
    done
    start=$(now)
    (cd "$work" && SMOKE_SCREENSHOT="$work/screenshot.png" timeout 120 "$smoke" "$version" "$@") \
        || fail "the smoke test failed (status $?)"
    expect_clean_tmp
    echo "ok: smoke test in $(since "$start") s"
}

# Waits for the server started through the runtime to say where it listens; prints the URL.
listening_url() {
    local output=$1 runtime=$2
    for _ in $(seq 300); do
        if grep -q '^Listening on ' "$output"; then
            sed -n 's/^Listening on //p' "$output"
            return 0
        fi
        kill -0 "$runtime" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# Ends the runtime (a background job of this shell) with `signal` and waits at most 20 s for
# it; its exit status goes to stopped_status. Not in a subshell: only this shell can wait.
stop_runtime() {
    local runtime=$1 signal=$2
    kill "-$signal" "$runtime"
    for _ in $(seq 200); do
        kill -0 "$runtime" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$runtime" 2>/dev/null; then
        kill -KILL "$runtime"
        fail "the runtime did not end within 20 s of SIG$signal"
    fi
    stopped_status=0
    wait "$runtime" || stopped_status=$?
}

make_certificates() {
    local dir=$1
    need openssl
    mkdir -p "$dir"
    (
        cd "$dir"
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout ca.key \
            -out ca.pem -days 2 -subj "/CN=Lance Catalog Browser AppImage test CA" \
            -addext basicConstraints=critical,CA:TRUE \
            -addext keyUsage=critical,keyCertSign,cRLSign
        openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout server.key \
            -out server.csr -subj "/CN=lance-catalog-server AppImage test"
        printf '%s\n' basicConstraints=critical,CA:FALSE \
            keyUsage=critical,digitalSignature,keyEncipherment extendedKeyUsage=serverAuth \
            subjectAltName=IP:127.0.0.1,DNS:localhost >server.ext
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
            -out server.pem -days 2 -extfile server.ext
        rm ca.key
    ) >"$dir/openssl.log" 2>&1 || fail "openssl: $(cat "$dir/openssl.log")"
}

# The server through FUSE, the command line through --appimage-extract-and-run: the CLI
# trusts the CA given with --ca-file (which needs the bundled tls/ plugin and OpenSSL) and
# refuses the server without it.
check_https() {
    local dir=$1 version=$2 image
    image=$(image_of "$dir" "$version")
    local work="$dir/https"
    scratch "$work"
    private_environment "$work"
    make_certificates "$work/certs"
    "$image" lance-catalog-server --root "$work/catalog" --port 0 --quiet \
        --tls-cert "$work/certs/server.pem" --tls-key "$work/certs/server.key" \
        >"$work/server.out" 2>"$work/server.err" &
    local runtime=$! url
    started+=("$runtime")
    url=$(listening_url "$work/server.out" "$runtime") \
        || fail "the server did not start: $(cat "$work/server.err")"
    [[ $url == https://* ]] || fail "the server listens on $url, not HTTPS"
    local answer status=0
    answer=$(timeout 60 "$image" --appimage-extract-and-run lance-catalog --url "$url" \
        --ca-file "$work/certs/ca.pem" namespaces 2>&1) || status=$?
    [ "$status" = 0 ] || fail "lance-catalog namespaces over HTTPS exited with $status: $answer"
    echo "ok: lance-catalog --url $url --ca-file ca.pem namespaces"
    status=0
    answer=$(timeout 60 "$image" lance-catalog --url "$url" namespaces 2>&1) || status=$?
    # 4: "no answer: network, TLS or timeout" (lance-catalog --help).
    [ "$status" = 4 ] || fail "without the CA the CLI exited with $status, not 4: $answer"
    echo "ok: without --ca-file refused: $answer"
    stop_runtime "$runtime" TERM
    [ "$stopped_status" = 0 ] || fail "the server exited with $stopped_status after SIGTERM"
    expect_clean_tmp
}

# One signal to the runtime running the server, in one mode; then the server must be gone,
# and so must its mount or extracted folder. `expected` is the runtime's exit status.
signal_run() {
    local work=$1 image=$2 mode=$3 signal=$4 expected=$5
    local out="$work/$mode-$signal"
    if [ "$mode" = extract-and-run ]; then
        APPIMAGE_EXTRACT_AND_RUN=1 "$image" lance-catalog-server --root "$work/catalog" \
            --port 0 --quiet >"$out.out" 2>"$out.err" &
    else
        "$image" lance-catalog-server --root "$work/catalog" --port 0 --quiet \
            >"$out.out" 2>"$out.err" &
    fi
    local runtime=$!
    started+=("$runtime")
    listening_url "$out.out" "$runtime" >/dev/null \
        || fail "$mode: the server did not start: $(cat "$out.err")"
    local server appdir
    server=$(cat "/proc/$runtime/task/$runtime/children")
    server=${server%% *}
    [ -n "$server" ] || fail "$mode: the runtime has no child"
    local environment
    environment=$(tr '\0' '\n' <"/proc/$server/environ")
    appdir=$(sed -n 's/^APPDIR=//p' <<<"$environment")
    [[ -n $appdir && -d $appdir ]] || fail "$mode: the server has no APPDIR"
    # What the runtime tells the program about its start: the image, the name it was called
    # by, and the folder it was started in.
    [ "$(sed -n 's/^APPIMAGE=//p' <<<"$environment")" = "$(realpath "$image")" ] \
        || fail "$mode: APPIMAGE is not $(realpath "$image")"
    [ "$(sed -n 's/^ARGV0=//p' <<<"$environment")" = "$image" ] \
        || fail "$mode: ARGV0 is not $image"
    [ "$(sed -n 's/^OWD=//p' <<<"$environment")" = "$PWD" ] || fail "$mode: OWD is not $PWD"
    [ "$(readlink "/proc/$server/exe")" = "$appdir/usr/bin/lance-catalog-server" ] \
        || fail "$mode: the runtime's child is $(readlink "/proc/$server/exe")"
    grep -q " $appdir/usr/lib/libQt6Core.so.6\$" "/proc/$server/maps" \
        || fail "$mode: the server did not load the bundled libQt6Core"
    if [ "$mode" = fuse ]; then
        grep -q " $appdir fuse.appimage " /proc/mounts || fail "fuse: $appdir is not a FUSE mount"
    else
        grep -q " $appdir " /proc/mounts && fail "extract-and-run: $appdir is a mount"
    fi
    stop_runtime "$runtime" "$signal"
    [ "$stopped_status" = "$expected" ] || fail "$mode: after SIG$signal the runtime exited" \
        "with $stopped_status, expected $expected"
    ! kill -0 "$server" 2>/dev/null || fail "$mode: the server ($server) still runs"
    [ ! -e "$appdir" ] || fail "$mode: $appdir is still there"
    ! grep -q " $appdir " /proc/mounts || fail "$mode: $appdir is still mounted"
    expect_clean_tmp
    echo "ok: $mode: SIG$signal reached the server; the runtime exited with $stopped_status," \
        "$appdir is gone"
}

check_signals() {
    need_root
    local dir=$1 version=$2 image
    image=$(image_of "$dir" "$version")
    local work="$dir/signals"
    scratch "$work"
    private_environment "$work"
    # The server ends cleanly on SIGTERM (status 0). It has no handler for SIGUSR1, which so
    # ends it: the runtime then reports 128 + 10, as a shell would.
    signal_run "$work" "$image" fuse TERM 0
    signal_run "$work" "$image" extract-and-run TERM 0
    signal_run "$work" "$image" fuse USR1 138
    signal_run "$work" "$image" extract-and-run USR1 138
}

check_no_fuse() {
    local dir=$1 version=$2 image
    image=$(image_of "$dir" "$version")
    local work="$dir/no-fuse"
    scratch "$work"
    private_environment "$work"
    local answer status=0
    answer=$(timeout 60 "$image" lance-catalog --version 2>&1) || status=$?
    [ "$status" != 0 ] || fail "without /dev/fuse the AppImage ran: $answer"
    [ "$status" != 124 ] || fail "without /dev/fuse the AppImage hung"
    grep -qF -- --appimage-extract-and-run <<<"$answer" \
        || fail "without /dev/fuse the message does not name --appimage-extract-and-run: $answer"
    expect_clean_tmp
    echo "ok: without FUSE (status $status): $answer"
    answer=$(timeout 60 "$image" --appimage-extract-and-run lance-catalog --version 2>&1) \
        || fail "--appimage-extract-and-run without FUSE: $answer"
    echo "ok: and --appimage-extract-and-run works: $answer"
}

command=${1:-}
shift || true
case "$command" in
build) check_build "$@" ;;
contents) check_contents "$@" ;;
fuse) isolated fuse-run "$@" ;;
extract) isolated extract-tree "$@" ;;
extract-and-run) isolated extract-run "$@" ;;
https) isolated https-run "$@" ;;
signals) check_signals "$@" ;;
no-fuse) HIDE_FUSE=1 isolated no-fuse-run "$@" ;;
# Inside the namespace that isolated() made:
_isolated) enter_isolation "$@" ;;
fuse-run) check_fuse "$@" ;;
extract-tree) check_extract "$@" ;;
extract-run) check_extract_and_run "$@" ;;
https-run) check_https "$@" ;;
no-fuse-run) check_no_fuse "$@" ;;
*) fail "unknown check \"$command\" (build, contents, fuse, extract, extract-and-run, https," \
    "signals, no-fuse)" ;;
esac
