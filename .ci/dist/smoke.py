"""Installs one target's artifacts from .build/dist and runs the conformance suite through each.

    python3 .ci/dist/smoke.py TRIPLE

Run on a machine of that platform (the release workflow's per-target jobs; `make dist-check` runs
it for the host). Python: the wheel in a fresh venv, then bindings-python's conformance test.
Node: the main package and the platform package from their tarballs into a fresh project, then
bindings-node's conformance runner through the installed package (its backend must be native).
Go: a copy of bindings-go turned into its release form (go_release.py), then the conformance test
on the cgo backend.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import go_release
import layout
from targets import ROOT, Target, load

DIST = ROOT / ".build" / "dist"
WORK = ROOT / ".build" / "dist-smoke"
FIXTURES = ROOT / "conformance" / "fixtures"
PYTEST = "pytest==9.2.0"


def run(cmd: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(cmd), file=sys.stderr, flush=True)
    subprocess.run(cmd, cwd=cwd, env=env, check=True)


def only(pattern: str, where: Path) -> Path:
    found = sorted(where.glob(pattern))
    if len(found) != 1:
        raise SystemExit(f"smoke: expected one {pattern} in {where}, found {[p.name for p in found]}")
    return found[0]


def scripts(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


def python(t: Target, version: str) -> None:
    wheel = next(p for p in (DIST / "python").glob("*.whl") if layout.artifact_platform(load(), f"python/{p.name}") == t.rust)
    venv = WORK / "py"
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", str(venv)])
    py = str(scripts(venv) / "python")
    run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", PYTEST, str(wheel)])
    # The test file stays in the checkout, so it finds the fixtures by itself.
    env = {k: v for k, v in os.environ.items() if k not in ("CONFORMANCE_DIR", "CONFORMANCE_COUNT_FILE")}
    tests = ROOT / "bindings-python" / "tests"
    run([py, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests / "test_conformance.py")], cwd=WORK, env=env)


SMOKE_TEST = """\
// Written by .ci/dist/smoke.py: the conformance suite through the installed package.
import assert from 'node:assert/strict'
import * as api from 'mcp-tool-result'
import { runConformance } from './conformance-runner.mjs'

assert.equal(api.backend, 'native', 'the installed package must load its platform addon')
runConformance({ api, name: 'node-dist', utf8: (text) => Buffer.from(text) })
"""


def node(t: Target, version: str, node_cmd: tuple[str, ...] = ("node",), npm_args: tuple[str, ...] = ()) -> None:
    """`node_cmd` runs the suite and `npm_args` go to npm install (check.py passes an aarch64 Node
    under qemu-user and `--cpu=arm64`)."""
    project = WORK / f"node-{t.rust}"
    shutil.rmtree(project, ignore_errors=True)
    (project / "test").mkdir(parents=True)
    (project / "package.json").write_text(json.dumps({"name": "smoke", "private": True, "type": "module"}))
    npm = DIST / "npm"
    main = npm / f"{layout.NPM_NAME}-{version}.tgz"
    platform = npm / f"{layout.npm_platform_name(t)}-{version}.tgz"
    # The platform package first, then the main one: its optionalDependency is then satisfied
    # locally; the other platforms' packages do not match os/cpu and are skipped.
    npm_cmd = shutil.which("npm") or "npm"
    run([npm_cmd, "install", "--no-audit", "--no-fund", "--offline", *npm_args, str(platform)], cwd=project)
    run([npm_cmd, "install", "--no-audit", "--no-fund", "--offline", "--omit=optional", *npm_args, str(main)], cwd=project)
    for name in ("conformance-runner.mjs", "fixtures.mjs", "media.mjs"):
        src = ROOT / "bindings-node" / "test" / name
        if src.exists():
            shutil.copy(src, project / "test" / name)
    (project / "test" / "dist.test.mjs").write_text(SMOKE_TEST)
    env = {**os.environ, "CONFORMANCE_DIR": str(FIXTURES)}
    env.pop("CONFORMANCE_COUNT_FILE", None)
    run([*node_cmd, "--test-reporter=dot", "test/dist.test.mjs"], cwd=project, env=env)


def go(t: Target, version: str) -> None:
    tree = WORK / "bindings-go"
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(ROOT / "bindings-go", tree, ignore=shutil.ignore_patterns("target", "e2e"))
    go_release.apply(tree, DIST / "go")
    env = {**os.environ, "CGO_ENABLED": "1", "CONFORMANCE_BACKEND": "cgo", "CONFORMANCE_DIR": str(FIXTURES)}
    env.pop("CONFORMANCE_COUNT_FILE", None)
    tags = ["-tags", "mtr_musl"] if t.musl else []
    run(["go", "test", "-count=1", *tags, "-run", "Conformance", "./mcptoolresult/"], cwd=tree, env=env)


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    config = load()
    t = config.target(sys.argv[1])
    WORK.mkdir(parents=True, exist_ok=True)
    for name, step in (("python", python), ("node", node), ("go", go)):
        step(t, config.version)
        print(f"smoke {t.rust}: {name} passed the conformance suite", file=sys.stderr)


if __name__ == "__main__":
    main()
