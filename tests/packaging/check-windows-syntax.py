#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compiles every non-test source of a build tree as Windows would see it, syntax only.

No Qt for MinGW exists in Debian, so nothing for Windows links here; but MinGW-w64's g++ with
Debian's Qt headers parses every file the release build compiles, with _WIN32 and the other
Windows macros defined by the compiler itself. A POSIX call that is not guarded (a header such
as <poll.h>, a type such as socklen_t) then fails here instead of on a release runner.

The commands come from the Linux build's compile_commands.json (unity batches, so Qt's headers
are parsed once per batch of files), with the compiler swapped and only the include folders
Windows would have: the project's and the generated ones, Qt's, and a folder of links to the
third-party headers the release runners provide (packaging/ci/third-party.sh) - never
/usr/include itself, where Linux's system headers would answer for Windows'.

Usage: check-windows-syntax.py SOURCE_DIR BUILD_DIR SCRATCH_DIR
"""
import concurrent.futures
import json
import os
import shlex
import shutil
import subprocess
import sys

# The posix thread model: std::thread and std::mutex, which the win32 model of GCC 12 lacks (as
# Qt's own MinGW builds).
COMPILER = "x86_64-w64-mingw32-g++-posix"
QT_HEADERS = "/usr/include/x86_64-linux-gnu/qt6"
QT_MKSPECS = "/usr/lib/x86_64-linux-gnu/qt6/mkspecs"
# Third-party headers the sources include, each linked into the scratch folder: (link, target).
THIRD_PARTY = [
    ("nlohmann", "/usr/include/nlohmann"),
    ("httplib.h", "/usr/include/httplib.h"),
    ("sqlite3.h", "/usr/include/sqlite3.h"),
    ("zlib.h", "/usr/include/zlib.h"),
    ("zconf.h", "/usr/include/zconf.h"),
    ("brotli", "/usr/include/brotli"),
    ("roaring", "/usr/include/roaring"),
    ("zstd.h", "/usr/include/zstd.h"),
    ("zstd_errors.h", "/usr/include/zstd_errors.h"),
    ("qt6keychain", "/usr/include/qt6keychain"),
    ("libpq-fe.h", "/usr/include/postgresql/libpq-fe.h"),
    ("postgres_ext.h", "/usr/include/postgresql/postgres_ext.h"),
    ("pg_config_ext.h", "/usr/include/postgresql/pg_config_ext.h"),
]
# OpenSSL's headers are split between a common folder and an architecture's.
OPENSSL = ["/usr/include/openssl", "/usr/include/x86_64-linux-gnu/openssl"]


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def make_shim(scratch):
    shim = os.path.join(scratch, "include")
    shutil.rmtree(shim, ignore_errors=True)
    os.makedirs(os.path.join(shim, "openssl"))
    for link, target in THIRD_PARTY:
        if not os.path.exists(target):
            fail(f"{target} is missing (scripts/install-deps.sh installs it)")
        os.symlink(target, os.path.join(shim, link))
    for folder in OPENSSL:
        for name in os.listdir(folder):
            os.symlink(os.path.join(folder, name), os.path.join(shim, "openssl", name))
    return shim


def is_test_code(file, build, source):
    """Test programs, fuzzers, benchmarks and the layer probes are not shipped."""
    for root in (build, source):
        relative = os.path.relpath(file, root)
        if relative.split(os.sep)[0] in ("tests", "fuzz", "bench", "layer-probes"):
            return True
    return False


def windows_command(arguments, shim):
    """The Linux command with MinGW's compiler, Windows' include folders, and no output."""
    out = [COMPILER]
    skip = False
    for index, argument in enumerate(arguments[1:], start=1):
        if skip:
            skip = False
            continue
        if argument in ("-o", "-c"):
            skip = argument == "-o"
            continue
        if argument == "-isystem" or argument == "-I":
            folder = arguments[index + 1]
            skip = True
            argument, folder = "-isystem", folder
        elif argument.startswith("-I"):
            argument, folder = "-I", argument[2:]
        else:
            folder = None
        if folder is not None:
            if folder.startswith(QT_MKSPECS):
                folder = os.path.join(QT_MKSPECS, "win32-g++")
            elif folder.startswith("/usr/") and not folder.startswith(QT_HEADERS):
                continue  # a Linux system folder: the shim has what Windows gets
            out += [argument, folder]
            continue
        # Warnings are the Linux build's business; -fPIC means nothing to PE files, and a
        # precompiled header of the Linux compiler is not this one's (it reads the text).
        if argument.startswith("-W") or argument == "-fPIC":
            continue
        out.append(argument)
    # The file is the last argument; syntax only, and Linux's GCC version is not a reason to
    # stop.
    return out[:-1] + ["-isystem", shim, "-fsyntax-only", "-w", out[-1]]


def main():
    if len(sys.argv) != 4:
        fail("usage: check-windows-syntax.py SOURCE_DIR BUILD_DIR SCRATCH_DIR")
    source, build, scratch = (os.path.realpath(path) for path in sys.argv[1:])
    if shutil.which(COMPILER) is None:
        fail(f"{COMPILER} is not installed (scripts/install-deps.sh installs g++-mingw-w64-x86-64-posix)")
    commands_file = os.path.join(build, "compile_commands.json")
    if not os.path.exists(commands_file):
        fail(f"{commands_file} is missing (CMAKE_EXPORT_COMPILE_COMMANDS)")
    with open(commands_file, encoding="utf-8") as stream:
        entries = json.load(stream)
    shim = make_shim(scratch)
    jobs = []
    for entry in entries:
        if is_test_code(entry["file"], build, source) or not entry["file"].endswith((".cpp", ".cxx")):
            continue
        arguments = entry.get("arguments") or shlex.split(entry["command"])
        jobs.append((entry["directory"], entry["file"], windows_command(arguments, shim)))
    if len(jobs) < 20:
        fail(f"only {len(jobs)} files in {commands_file}: is it the whole build?")

    def run(job):
        directory, file, command = job
        result = subprocess.run(command, cwd=directory, capture_output=True, text=True)
        return file, result.returncode, result.stderr

    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for file, code, errors in pool.map(run, jobs):
            if code != 0:
                failures.append((file, errors))
    for file, errors in failures:
        lines = [line for line in errors.splitlines() if "error" in line]
        print(f"--- {os.path.relpath(file, build)}\n" + "\n".join(lines[:15]), file=sys.stderr)
    if failures:
        fail(f"{len(failures)} of {len(jobs)} translation units do not compile for Windows")
    print(f"ok: {len(jobs)} translation units compile for Windows (syntax only, {COMPILER})")


if __name__ == "__main__":
    main()
