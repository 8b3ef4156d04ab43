#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The packaging checks that run on Debian 12, one per ctest test (tests/packaging, label
# packaging). A missing tool is a failure, not a skip: scripts/install-deps.sh installs them
# (desktop-file-utils, appstream, dpkg-dev, fakeroot, wixl, msitools).
#
#   check-packaging.sh desktop  <file.desktop>
#   check-packaging.sh metainfo <file.metainfo.xml> <version> <screenshots dir>
#   check-packaging.sh icons    <lcb-app-icons> <svg> <icons dir>
#   check-packaging.sh version  <GitVersion.cmake> <project version> <scratch dir>
#   check-packaging.sh deb      <build dir> <app id> <version> <scratch dir>
#   check-packaging.sh msi      <wxs> <ico> <project version> <scratch dir>
#   check-packaging.sh eol      <source dir> <scratch dir>
set -euo pipefail
# shellcheck source=SCRIPTDIR/check-common.sh
. "$(dirname "$0")/check-common.sh"

check_desktop() {
    need desktop-file-validate
    local file=$1
    # desktop-file-validate prints hints without failing; any output is treated as a finding.
    local out
    out=$(desktop-file-validate "$file" 2>&1) || fail "desktop-file-validate: $out"
    [ -z "$out" ] || fail "desktop-file-validate: $out"
    local id
    id=$(basename "$file" .desktop)
    grep -qx "Icon=$id" "$file" || fail "$file: Icon= must be the app id $id"
    grep -q '^Exec=lance-catalog-browser' "$file" || fail "$file: Exec= is not the browser"
    echo "ok: $file"
}

check_metainfo() {
    need appstreamcli
    local file=$1 version=$2 screenshots=$3
    appstreamcli validate --no-net --explain "$file" || fail "appstreamcli validate: $file"
    local id
    id=$(basename "$file" .metainfo.xml)
    grep -q "<id>$id</id>" "$file" || fail "$file: <id> is not $id (the file name)"
    grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$file" \
        || fail "$file: the launchable is not $id.desktop"
    # Release notes for the version the build carries (the part before any +git metadata).
    grep -q "<release version=\"${version%%+*}\"" "$file" \
        || fail "$file: no <release version=\"${version%%+*}\"> (add the release notes)"
    # Screenshot URLs name files that exist in the repository (checked offline by name).
    local urls=0 url
    while read -r url; do
        urls=$((urls + 1))
        [ -f "$screenshots/$(basename "$url")" ] || fail "$file: $url is not in $screenshots"
    done < <(grep -o 'https://raw.githubusercontent.com/[^<]*/resources/screenshots/[^<]*\.png' \
        "$file")
    [ "$urls" -gt 0 ] || fail "$file: no screenshots"
    echo "ok: $file ($urls screenshots)"
}

