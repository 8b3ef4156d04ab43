#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes the README's screenshots with the browser's own --screenshot, offscreen, in a fresh
# home folder: the first start (the demo catalog), the versions of a table, the dark palette.
# Usage: scripts/screenshots.sh [BUILD_DIR]   (default build; the browser must be built there)
set -euo pipefail
cd "$(dirname "$0")/.."
browser="${1:-build}/app/browser/lance-catalog-browser"
out=resources/screenshots
home="$(mktemp -d /tmp/lcb-screenshots.XXXXXX)/home/steward"
mkdir -p "$home" "$out"
trap 'rm -rf "$(dirname "$(dirname "$home")")"' EXIT
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config"
export QT_QPA_PLATFORM=offscreen

# The first start, exactly as the README's run command gives it.
"$browser" --screenshot "$out/first-start.png"
# The Versions tab of the same table (the window remembers its tab in the settings).
printf '[MainWindow]\ndetailsTab=1\n' > "$home/versions.ini"
"$browser" --demo --settings "$home/versions.ini" --screenshot "$out/versions.png"
LCB_TEST_PALETTE=dark "$browser" --demo --settings "$home/dark.ini" --screenshot "$out/dark.png"
echo "Wrote $out/first-start.png, $out/versions.png and $out/dark.png"
