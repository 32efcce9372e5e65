"""Run the steps of `make test` in two lanes, time each one and skip the ones whose inputs are unchanged.

Each step is `name|inputs|counts|lane|needs|tools`: the make target, the paths it reads (git
pathspecs; empty: the step always runs), the conformance runners whose count files it writes, the
lane it runs in (A or B), the steps that must have passed before it starts and the tools of
STEP_TOOLS it uses besides those every step uses (TOOL_VERSIONS). Each lane runs its steps in the
order given, the two lanes side by side: most steps keep one core busy (a test runner, a linker, a
download), so a second lane fills the other. Every line a step prints goes to stdout prefixed with
the step's name, and to .build/logs/<step>.log. After a failure no new step starts; the run ends
when the running ones do. --serial runs every step in the order given, one at a time.

A stamped step is skipped when its stamp holds the hash of its inputs: the content of every
git-tracked or untracked, not ignored file under those paths, make's command-line variables
(STEP_VARIABLES), the environment variables the builds and tests read (ENV_PREFIXES) and the
versions of the tools it uses (read again after a step ran: a step may install a tool). A tool
that one step installs on first use (chromium) is in STEP_TOOLS, so installing it does not
invalidate the stamps of the steps that ran before. The stamp is written
only after the step passed, with a copy of the count files it wrote, which a skip restores. A fresh
clone has no stamps, so it runs every step; --force runs every step too.

The wall time of every step goes to the timings file (and stdout) when the run ends.

Usage: python3 .ci/build/steps.py --timings FILE --stamps DIR --counts DIR --logs DIR
       [--force] [--serial] STEP...
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Every tool most steps build or run with; a new version invalidates every stamp.
TOOL_VERSIONS = [
    ["rustc", "-vV"],
    ["cargo", "-V"],
    ["node", "--version"],
    ["npm", "--version"],
    ["go", "version"],
    ["python3", "-VV"],
    ["cc", "--version"],
]

# Tools only some steps use (a step's `tools`), by name: a new version invalidates their stamps.
STEP_TOOLS = {
    "chromium": ["dpkg-query", "-W", "chromium"],
}

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
    """One make target of the test run, what its stamp covers, its lane and what it waits for."""

    name: str
    inputs: list[str]
    counts: list[str]
    lane: str
    needs: list[str]
    tools: list[str]

    @classmethod
    def parse(cls, spec: str) -> Step:
        name, inputs, counts, lane, needs, tools = (spec.split("|") + [""] * 5)[:6]
        unknown = [tool for tool in tools.split() if tool not in STEP_TOOLS]
        if unknown:
            raise SystemExit(f"steps.py: {name} uses {' '.join(unknown)}, which STEP_TOOLS does not list")
        return cls(name, inputs.split(), counts.split(), lane or "A", needs.split(), tools.split())


def versions(cmds: list[list[str]]) -> list[bytes]:
    """Each command's line and output (a missing tool counts as its own version)."""
    out = []
    for cmd in cmds:
        try:
            result = subprocess.run(cmd, capture_output=True, check=False, timeout=60)
            out.append(b" ".join(c.encode() for c in cmd) + b"\n" + result.stdout)
        except (OSError, subprocess.TimeoutExpired):
            out.append(cmd[0].encode() + b": missing\n")
    return out


def toolchain() -> bytes:
    """The versions of every tool in TOOL_VERSIONS."""
    out = versions(TOOL_VERSIONS)
    # The interpreters the Python binding's test venvs pick (bindings-python/Makefile).
    pyenv = Path.home() / ".pyenv" / "versions"
    if pyenv.is_dir():
        out.append(" ".join(sorted(p.name for p in pyenv.iterdir())).encode())
    return b"\0".join(out)


def step_tools(step: Step) -> bytes:
    """The versions of the step's own tools (its `tools`, from STEP_TOOLS)."""
    return b"\0".join(versions([STEP_TOOLS[tool] for tool in step.tools]))


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


