#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the AppImage from a finished build, with Debian's packages and our own runtime
# (runtime/, the lcb-appimage-runtime target of the same build). Nothing is downloaded.
#
# Usage: packaging/appimage/build-appimage.sh BUILD_DIR OUT_DIR VERSION
#   writes OUT_DIR/LanceCatalogBrowser-VERSION-ARCH.AppImage, and leaves the tree it packed
#   in OUT_DIR/AppDir.
# Environment: RUNTIME, the runtime to put in front (default: the one built in BUILD_DIR);
#   ARCH, the name's architecture (default: uname -m).
# Needs: cmake, qtpaths6 (qt6-base-dev-tools), patchelf, mksquashfs (squashfs-tools), ldd.
#
# The AppDir: what `cmake --install` installs under usr/, the Qt plugins the programs load
# without linking them (usr/plugins), every library they and the plugins need except those of
# host-libraries.txt (usr/lib), usr/bin/qt.conf pointing Qt at them, and at the root AppRun
# (which starts the browser, or the command line or server: see AppRun), the .desktop file,
# its icon and .DirIcon. Then the runtime, a zstd squashfs image of the AppDir, and the type 2
# magic at offset 8.
set -euo pipefail

fail() {
    echo "build-appimage: $*" >&2
    exit 1
}