check_icons() {
    local tool=$1 svg=$2 dir=$3
    [ -x "$tool" ] || fail "$tool is not built"
    "$tool" check "$svg" "$dir" lance-catalog-browser || fail "the icons in $dir are stale"
    # .ico: ICONDIR (reserved 0, type 1); .icns: the "icns" magic and its own length.
    [ "$(od -An -tx1 -N4 "$dir/lance-catalog-browser.ico" | tr -d ' ')" = 00000100 ] \
        || fail "lance-catalog-browser.ico is not an icon file"
    [ "$(head -c4 "$dir/lance-catalog-browser.icns")" = icns ] \
        || fail "lance-catalog-browser.icns has no icns header"
    local declared actual
    declared=$((16#$(od -An -tx1 -j4 -N4 "$dir/lance-catalog-browser.icns" | tr -d ' ')))
    actual=$(stat -c %s "$dir/lance-catalog-browser.icns")
    [ "$declared" -eq "$actual" ] || fail ".icns declares $declared bytes, has $actual"
    echo "ok: icons in $dir match $svg"
}

# GitVersion.cmake gives the plain project version outside a Git checkout (a tarball), and
# the version plus metadata inside this one.
check_version() {
    need cmake
    local script=$1 project_version=$2 dir=$3
    scratch "$dir"
    mkdir -p "$dir/tarball"
    local out
    out=$(cd "$dir" && cmake -DPROJECT_SOURCE_DIR="$dir/tarball" \
        -DPROJECT_VERSION="$project_version" -P "$script" 2>&1)
    echo "$out" | grep -qx -- "-- Lance Catalog Browser version: $project_version" \
        || fail "outside Git: expected $project_version, got: $out"
    local source
    source=$(cd "$(dirname "$script")/.." && pwd)
    if [ -d "$source/.git" ] && command -v git >/dev/null; then
        out=$(cmake -DPROJECT_SOURCE_DIR="$source" -DPROJECT_VERSION="$project_version" \
            -P "$script" 2>&1)
        echo "$out" | grep -Eqx -- "-- Lance Catalog Browser version: ${project_version//./\\.}(\+([0-9]+\.)?g[0-9a-f]+(\.dirty)?)?" \
            || fail "in Git: unexpected $out"
    fi
    echo "ok: versions"
}

check_deb() {
    need cpack dpkg-deb dpkg-shlibdeps fakeroot
    local build=$1 id=$2 version=$3 dir=$4
    scratch "$dir"
    # Packages what the build made (ctest runs after it). CPack runs the generator's
    # "preinstall" target first, which for Makefiles builds every target; Ninja has none, so
    # naming it keeps the test from building anything, whatever generator the tree uses.
    (cd "$dir" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$dir" \
        -D CPACK_CMAKE_GENERATOR=Ninja >"$dir/cpack.log" 2>&1) \
        || { cat "$dir/cpack.log" >&2; fail "cpack -G DEB"; }
    local deb
    deb=$(find "$dir" -maxdepth 1 -name '*.deb' -print -quit)
    [ -n "$deb" ] || fail "cpack wrote no .deb"
    echo "built $(basename "$deb")"

    local files
    files=$(dpkg-deb -c "$deb" | awk '{print $6}')
    for path in ./usr/bin/lance-catalog-browser ./usr/bin/lance-catalog \
        ./usr/bin/lance-catalog-server \
        "./usr/share/applications/$id.desktop" "./usr/share/metainfo/$id.metainfo.xml" \
        "./usr/share/icons/hicolor/scalable/apps/$id.svg" \
        ./usr/share/doc/lance-catalog-browser/copyright; do
        grep -qxF "$path" <<<"$files" || fail "$(basename "$deb") lacks $path"
    done
    for size in 16 22 24 32 48 64 128 256 512; do
        grep -qxF "./usr/share/icons/hicolor/${size}x${size}/apps/$id.png" <<<"$files" \
            || fail "$(basename "$deb") lacks the ${size}px icon"
    done
    local depends
    depends=$(dpkg-deb -f "$deb" Depends)
    for package in libqt6widgets6 libqt6core6 libqt6network6 qt6-qpa-plugins libqt6svg6 \
        libsqlite3-0; do
        grep -qE "(^|, )$package( |,|$)" <<<"$depends" \
            || fail "Depends lacks $package: $depends"
    done
    [ "$(dpkg-deb -f "$deb" Version)" = "$version" ] \
        || fail "package version $(dpkg-deb -f "$deb" Version), expected $version"

    # Unpacked into a scratch root, the programs run from there and know their version.
    local root=$dir/root
    dpkg -x "$deb" "$root"
    export HOME=$dir/home XDG_CONFIG_HOME=$dir/home/.config XDG_DATA_HOME=$dir/home/.local/share
    export XDG_CACHE_HOME=$dir/home/.cache XDG_RUNTIME_DIR=$dir/runtime
    export QT_QPA_PLATFORM=offscreen QT_QPA_PLATFORMTHEME=
    mkdir -p "$HOME" "$XDG_RUNTIME_DIR"
    chmod 700 "$XDG_RUNTIME_DIR"
    for program in lance-catalog lance-catalog-server lance-catalog-browser; do
        local answer
        answer=$("$root/usr/bin/$program" --version 2>&1) || fail "$program --version: $answer"
        grep -qF -- "$version" <<<"$answer" \
            || fail "$program --version said \"$answer\", not $version"
        echo "$program --version: $answer"
    done
    # Without a profile the browser opens the demo catalog; the screenshot proves it ran.
    local png=$dir/screenshot.png
    timeout 60 "$root/usr/bin/lance-catalog-browser" --screenshot "$png" \
        || fail "lance-catalog-browser --screenshot exited with $?"
    [ -s "$png" ] || fail "no screenshot at $png"
    [ "$(od -An -tx1 -N8 "$png" | tr -d ' ')" = 89504e470d0a1a0a ] || fail "$png is not a PNG"
    echo "ok: $(basename "$deb") ($(stat -c %s "$png") byte screenshot)"
}

# wixl builds the MSI from windows/*.wxs over a staged tree of dummy files named like the real
# ones, as the release workflow lays them out; msiinfo reads it back.
check_msi() {
    need wixl wixl-heat msiinfo
    local wxs=$1 ico=$2 version=$3 dir=$4
    scratch "$dir"
    mkdir -p "$dir/bin" "$dir/deploy/platforms" "$dir/deploy/iconengines" \
        "$dir/deploy/imageformats" "$dir/deploy/tls"
    for exe in lance-catalog-browser lance-catalog lance-catalog-server; do
        echo "stand-in for $exe.exe" >"$dir/bin/$exe.exe"
    done
    for dll in Qt6Core Qt6Gui Qt6Widgets Qt6Network Qt6Svg qt6keychain \
        platforms/qwindows iconengines/qsvgicon imageformats/qsvg tls/qschannelbackend; do
        echo "stand-in for $dll.dll" >"$dir/deploy/$dll.dll"
    done
    # The third-party DLLs build-msi.sh copies from packaging/ci/third-party.sh's prefix.
    local dlls
    dlls=$(grep -v '^#' "$(dirname "$wxs")/third-party-dlls.txt")
    while read -r dll; do
        echo "stand-in for $dll" >"$dir/deploy/$dll"
    done <<<"$dlls"
    cp "$ico" "$dir/app.ico"
    (cd "$dir" && find deploy -type f | sort \
        | wixl-heat -p deploy/ --win64 --component-group QtRuntime --var var.DeployDir \
            --directory-ref INSTALLDIR >qt-runtime.wxs) || fail "wixl-heat"
    (cd "$dir" && wixl -a x64 -D Win64=yes -D Version="$version" -D BinDir=bin \
        -D DeployDir=deploy -D IconFile=app.ico -o lance-catalog-browser.msi \
        "$wxs" qt-runtime.wxs) || fail "wixl could not build the MSI from $wxs"
    local msi=$dir/lance-catalog-browser.msi
    # msiinfo exports tables as tab-separated lines with CRLF endings, after three header lines.
    table() { msiinfo export "$msi" "$1" | tr -d '\r' | tail -n +4; }
    local files
    files=$(table File | cut -f3)
    for name in lance-catalog-browser.exe lance-catalog.exe lance-catalog-server.exe \
        Qt6Widgets.dll qwindows.dll qsvgicon.dll; do
        grep -qxF "$name" <<<"$files" || fail "the MSI lacks $name"
    done
    while read -r name; do
        grep -qxF "$name" <<<"$files" || fail "the MSI lacks $name (windows/third-party-dlls.txt)"
    done <<<"$dlls"
    table Shortcut | cut -f3,5 | grep -qxF $'Lance Catalog Browser\t[INSTALLDIR]lance-catalog-browser.exe' \
        || fail "the MSI has no Start-menu shortcut to the browser"
    table Property | grep -qxF $'ProductVersion\t'"$version" \
        || fail "the MSI's ProductVersion is not $version"
    table Upgrade | grep -q '^{2B0BDF15-33F7-4401-AEA6-DB8AF9134853}' \
        || fail "the MSI's UpgradeCode changed"
    # 256 = msidbComponentAttributes64bit: files go to the 64-bit Program Files.
    local component attributes
    while IFS=$'\t' read -r component _ _ attributes _; do
        (((attributes & 256) != 0)) || fail "the MSI's component $component is 32-bit"
    done < <(table Component)
    echo "ok: $(basename "$msi") ($(grep -c . <<<"$files") files)"
}

# A checkout as a Windows runner makes it (core.autocrlf=true) holds every file byte for byte as
# committed: .gitattributes keeps LF, without which bash fails on the workflow's scripts.
check_eol() {
    need git
    local source=$1 dir=$2
    if ! git -C "$source" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        echo "skip: $source is not a Git checkout"
        exit 77
    fi
    scratch "$dir"
    git -C "$source" -c core.autocrlf=true -c core.eol=crlf checkout-index --all --force \
        --prefix="$dir/tree/" || fail "git checkout-index"
    # Blob ids as committed (the index) and as checked out, symlinks aside.
    local committed=$dir/committed checked=$dir/checked
    git -C "$source" ls-files --stage | awk -F'\t' '$1 !~ /^120000/ {split($1, a, " "); print a[2] "\t" $2}' \
        | sort -t$'\t' -k2 >"$committed"
    # Absolute paths: inside a build tree within the checkout, git resolves relative ones from
    # the checkout's top.
    cut -f2 "$committed" | sed "s|^|$dir/tree/|" | git hash-object --no-filters --stdin-paths \
        | paste - <(cut -f2 "$committed") >"$checked"
    local changed
    changed=$( (diff "$committed" "$checked" || true) | sed -n 's/^> [0-9a-f]*\t//p')
    [ -z "$changed" ] || fail "a Windows checkout changes $(wc -l <<<"$changed") files \
(.gitattributes), such as: $(head -5 <<<"$changed" | paste -sd' ')"
    echo "ok: $(wc -l <"$committed") files check out unchanged with core.autocrlf=true"
}

command=${1:-}
shift || true
case "$command" in
desktop) check_desktop "$@" ;;
metainfo) check_metainfo "$@" ;;
icons) check_icons "$@" ;;
version) check_version "$@" ;;
deb) check_deb "$@" ;;
msi) check_msi "$@" ;;
eol) check_eol "$@" ;;
*) fail "unknown check \"$command\" (desktop, metainfo, icons, version, deb, msi, eol)" ;;
esac
