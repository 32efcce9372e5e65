"""Run the steps of `make test` in order, time each one and skip the ones whose inputs are unchanged.

Each step is `name|inputs|counts`: the make target, the paths it reads (git pathspecs; empty: the
step always runs) and the conformance runners whose count files it writes. A stamped step is
skipped when its stamp holds the hash of its inputs: the content of every git-tracked or
untracked, not ignored file under those paths, make's command-line variables (STEP_VARIABLES),
the environment variables the builds and tests read (ENV_PREFIXES) and the toolchain versions (read again after a step ran: a step may install a tool). The stamp
is written only after the step passed, with a copy of the count files it wrote, which a skip
restores. A fresh clone has no stamps, so it runs every step; --force runs every step too.

The wall time of every step goes to the timings file (and stdout) when the run ends or fails.

Usage: python3 .ci/build/steps.py --timings FILE --stamps DIR --counts DIR [--force] STEP...
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Every tool a step may build or run with; a new version invalidates every stamp.
TOOL_VERSIONS = [
    ["rustc", "-vV"],
    ["cargo", "-V"],
    ["node", "--version"],
    ["npm", "--version"],
    ["go", "version"],
    ["python3", "-VV"],
    ["cc", "--version"],
    ["dpkg-query", "-W", "chromium"],
]

# Environment variables that change what a build or a test does (cargo, rustc, Go, Python, Node,
# napi-rs, proptest, the conformance runners, the soak and e2e tests).
ENV_PREFIXES = (
    "CARGO",
    "RUST",
    "GO",
    "CGO_",
    "PY",
    "UV_",
    "NODE_",
    "NAPI_RS_",
    "PROPTEST_",
    "CONFORMANCE_",
    "SOAK_",
    "E2E_",
    "MCP_",
    "MTR_",
)


@dataclass
class Step:
    """One make target of the test run and what its stamp covers."""

    name: str
    inputs: list[str]
    counts: list[str]

    @classmethod
    def parse(cls, spec: str) -> Step:
        name, inputs, counts = (spec.split("|") + ["", ""])[:3]
        return cls(name, inputs.split(), counts.split())


def toolchain() -> bytes:
    """The versions of every tool in TOOL_VERSIONS (a missing tool counts as its own version)."""
    out = []
    for cmd in TOOL_VERSIONS:
        try:
            result = subprocess.run(cmd, capture_output=True, check=False, timeout=60)
            out.append(b" ".join(c.encode() for c in cmd) + b"\n" + result.stdout)
        except (OSError, subprocess.TimeoutExpired):
            out.append(cmd[0].encode() + b": missing\n")
    # The interpreters the Python binding's test venvs pick (bindings-python/Makefile).
    pyenv = Path.home() / ".pyenv" / "versions"
    if pyenv.is_dir():
        out.append(" ".join(sorted(p.name for p in pyenv.iterdir())).encode())
    return b"\0".join(out)


def files_hash(step: Step) -> bytes:
    """The hash of the step's name, make's variables, the environment and the files under its inputs."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *step.inputs],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    variables = os.environ.get("STEP_VARIABLES", "")
    env = sorted(f"{k}={v}" for k, v in os.environ.items() if k.startswith(ENV_PREFIXES))
    h = hashlib.sha256("\0".join([step.name, variables, *env, ""]).encode())
    for rel in sorted(set(filter(None, listed.split(b"\0")))):
        path = ROOT / os.fsdecode(rel)
        h.update(rel + b"\0")
        if path.is_symlink():
            h.update(b"link:" + os.fsencode(os.readlink(path)))
        elif path.is_file():
            h.update(hashlib.sha256(path.read_bytes()).digest())
        else:
            h.update(b"missing")
    return h.digest()


def stamp_key(files: bytes, tools: bytes) -> str:
    """What a stamp holds: the inputs' hash and the toolchain's."""
    return hashlib.sha256(files + tools).hexdigest()


def restore_counts(step: Step, saved: Path, counts: Path) -> bool:
    """Copy the step's saved count files back; False when one is missing."""
    if not all((saved / runner).is_file() for runner in step.counts):
        return False
    counts.mkdir(parents=True, exist_ok=True)
    for runner in step.counts:
        shutil.copyfile(saved / runner, counts / runner)
    return True


def write_stamp(step: Step, key: str, stamps: Path, counts: Path) -> None:
    """Record that the step passed on these inputs, with the counts it wrote."""
    saved = stamps / f"{step.name}.counts"
    shutil.rmtree(saved, ignore_errors=True)
    saved.mkdir(parents=True)
    for runner in step.counts:
        if (counts / runner).is_file():
            shutil.copyfile(counts / runner, saved / runner)
    (stamps / step.name).write_text(key + "\n")


def run(step: Step, tools: bytes, args: argparse.Namespace) -> tuple[str, bool, bytes]:
    """Run or skip one step; the outcome's label, whether it passed and the toolchain after it."""
    stamp = args.stamps / step.name
    files = files_hash(step) if step.inputs else b""
    key = stamp_key(files, tools) if files else ""
    saved = args.stamps / f"{step.name}.counts"
    fresh = key and not args.force and stamp.is_file() and stamp.read_text().strip() == key
    if fresh and restore_counts(step, saved, args.counts):
        print(f"== {step.name}: skipped, inputs unchanged since it passed ({stamp})", flush=True)
        return "skipped", True, tools
    stamp.unlink(missing_ok=True)
    print(f"== {step.name}", flush=True)
    make = [os.environ.get("MAKE", "make"), "--no-print-directory", step.name]
    passed = subprocess.run(make, cwd=ROOT, check=False).returncode == 0
    if passed and key:
        tools = toolchain()
        args.stamps.mkdir(parents=True, exist_ok=True)
        write_stamp(step, stamp_key(files, tools), args.stamps, args.counts)
    return ("ran" if passed else "FAILED"), passed, tools


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timings", type=Path, required=True)
    parser.add_argument("--stamps", type=Path, required=True)
    parser.add_argument("--counts", type=Path, required=True)
    parser.add_argument("--force", action="store_true")
    parser.add_argument("steps", nargs="+")
    args = parser.parse_args()
    tools = toolchain()
    rows, passed, start = [], True, time.monotonic()
    for step in map(Step.parse, args.steps):
        step_start = time.monotonic()
        label, passed, tools = run(step, tools, args)
        rows.append(f"{step.name:<20} {time.monotonic() - step_start:8.1f} s  {label}")
        if not passed:
            break
    rows.append(f"{'total':<20} {time.monotonic() - start:8.1f} s")
    table = "\n".join(rows) + "\n"
    args.timings.parent.mkdir(parents=True, exist_ok=True)
    args.timings.write_text(table)
    print(f"== wall time per step ({args.timings})\n{table}", end="", flush=True)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
