#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generates the macOS bundle's Info.plist as a macOS build would, and checks it with a plist
parser: the bundle identifier Apple accepts, the executable the bundle runs, numeric versions,
the icon file, and the minimum system version the release workflow builds for.

Usage: check-info-plist.py CMAKE SOURCE_DIR PROJECT_VERSION LONG_VERSION SCRATCH_DIR
"""
import os
import plistlib
import re
import subprocess
import sys


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 6:
        fail("usage: check-info-plist.py CMAKE SOURCE_DIR PROJECT_VERSION LONG_VERSION SCRATCH")
    cmake, source, version, long_version, scratch = sys.argv[1:]
    os.makedirs(scratch, exist_ok=True)
    output = os.path.join(scratch, "Info.plist")
    subprocess.run([cmake, "-DNAME=Lance Catalog Browser", f"-DVERSION={version}",
                    f"-DLONG_VERSION={long_version}", f"-DOUTPUT={output}", "-P",
                    os.path.join(source, "packaging/macos/WriteInfoPlist.cmake")], check=True)
    with open(output, "rb") as stream:
        try:
            plist = plistlib.load(stream)
        except Exception as error:  # plistlib raises several kinds for a malformed file
            fail(f"{output} does not parse as a plist: {error}")

    for key, value in plist.items():
        if isinstance(value, str) and ("${" in value or "@" in value or not value):
            fail(f"{key} is not filled in: {value!r}")
    # Apple's glossary, "bundle ID": alphanumerics, hyphens and periods, reverse-DNS.
    identifier = plist.get("CFBundleIdentifier", "")
    if not re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+", identifier):
        fail(f"CFBundleIdentifier {identifier!r} has characters Apple does not allow")
    if plist.get("CFBundleExecutable") != "lance-catalog-browser":
        fail(f"CFBundleExecutable is {plist.get('CFBundleExecutable')!r}, "
             "not the browser's target name")
    if plist.get("CFBundlePackageType") != "APPL":
        fail("CFBundlePackageType is not APPL")
    for key in ("CFBundleVersion", "CFBundleShortVersionString"):
        if not re.fullmatch(r"\d+(\.\d+){0,2}", plist.get(key, "")):
            fail(f"{key} {plist.get(key)!r} is not one to three integers")
        if plist[key] != version:
            fail(f"{key} is {plist[key]}, the project is {version}")
    icon = os.path.join(source, "resources/icons/app", plist.get("CFBundleIconFile", ""))
    if not os.path.isfile(icon) or not icon.endswith(".icns"):
        fail(f"CFBundleIconFile names {icon}, which is not an .icns in the repository")

    # The workflow's deployment target and the plist's minimum must agree, or macOS starts a
    # binary on a system it was not built for (or refuses one it was).
    with open(os.path.join(source, ".github/workflows/release.yml"), encoding="utf-8") as stream:
        workflow = stream.read()
    targets = set(re.findall(r"-DCMAKE_OSX_DEPLOYMENT_TARGET=([0-9.]+)", workflow))
    targets |= set(re.findall(r"MACOSX_DEPLOYMENT_TARGET: \"?([0-9.]+)", workflow))
    if len(targets) != 1:
        fail(f"release.yml sets {len(targets)} deployment targets ({targets}), expected one")
    minimum = plist.get("LSMinimumSystemVersion")
    if targets != {minimum}:
        fail(f"LSMinimumSystemVersion {minimum} differs from the workflow's {targets.pop()}")
    print(f"ok: {identifier} {version}, macOS {minimum} or newer")


if __name__ == "__main__":
    main()
