#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Release runners only (windows-2022 in .github/workflows/release.yml, Git Bash, MSVC, WiX 3 on
# PATH, the install-qt-action's qmake and windeployqt on PATH): installs the executables, deploys Qt beside them with windeployqt, and builds the MSI
# from lance-catalog-browser.wxs with candle and light. tests/packaging builds the same .wxs
# with wixl on Debian from a tree of stand-ins laid out the same way: bin/ holds the three
# executables, deploy/ everything else.
# Usage: packaging/windows/build-msi.sh BUILD_DIR OUT_DIR VERSION (numeric x.y.z)
# DEPS_DIR: packaging/ci/third-party.sh's prefix, whose bin/ holds the DLLs of OpenSSL, zlib and
# brotli (third-party-dlls.txt), which windeployqt does not know.
set -euo pipefail
build=$1
out=$2
version=$3
here=$(cd "$(dirname "$0")" && pwd)
source=$(cd "$here/../.." && pwd)
rm -rf "$out/stage" "$out/deploy"
mkdir -p "$out"
cmake --install "$build" --prefix "$out/stage"
bin=$out/stage/bin
deploy=$out/deploy
qt_plugins=$(qmake -query QT_INSTALL_PLUGINS)
qt_bin=$(qmake -query QT_INSTALL_BINS)

for exe in lance-catalog-browser lance-catalog lance-catalog-server; do
    windeployqt --release --no-translations --no-compiler-runtime --dir "$deploy" \
        "$bin/$exe.exe"
done
# Plugins the binaries do not link but load: the SVG icon engine and image plugin (every icon
# is an SVG), and the offscreen platform for headless --screenshot.
copy_missing() {
    mkdir -p "$(dirname "$deploy/$2")"
    [ -e "$deploy/$2" ] || cp "$1/$2" "$deploy/$2"
}
copy_missing "$qt_bin" Qt6Svg.dll
copy_missing "$qt_plugins" iconengines/qsvgicon.dll
copy_missing "$qt_plugins" imageformats/qsvg.dll
copy_missing "$qt_plugins" platforms/qoffscreen.dll
while read -r dll; do
    [ -f "${DEPS_DIR:?set DEPS_DIR to third-party.sh\'s prefix}/bin/$dll" ] \
        || { echo "build-msi.sh: $DEPS_DIR/bin/$dll is missing" >&2; exit 1; }
    cp "$DEPS_DIR/bin/$dll" "$deploy/"
done < <(grep -v '^#' "$here/third-party-dlls.txt")
# Everything else the install put beside the executables (the MSVC runtime DLLs of
# InstallRequiredSystemLibraries) goes with the harvested files.
find "$bin" -maxdepth 1 -type f ! -name 'lance-catalog*.exe' -exec mv {} "$deploy/" \;
rm -f "$deploy"/lance-catalog*.exe

cd "$out"
# heat harvests deploy/ into the component group the .wxs references (64-bit through -arch).
heat dir deploy -nologo -cg QtRuntime -dr INSTALLDIR -srd -ag -sfrag -sreg \
    -var var.DeployDir -out qt-runtime.wxs
candle -nologo -arch x64 -dVersion="$version" -dBinDir=stage/bin -dDeployDir=deploy \
    -dIconFile="$source/resources/icons/app/lance-catalog-browser.ico" \
    "$here/lance-catalog-browser.wxs" qt-runtime.wxs
light -nologo -out "LanceCatalogBrowser-$version-x64.msi" lance-catalog-browser.wixobj \
    qt-runtime.wixobj
echo "Wrote $out/LanceCatalogBrowser-$version-x64.msi"
