#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Release runners only (macOS in .github/workflows/release.yml): installs the bundle (the command
# line and the server live in Contents/MacOS beside the browser), deploys Qt into it with
# macdeployqt, signs it, and wraps it in a compressed disk image with an Applications link.
# Usage: packaging/macos/build-dmg.sh BUILD_DIR OUT_DIR VERSION
# Signing: with MACOS_SIGN_IDENTITY (a "Developer ID Application: ..." identity in an unlocked
# keychain) the bundle is signed for the hardened runtime; without it, ad hoc, which Apple
# silicon needs to run binaries macdeployqt changed. Notarization runs when APPLE_ID,
# APPLE_TEAM_ID and APPLE_APP_PASSWORD are set too.
set -euo pipefail
build=$1
out=$2
version=$3
here=$(cd "$(dirname "$0")" && pwd)
stage=$out/stage
rm -rf "$stage"
mkdir -p "$out"
cmake --install "$build" --prefix "$stage"
app=$stage/lance-catalog-browser.app
qt_plugins=$(qmake -query QT_INSTALL_PLUGINS)

macdeployqt "$app" -always-overwrite \
    "-executable=$app/Contents/MacOS/lance-catalog" \
    "-executable=$app/Contents/MacOS/lance-catalog-server"
# The offscreen platform, for headless --screenshot (the smoke test): Qt's plugin finds the
# bundle's frameworks through one more rpath.
mkdir -p "$app/Contents/PlugIns/platforms"
cp "$qt_plugins/platforms/libqoffscreen.dylib" "$app/Contents/PlugIns/platforms/"
install_name_tool -add_rpath @loader_path/../../Frameworks \
    "$app/Contents/PlugIns/platforms/libqoffscreen.dylib"

identity=${MACOS_SIGN_IDENTITY:--}
sign_options=(--force --timestamp --options runtime --entitlements "$here/entitlements.plist")
[ "$identity" = - ] && sign_options=(--force)
# Inside out: plugins and frameworks, the helper executables, then the bundle itself.
find "$app/Contents/PlugIns" "$app/Contents/Frameworks" -type f \( -name '*.dylib' -o -perm +111 \) \
    -exec codesign "${sign_options[@]}" --sign "$identity" {} +
find "$app/Contents/Frameworks" -maxdepth 1 -name '*.framework' \
    -exec codesign "${sign_options[@]}" --sign "$identity" {} +
codesign "${sign_options[@]}" --sign "$identity" "$app/Contents/MacOS/lance-catalog" \
    "$app/Contents/MacOS/lance-catalog-server"
codesign "${sign_options[@]}" --sign "$identity" "$app"
codesign --verify --deep --strict --verbose=2 "$app"

dmg=$out/LanceCatalogBrowser-$version.dmg
root=$out/dmg-root
rm -rf "$root" "$dmg"
mkdir -p "$root"
cp -R "$app" "$root/Lance Catalog Browser.app"
ln -s /Applications "$root/Applications"
hdiutil create -volname "Lance Catalog Browser" -srcfolder "$root" -fs HFS+ -format UDZO \
    -ov "$dmg"
if [ "$identity" != - ]; then
    codesign --force --timestamp --sign "$identity" "$dmg"
    if [ -n "${APPLE_ID:-}" ] && [ -n "${APPLE_TEAM_ID:-}" ] && [ -n "${APPLE_APP_PASSWORD:-}" ]; then
        xcrun notarytool submit "$dmg" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
            --password "$APPLE_APP_PASSWORD" --wait
        xcrun stapler staple "$dmg"
    fi
fi
echo "Wrote $dmg"