class Run:
    """The state both lanes share: the arguments, each step's outcome, the output lock."""

    def __init__(self, args: argparse.Namespace, steps: list[Step]) -> None:
        self.args = args
        self.tools = toolchain()
        self.done = {step.name: threading.Event() for step in steps}
        self.passed: dict[str, bool] = {}
        self.rows: dict[str, str] = {}
        self.failed = threading.Event()
        self.lock = threading.Lock()
        self.width = max(len(step.name) for step in steps)

    def say(self, line: str) -> None:
        """One line to stdout, never inside another lane's line."""
        with self.lock:
            print(line, flush=True)

    def lane(self, steps: list[Step]) -> None:
        """Run these steps in order; stop at the first failure, in this lane or the other."""
        for step in steps:
            for need in step.needs:
                self.done[need].wait()
            if self.failed.is_set() or not all(self.passed.get(need) for need in step.needs):
                self.rows[step.name] = f"{step.name:<20} {'':>8}    not run"
                self.finish(step, False)
                continue
            start = time.monotonic()
            label, passed = self.step(step)
            took = time.monotonic() - start
            self.rows[step.name] = f"{step.name:<20} {took:8.1f} s  {label} (lane {step.lane})"
            self.finish(step, passed)

    def finish(self, step: Step, passed: bool) -> None:
        self.passed[step.name] = passed
        if not passed:
            self.failed.set()
        self.done[step.name].set()

    def step(self, step: Step) -> tuple[str, bool]:
        """Run or skip one step; the outcome's label and whether it passed."""
        args = self.args
        stamp = args.stamps / step.name
        files = files_hash(step) if step.inputs else b""
        own_tools = step_tools(step) if files else b""
        with self.lock:
            key = stamp_key(files, self.tools + own_tools) if files else ""
        saved = args.stamps / f"{step.name}.counts"
        fresh = key and not args.force and stamp.is_file() and stamp.read_text().strip() == key
        if fresh and restore_counts(step, saved, args.counts):
            self.say(f"== {step.name}: skipped, inputs unchanged since it passed ({stamp})")
            return "skipped", True
        stamp.unlink(missing_ok=True)
        self.say(f"== {step.name}: started (lane {step.lane})")
        passed = self.make(step)
        self.say(f"== {step.name}: {'passed' if passed else 'FAILED'} (log: {args.logs / step.name}.log)")
        if passed and key:
            tools = toolchain()
            with self.lock:
                self.tools = tools
            args.stamps.mkdir(parents=True, exist_ok=True)
            write_stamp(step, stamp_key(files, tools + step_tools(step)), args.stamps, args.counts)
        return ("ran" if passed else "FAILED"), passed

    def make(self, step: Step) -> bool:
        """`make <step>`, each line of its output to stdout (prefixed) and to its log."""
        self.args.logs.mkdir(parents=True, exist_ok=True)
        make = [os.environ.get("MAKE", "make"), "--no-print-directory", step.name]
        prefix = f"{step.name:>{self.width}} | "
        with open(self.args.logs / f"{step.name}.log", "wb") as log:
            proc = subprocess.Popen(make, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            assert proc.stdout is not None
            for line in proc.stdout:
                log.write(line)
                with self.lock:
                    sys.stdout.write(prefix + line.decode(errors="replace"))
                    sys.stdout.flush()
            return proc.wait() == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timings", type=Path, required=True)
    parser.add_argument("--stamps", type=Path, required=True)
    parser.add_argument("--counts", type=Path, required=True)
    parser.add_argument("--logs", type=Path, required=True)
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--serial", action="store_true")
    parser.add_argument("steps", nargs="+")
    args = parser.parse_args()
    steps = [Step.parse(spec) for spec in args.steps]
    names = [step.name for step in steps]
    for step in steps:
        unknown = [need for need in step.needs if need not in names[: names.index(step.name)]]
        if unknown:
            parser.error(f"{step.name} needs {' '.join(unknown)}, which is not an earlier step")
    run, start = Run(args, steps), time.monotonic()
    if args.serial:
        lanes = [steps]
    else:
        lanes = [[s for s in steps if s.lane == lane] for lane in sorted({s.lane for s in steps})]
    threads = [threading.Thread(target=run.lane, args=(lane,)) for lane in lanes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rows = [run.rows[name] for name in names if name in run.rows]
    rows.append(f"{'total':<20} {time.monotonic() - start:8.1f} s")
    table = "\n".join(rows) + "\n"
    args.timings.parent.mkdir(parents=True, exist_ok=True)
    args.timings.write_text(table)
    print(f"== wall time per step ({args.timings})\n{table}", end="", flush=True)
    return 0 if all(run.passed.get(name) for name in names) else 1


if __name__ == "__main__":
    sys.exit(main())
