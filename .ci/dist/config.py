"""`make check-dist-config`: every packaging file agrees with the workspace's target list and version.

    python3 .ci/dist/config.py           check (seconds, no cross toolchain); exit 1 on a difference
    python3 .ci/dist/config.py --write   regenerate the generated files

Generated (rewritten by --write, compared byte for byte by the check):
  bindings-node/npm/<platform>/package.json + README.md   napi-rs's platform package layout
  .github/workflows/release.yml                           the release workflow (workflow.py)
Checked (edited by hand, compared field by field):
  bindings-node/package.json         version, napi.targets, files carries the wasm build
  bindings-node/package-lock.json    version
  bindings-python/pyproject.toml     version is dynamic: maturin reads the crate's
  bindings-*/Cargo.toml              version.workspace = true
  bindings-go                        the build constraints the release overlay rewrites (layout.py)
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

import layout
import workflow
from targets import ROOT, Config, load

NPM_DIR = ROOT / "bindings-node" / "npm"


def generated(config: Config) -> dict[Path, str]:
    """Every generated file and what it must hold."""
    files = {ROOT / ".github" / "workflows" / "release.yml": workflow.render(config)}
    for t in config.targets:
        files[NPM_DIR / t.npm / "package.json"] = layout.npm_platform_package_json(config, t)
        files[NPM_DIR / t.npm / "README.md"] = layout.npm_platform_readme(config, t)
    return files


def check_generated(config: Config) -> list[str]:
    problems = []
    files = generated(config)
    for path, text in files.items():
        if not path.exists():
            problems.append(f"{path.relative_to(ROOT)} is missing")
        elif path.read_text() != text:
            problems.append(f"{path.relative_to(ROOT)} differs from what the target list generates")
    if NPM_DIR.exists():
        for extra in sorted(p for p in NPM_DIR.rglob("*") if p.is_file() and p not in files):
            problems.append(f"{extra.relative_to(ROOT)} belongs to no target")
    return problems


def check_node(config: Config) -> list[str]:
    problems = []
    package = json.loads((ROOT / "bindings-node" / "package.json").read_text())
    if package["version"] != config.version:
        problems.append(f"bindings-node/package.json version {package['version']} is not {config.version}")
    want = [t.rust for t in config.targets]
    if package.get("napi", {}).get("targets") != want:
        problems.append(f"bindings-node/package.json napi.targets is not {want}")
    if "wasm/mcp_tool_result.wasm" not in package["files"]:
        problems.append("bindings-node/package.json files lost the wasm build (the fallback of every other platform)")
    if "optionalDependencies" in package:
        problems.append("bindings-node/package.json: optionalDependencies are added by `make dist` only (npm install would fetch them)")
    lock = json.loads((ROOT / "bindings-node" / "package-lock.json").read_text())
    for where, version in (("version", lock.get("version")), ('packages[""].version', lock["packages"][""].get("version"))):
        if version != config.version:
            problems.append(f"bindings-node/package-lock.json {where} {version} is not {config.version}")
    return problems


def check_crates() -> list[str]:
    problems = []
    for crate in ("bindings-python", "bindings-node", "bindings-go"):
        with open(ROOT / crate / "Cargo.toml", "rb") as f:
            version = tomllib.load(f)["package"].get("version")
        if version != {"workspace": True}:
            problems.append(f"{crate}/Cargo.toml: version must be `version.workspace = true`")
    with open(ROOT / "bindings-python" / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    if "version" in project or "version" not in project.get("dynamic", []):
        problems.append("bindings-python/pyproject.toml: the version must be dynamic (maturin takes the crate's)")
    return problems


def check_go(config: Config) -> list[str]:
    problems = []
    go = ROOT / "bindings-go"
    for rel, (now, _) in layout.go_constraint_rewrites(config).items():
        first = (go / rel).read_text().splitlines()[0]
        if now not in first:
            problems.append(f"bindings-go/{rel}: its //go:build line no longer holds {now!r}, which the release overlay rewrites")
    committed = {p.parent.name for p in (go / "mcptoolresult" / "lib").glob(f"*/{layout.GO_LIB}")}
    unknown = committed - {t.go for t in config.targets}
    if unknown:
        problems.append(f"bindings-go/mcptoolresult/lib: {sorted(unknown)} are not in the target list")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="regenerate the generated files")
    args = parser.parse_args()
    config = load()
    if args.write:
        for path, text in generated(config).items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        print(f"dist config: wrote {len(generated(config))} files")
    problems = check_generated(config) + check_node(config) + check_crates() + check_go(config)
    for p in problems:
        print(f"dist config: {p}", file=sys.stderr)
    if problems:
        sys.exit("dist config: run `python3 .ci/dist/config.py --write` for generated files; edit the others")
    print(f"dist config: {len(config.targets)} targets, version {config.version}: every file agrees")


if __name__ == "__main__":
    main()