[ $# -eq 3 ] || fail "usage: build-appimage.sh BUILD_DIR OUT_DIR VERSION"
build=$(realpath "$1")
out=$(realpath -m "$2")
version=$3
arch=${ARCH:-$(uname -m)}
here=$(dirname "$(realpath "$0")")
id=io.github.lance_catalog_browser.LanceCatalogBrowser
appdir=$out/AppDir
image=$out/LanceCatalogBrowser-$version-$arch.AppImage
runtime=${RUNTIME:-$build/packaging/appimage/lcb-appimage-runtime}

for tool in cmake qtpaths6 patchelf mksquashfs ldd; do
    command -v "$tool" >/dev/null || fail "$tool is not installed"
done
[ -x "$runtime" ] || fail "no runtime at $runtime: build the lcb-appimage-runtime target" \
    "(it needs libsquashfuse-dev, libfuse3-dev and the static compression libraries)"
# The image goes where the runtime's ELF part ends, which is where the runtime looks for it.
[ "$("$runtime" --appimage-offset)" = "$(stat -c %s "$runtime")" ] \
    || fail "$runtime has data after its ELF part: not a bare runtime"

is_elf() {
    [ "$(head -c 4 "$1" | od -An -tx1 | tr -d ' \n')" = 7f454c46 ]
}

rm -rf "$appdir"
mkdir -p "$out"
started=$SECONDS

# 1. The programs, the desktop file, the metainfo and the icons, as on any install.
DESTDIR=$appdir cmake --install "$build" --prefix /usr --strip >/dev/null
for program in lance-catalog-browser lance-catalog lance-catalog-server; do
    [ -x "$appdir/usr/bin/$program" ] || fail "the install has no usr/bin/$program"
done

# 2. The plugins Qt loads at run time. Without tls/ every HTTPS request fails; without
# platforms/ nothing starts; svg gives the icons; xcbglintegrations, the input contexts and
# the Wayland plugins serve X11 and Wayland desktops.
plugins=$(qtpaths6 --query QT_INSTALL_PLUGINS)
required=(platforms/libqxcb.so platforms/libqoffscreen.so imageformats/libqsvg.so
    iconengines/libqsvgicon.so tls/libqopensslbackend.so tls/libqcertonlybackend.so)
optional=(imageformats/libqico.so imageformats/libqgif.so imageformats/libqjpeg.so
    "$plugins"/xcbglintegrations/*.so "$plugins"/platforminputcontexts/*.so
    "$plugins"/platforms/libqwayland-*.so "$plugins"/wayland-decoration-client/*.so
    "$plugins"/wayland-shell-integration/*.so "$plugins"/wayland-graphics-integration-client/*.so)
for plugin in "${required[@]}"; do
    [ -f "$plugins/$plugin" ] || fail "the Qt plugin $plugins/$plugin is not installed"
done
for plugin in "${required[@]}" "${optional[@]}"; do
    plugin=${plugin#"$plugins"/}
    [ -f "$plugins/$plugin" ] || continue
    mkdir -p "$appdir/usr/plugins/$(dirname "$plugin")"
    cp "$plugins/$plugin" "$appdir/usr/plugins/$plugin"
done

# 3. The libraries: from the programs and plugins down every DT_NEEDED, stopping at the
# host's libraries (and so leaving out what only they need). ldd names the file the build
# machine's loader picks for each soname.
host_libraries=()
while read -r line; do
    line=${line%%#*}
    [ -n "${line// /}" ] && host_libraries+=("${line// /}")
done <"$here/host-libraries.txt"
from_host() {
    local pattern
    for pattern in "${host_libraries[@]}"; do
        # shellcheck disable=SC2053 # the patterns are globs on purpose
        [[ $1 == $pattern ]] && return 0
    done
    return 1
}
mkdir -p "$appdir/usr/lib"
declare -A location=()
queue=("$appdir"/usr/bin/lance-catalog* "$appdir"/usr/plugins/*/*.so)
while [ ${#queue[@]} -gt 0 ]; do
    file=${queue[0]}
    queue=("${queue[@]:1}")
    while read -r soname arrow path _; do
        [ "$arrow" = "=>" ] || continue
        [ "$path" != not ] || from_host "$soname" || fail "$file needs $soname, not installed"
        [ -n "${location[$soname]:-}" ] || location[$soname]=$path
    done < <(ldd "$file")
    for soname in $(patchelf --print-needed "$file"); do
        if from_host "$soname" || [ -e "$appdir/usr/lib/$soname" ]; then
            continue
        fi
        [ -n "${location[$soname]:-}" ] || fail "ldd did not find $soname, needed by $file"
        cp -L "${location[$soname]}" "$appdir/usr/lib/$soname"
        chmod 0644 "$appdir/usr/lib/$soname"
        queue+=("$appdir/usr/lib/$soname")
    done
done

# 4. Each file looks for its libraries beside the bundled ones, first: DT_RPATH, unlike the
# DT_RUNPATH patchelf writes by default, comes before LD_LIBRARY_PATH, so a host setting
# cannot swap in another Qt. $ORIGIN keeps the AppImage relocatable. Whatever the file had
# goes first: the loader ignores DT_RPATH where a DT_RUNPATH is left (CMake leaves an empty
# one in some installed programs).
set_rpath() {
    local rpath=$1 file
    shift
    for file in "$@"; do
        if is_elf "$file"; then
            patchelf --remove-rpath "$file"
            patchelf --force-rpath --set-rpath "$rpath" "$file"
        fi
    done
}
# shellcheck disable=SC2016 # $ORIGIN is for the dynamic loader, not for the shell
origin='$ORIGIN'
set_rpath "$origin/../lib" "$appdir"/usr/bin/*
set_rpath "$origin" "$appdir"/usr/lib/*.so*
set_rpath "$origin/../../lib" "$appdir"/usr/plugins/*/*.so

# 5. Qt finds its plugins relative to the program (all three live in usr/bin).
printf '[Paths]\nPrefix = ../\nPlugins = plugins\n' >"$appdir/usr/bin/qt.conf"

# 6. The root of the AppDir: AppRun, the desktop entry (with the version, as AppImage tools
# show it), its icon, and .DirIcon, which file managers show for the AppImage.
install -m 0755 "$here/AppRun" "$appdir/AppRun"
desktop=$appdir/usr/share/applications/$id.desktop
icon=$appdir/usr/share/icons/hicolor/256x256/apps/$id.png
if [ ! -f "$desktop" ] || [ ! -f "$icon" ]; then
    fail "the install has no $id.desktop or no 256 px icon"
fi
sed "/^\[Desktop Entry\]/a X-AppImage-Version=$version" "$desktop" >"$appdir/$id.desktop"
cp "$icon" "$appdir/$id.png"
ln -s "$id.png" "$appdir/.DirIcon"
prepared=$SECONDS

# 7. The image behind the runtime. -root-owned: files belong to whoever runs it.
rm -f "$image" "$image.squashfs"
mksquashfs "$appdir" "$image.squashfs" -comp zstd -root-owned -noappend -quiet >/dev/null
cat "$runtime" "$image.squashfs" >"$image"
rm -f "$image.squashfs"
printf 'AI\002' | dd of="$image" bs=1 seek=8 conv=notrunc status=none
chmod 0755 "$image"

libraries=$(find "$appdir/usr/lib" -name '*.so*' | wc -l)
echo "Wrote $image: $(($(stat -c %s "$image") / 1048576)) MiB from an AppDir of" \
    "$(($(du -sk "$appdir" | cut -f1) / 1024)) MiB with $libraries libraries" \
    "($((prepared - started)) s to prepare, $((SECONDS - prepared)) s to compress)"
