#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes the README's screenshots with the browser's own --screenshot, offscreen, in a fresh
# home folder: the first start (the demo catalog), the versions of a table, the dark palette,
# and staged work drawn over the tree and the versions.
# Usage: scripts/screenshots.sh [BUILD_DIR]   (default build; the browser must be built there)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
browser="$build/app/browser/lance-catalog-browser"
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

# Staged work, as the journal brings it back at the next start: the same file the browser
# writes after every change (<AppDataLocation>/staged/<name>.<sha-256 of the key>.json; a
# local catalog's key is its folder). Chosen so the window shows every mark at once: the table
# it opens on (hr$contractors) has versions 1-2 staged for deletion and version 4 for creation,
# in the Versions tab; hr notes the table staged to be declared in it; hr$people is struck out.
profile="local:$XDG_DATA_HOME/lance-catalog-browser/demo"
staged="$XDG_DATA_HOME/LanceCatalogBrowser/lance-catalog-browser/staged"
mkdir -p "$staged"
hash="$(printf '%s' "$profile" | sha256sum | cut -c1-16)"
readable="$(printf '%s' "$profile" | tr -cd 'A-Za-z0-9_-' | cut -c1-40)"
cat > "$staged/$readable.$hash.json" <<JSON
{"format": "lance-catalog-browser/staged", "version": 1, "profile": "$profile",
 "delimiter": "\$", "savedAt": "2026-11-29T12:00:00.000Z", "request": {"operations": [
  {"declare_table": {"id": ["hr", "interns"], "properties": {"owner": "hr-data"}}},
  {"delete_table_versions": {"id": ["hr", "contractors"],
                             "ranges": [{"start_version": 1, "end_version": 3}]}},
  {"create_table_version": {"id": ["hr", "contractors"], "version": 4,
                            "manifest_path": "lake/hr/contractors.lance/_versions/4.manifest"}},
  {"deregister_table": {"id": ["hr", "people"]}}
 ]}}
JSON
printf '[MainWindow]\ndetailsTab=1\n' > "$home/staged.ini"
"$browser" --demo --settings "$home/staged.ini" --screenshot "$out/staged.png"

# Registering what a writer produced: a table declared at the writer's dataset with versions
# 1-2, then the browser started with the new manifest (version 3) on its command line, which
# registers it as a drop on the table does. Also the result of a drag and drop.
cli="$build/app/cli/lance-catalog"
lake="$home/lake" writer="$home/writer/people.lance"
mkdir -p "$lake" "$(dirname "$writer")"
cp -r resources/demo/orders.lance "$lake/" # registered when the catalog first opens
cp -r resources/demo/people.lance "$writer"
cat > "$home/writer.json" <<JSON
{"operations": [
  {"declare_table": {"id": ["people"], "location": "$writer"}},
  {"create_table_version": {"id": ["people"], "version": 1,
                            "manifest_path": "$writer/_versions/18446744073709551614.manifest"}},
  {"create_table_version": {"id": ["people"], "version": 2,
                            "manifest_path": "$writer/_versions/18446744073709551613.manifest"}}
]}
JSON
"$cli" --local "$lake" commit "$home/writer.json" > /dev/null
"$browser" --local "$lake" --settings "$home/versions.ini" --screenshot "$out/registered.png" \
    "$writer/_versions/18446744073709551612.manifest"

# A drag in progress: the manifests of a writer's copy of people.lance held over the Versions
# tab. A drag needs a pointer, which the offscreen platform lacks, so tests/DropScreenshot sends
# the drag events to the real window as the tests do (built with the tests).
"$build/tests/app/browser/DropScreenshot" "$out/dragging.png"
# The window's tests are classes of one program (built with the tests): `<program> <Class>`.
window_tests="$build/tests/app/browser/tests_app_browser"
# The window on a small screen, 1024 x 700, as its layout test leaves it.
LCB_SCREENSHOT_DIR="$PWD/$out" "$window_tests" TestSmallScreen > /dev/null
# A real LanceDB table's schema, what each version holds, two versions compared and a dropped
# manifest staged as a version, as their test leaves them.
LCB_SCREENSHOT_DIR="$PWD/$out" "$window_tests" TestTableContents > /dev/null
# A restore of version 1 staged on LanceDB's people, and the History after its commit, as
# their test leaves them.
LCB_SCREENSHOT_DIR="$PWD/$out" "$window_tests" TestRestoreVersion \
    restoreIsStagedReviewedAndCommitted > /dev/null
# A rename staged beside a batch, listed apart from it, as its test leaves it.
LCB_SCREENSHOT_DIR="$PWD/$out" "$window_tests" TestRenameTable \
    aRenameIsStagedApartAndAppliedAfterTheBatch > /dev/null
# The Rows tab on LanceDB's types table, as its test leaves it (the catalog's tests).
LCB_SCREENSHOT_DIR="$PWD/$out" "$build/tests/ui/catalog/tests_ui_catalog" TestRowsTab \
    rowsAreReadWhenTheTabIsShownAndPagedAsItScrolls aConditionReadsOnlyTheRowsThatMeetIt \
    > /dev/null
# The commit review of a delete of people's latest version: what it holds, and the rows only it
# holds, read from LanceDB's data file (the commit's tests).
LCB_SCREENSHOT_DIR="$PWD/$out" "$build/tests/ui/commit/tests_ui_commit" TestCommitController \
    warningsAreAlwaysReviewed > /dev/null
# The branch selector on a table LanceDB branched, as its test leaves it.
LCB_SCREENSHOT_DIR="$PWD/$out" "$window_tests" TestBranchSelector > /dev/null
# LanceDB's table on Azurite, read on the store: its schema and its versions (the unreachable
# store's picture stays out of the README).
LCB_SCREENSHOT_DIR="$PWD/$out" "$window_tests" TestTableOnStore readsTheTableOnItsStore:azure \
    > /dev/null
# A connection's Object storage options for Azurite, after Test Storage listed the table.
LCB_SCREENSHOT_DIR="$PWD/$out" "$window_tests" TestTableOnStore \
    theConnectionDialogKeepsAndTestsStorageOptions > /dev/null
echo "Wrote $out/first-start.png, $out/versions.png, $out/dark.png, $out/staged.png," \
    "$out/registered.png, $out/dragging.png, $out/browser-1024x700.png," \
    "$out/browser-schema.png, $out/browser-versions.png, $out/browser-compare.png," \
    "$out/browser-staged-version.png, $out/browser-restore.png, $out/browser-history.png," \
    "$out/browser-rename.png, $out/browser-rows.png, $out/browser-rows-where.png," \
    "$out/commit-review-delete.png," \
    "$out/browser-branches.png," \
    "$out/browser-store-schema.png," \
    "$out/browser-store-versions.png and $out/connection-storage.png"
