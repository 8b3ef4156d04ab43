#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Release runners only (ubuntu-22.04 in .github/workflows/release.yml; linuxdeploy is not in
# Debian): installs a build into an AppDir and turns it into an AppImage with linuxdeploy and
# its Qt plugin, then checks it.
# Usage: packaging/appimage/build-appimage.sh BUILD_DIR OUT_DIR VERSION
# QMAKE names the Qt to bundle (the install-qt-action's); ARCH defaults to x86_64.
set -euo pipefail
build=$(realpath "$1")
out=$(realpath -m "$2")
version=$3
arch=${ARCH:-x86_64}
id=io.github.lance_catalog_browser.LanceCatalogBrowser
appdir=$out/AppDir
tools=$out/tools
rm -rf "$appdir"
mkdir -p "$out" "$tools"

DESTDIR="$appdir" cmake --install "$build" --prefix /usr

# linuxdeploy publishes rolling "continuous" builds only; the checksums are printed so a run
# records what it used.
for tool in linuxdeploy/linuxdeploy/linuxdeploy-$arch.AppImage \
    linuxdeploy/linuxdeploy-plugin-qt/linuxdeploy-plugin-qt-$arch.AppImage; do
    file=$tools/$(basename "$tool")
    [ -x "$file" ] || curl -fsSL -o "$file" \
        "https://github.com/${tool%/*}/releases/download/continuous/${tool##*/}"
    chmod +x "$file"
    sha256sum "$file"
done

# Runners have no FUSE: the tools (and the smoke test below) unpack themselves instead.
export APPIMAGE_EXTRACT_AND_RUN=1
# Every icon is an SVG, which the binaries do not link: the svg module brings the icon engine
# and image plugin. The offscreen platform lets the AppImage make --screenshot headless.
export EXTRA_QT_MODULES="svg"
export EXTRA_PLATFORM_PLUGINS="libqoffscreen.so"
export LDAI_OUTPUT="$out/LanceCatalogBrowser-$version-$arch.AppImage"
export OUTPUT="$LDAI_OUTPUT" # older linuxdeploy builds read OUTPUT
"$tools/linuxdeploy-$arch.AppImage" --appdir "$appdir" \
    --desktop-file "$appdir/usr/share/applications/$id.desktop" \
    --icon-file "$appdir/usr/share/icons/hicolor/256x256/apps/$id.png" \
    --executable "$appdir/usr/bin/lance-catalog-browser" \
    --executable "$appdir/usr/bin/lance-catalog" \
    --executable "$appdir/usr/bin/lance-catalog-server" \
    --plugin qt --output appimage
echo "Wrote $LDAI_OUTPUT"
