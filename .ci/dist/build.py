"""`make dist`: every binding's artifact for every target of the workspace Cargo.toml.

    python3 .ci/dist/build.py [--only TRIPLE ...]

One cargo target directory per triple (target/dist/<triple>), shared by the three binding crates,
so the core compiles once per triple: every cargo run of a triple gets the same linker (a zig
wrapper written here), the same C compiler and the same RUSTFLAGS, hence the same fingerprints.
Output goes to .build/dist (python/, npm/, go/) with MANIFEST.json and MANIFEST.md (file,
platform, size, sha256) and timings.json (seconds per step).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import layout
from targets import ROOT, Config, Target, load

DIST = ROOT / ".build" / "dist"
STAGE = ROOT / ".build" / "dist-stage"
TOOLS = Path(os.environ.get("DIST_TOOLS", ROOT / ".build" / "dist-tools"))
TARGET_ROOT = ROOT / "target" / "dist"
NODE_CRATE = "mcp_tool_result_node"
GO_CRATE = "mcp_tool_result_ffi"


def run(cmd: list[str], *, env: dict[str, str] | None = None, cwd: Path = ROOT, capture: bool = False) -> str:
    """Runs `cmd` under `nice -n 10` (the cores are shared); returns stderr when `capture`."""
    print("+", " ".join(cmd), file=sys.stderr, flush=True)
    result = subprocess.run(
        ["nice", "-n", "10", *cmd],
        env=env,
        cwd=cwd,
        stderr=subprocess.PIPE if capture else None,
        text=True,
        check=False,
    )
    if capture and result.stderr:
        sys.stderr.write(result.stderr)
    if result.returncode != 0:
        raise SystemExit(f"dist: `{' '.join(cmd)}` failed with status {result.returncode}")
    return result.stderr or ""


def host_tools_dir() -> Path:
    """rustup's bin directory for the host (rust-objcopy, llvm-strip from the llvm-tools component)."""
    sysroot = subprocess.run(["rustc", "--print", "sysroot"], capture_output=True, text=True, check=True).stdout.strip()
    host = re.search(r"^host: (.+)$", subprocess.run(["rustc", "-vV"], capture_output=True, text=True, check=True).stdout, re.MULTILINE)
    assert host, "rustc -vV names no host"
    return Path(sysroot) / "lib" / "rustlib" / host.group(1) / "bin"


def write_script(path: Path, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)


def toolchain_env(t: Target) -> dict[str, str]:
    """The environment every cargo run for `t` gets: one linker, one C compiler, one RUSTFLAGS."""
    wrap = TOOLS / "wrap" / t.rust
    zigbuild = TOOLS / "bin" / "cargo-zigbuild"
    write_script(wrap / "cc", f'exec "{zigbuild}" zig cc -- -g -fno-sanitize=all -target {t.zig_target} "$@"')
    write_script(wrap / "ar", f'exec "{zigbuild}" zig ar -- "$@"')
    # rustc strips Mach-O with rust-objcopy, which needs the toolchain's libLLVM.
    sysroot_lib = host_tools_dir().parents[2]
    write_script(
        wrap / "bin" / "rust-objcopy",
        f'LD_LIBRARY_PATH="{sysroot_lib}" exec "{host_tools_dir() / "rust-objcopy"}" "$@"',
    )
    # cargo-zigbuild is a multi-call binary: as dlltool (Windows import libraries, which maturin
    # generates for python3.dll) and install_name_tool (Mach-O) it runs zig's.
    for tool in ("x86_64-w64-mingw32-dlltool", "install_name_tool"):
        link = wrap / "bin" / tool
        if not link.is_symlink():
            link.symlink_to(zigbuild)
    flags: list[str] = []
    if t.musl:
        # zig brings musl's start files; a cdylib needs the dynamic C runtime.
        flags += ["-C", "link-self-contained=no", "-C", "target-feature=-crt-static"]
    if t.os == "windows":
        # Rust's windows-gnu target links libssp; zig's MinGW has it built in: empty stand-ins.
        for name in ("libssp.a", "libssp_nonshared.a"):
            (wrap / "lib").mkdir(parents=True, exist_ok=True)
            (wrap / "lib" / name).write_bytes(b"!<arch>\n")
        flags += ["-L", f"native={wrap / 'lib'}"]
    key = t.rust.upper().replace("-", "_")
    env = dict(os.environ)
    env.update(
        {
            "PATH": f"{wrap / 'bin'}:{TOOLS / 'bin'}:{env['PATH']}",
            "CARGO_TARGET_DIR": str(TARGET_ROOT / t.rust),
            f"CARGO_TARGET_{key}_LINKER": str(wrap / "cc"),
            f"CC_{t.rust.replace('-', '_')}": str(wrap / "cc"),
            f"AR_{t.rust.replace('-', '_')}": str(wrap / "ar"),
            "RUSTFLAGS": " ".join(flags),
            "CARGO_TERM_COLOR": "never",
        }
    )
    if t.os == "windows":
        env["LIBNODE_PATH"] = str(node_import_lib(wrap, env))
    if t.os == "darwin":
        env["MACOSX_DEPLOYMENT_TARGET"] = "11.0" if t.arch == "aarch64" else "10.12"
    return env


def node_import_lib(wrap: Path, env: dict[str, str]) -> Path:
    """A MinGW import library for node.exe's N-API exports (napi-build links `-lnode` on
    windows-gnu and asks for a directory holding libnode.dll), made from napi-sys's declarations."""
    out = wrap / "node"
    if (out / "libnode.a").exists():
        return out
    lock = (ROOT / "Cargo.lock").read_text()
    version = re.search(r'name = "napi-sys"\nversion = "([^"]+)"', lock)
    assert version, "Cargo.lock has no napi-sys"
    cargo_home = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))
    sources = sorted(cargo_home.glob(f"registry/src/*/napi-sys-{version.group(1)}/src/functions.rs"))
    if not sources:
        raise SystemExit("dist: napi-sys sources not found (run `cargo fetch`)")
    names = sorted(set(re.findall(r"\bfn ((?:napi|node_api)_\w+)\s*\(", sources[0].read_text())))
    out.mkdir(parents=True, exist_ok=True)
    (out / "node.def").write_text("LIBRARY node.exe\nEXPORTS\n" + "".join(f"  {n}\n" for n in names))
    (out / "libnode.dll").write_bytes(b"")  # napi-build checks that it exists; the linker reads libnode.a
    dlltool = wrap / "bin" / "x86_64-w64-mingw32-dlltool"
    run([str(dlltool), "-m", "i386:x86-64", "-d", str(out / "node.def"), "-l", str(out / "libnode.a")], env=env)
    return out


def release_dir(t: Target) -> Path:
    return TARGET_ROOT / t.rust / t.rust / "release"


def build_python(t: Target, env: dict[str, str]) -> None:
    cmd = [str(TOOLS / "bin" / "maturin"), "build", "--release", "--locked", "--target", t.rust]
    cmd += ["-m", str(ROOT / "bindings-python" / "Cargo.toml"), "--out", str(DIST / "python")]
    if t.wheel_compatibility:
        cmd += ["--compatibility", t.wheel_compatibility]
    # From a scratch directory: the macOS builds leave an empty a.o in maturin's working directory.
    STAGE.mkdir(parents=True, exist_ok=True)
    run(cmd, env=env, cwd=STAGE)


def build_node(t: Target, env: dict[str, str], config: Config) -> None:
    run(["cargo", "build", "--release", "--locked", "-p", "mcp-tool-result-node", "--target", t.rust], env=env)
    package = STAGE / "npm" / t.npm
    shutil.rmtree(package, ignore_errors=True)
    package.mkdir(parents=True)
    shutil.copy(release_dir(t) / t.cdylib.format(NODE_CRATE), package / layout.node_addon(t))
    (package / "package.json").write_text(layout.npm_platform_package_json(config, t))
    (package / "README.md").write_text(layout.npm_platform_readme(config, t))
    pack(package, DIST / "npm")


def build_go(t: Target, env: dict[str, str]) -> None:
    """The UniFFI staticlib, debug info stripped, with the native libraries it needs (for cgo)."""
    cmd = ["cargo", "rustc", "--release", "--locked", "-p", "mcp-tool-result-go", "--lib"]
    cmd += ["--crate-type", "staticlib", "--target", t.rust, "--", "--print", "native-static-libs"]
    stderr = run(cmd, env=env, capture=True)
    native = re.findall(r"native-static-libs: (.*)", stderr)
    if not native:
        raise SystemExit(f"dist: rustc printed no native-static-libs for {t.rust}")
    out = DIST / "go" / "lib" / t.go
    out.mkdir(parents=True, exist_ok=True)
    lib = t.staticlib.format(GO_CRATE)
    strip = "--strip-unneeded" if t.os == "linux" else "--strip-debug"
    run([str(host_tools_dir() / "llvm-strip"), strip, "-o", str(out / lib), str(release_dir(t) / lib)])
    (out / "native-static-libs.txt").write_text(native[-1].strip() + "\n")


def pack(package: Path, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    run(["npm", "pack", "--silent", "--pack-destination", str(dest)], cwd=package)


def build_main_npm(config: Config) -> None:
    """The main package: the JS layer, the types and the wasm build, the addons as optionalDependencies."""
    run(["make", "-s", "-C", "bindings-node/wasm", "build"])
    node = ROOT / "bindings-node"
    manifest = json.loads((node / "package.json").read_text())
    package = STAGE / "npm" / "main"
    shutil.rmtree(package, ignore_errors=True)
    package.mkdir(parents=True)
    for pattern in [*manifest["files"], "README.md"]:
        if pattern.endswith(".node"):
            continue
        for src in node.glob(pattern):
            dst = package / src.relative_to(node)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(src, dst)
    (package / "package.json").write_text(layout.npm_main_package_json(config, manifest))
    pack(package, DIST / "npm")


def build_sdist() -> None:
    run([str(TOOLS / "bin" / "maturin"), "sdist", "-m", "bindings-python/Cargo.toml", "--out", str(DIST / "python")])


def timed(timings: dict[str, float], name: str, step) -> None:
    start = time.monotonic()
    step()
    timings[name] = round(time.monotonic() - start, 1)
    print(f"dist: {name} took {timings[name]} s", file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", help="build only this triple (repeatable)")
    args = parser.parse_args()
    config = load()
    targets = [config.target(r) for r in args.only] if args.only else list(config.targets)
    if not args.only:
        shutil.rmtree(DIST, ignore_errors=True)
    DIST.mkdir(parents=True, exist_ok=True)
    timings_file = DIST / "timings.json"
    timings: dict[str, float] = json.loads(timings_file.read_text()) if timings_file.exists() else {}
    total = time.monotonic()
    for t in targets:
        env = toolchain_env(t)
        timed(timings, f"{t.rust} python", lambda t=t, env=env: build_python(t, env))
        timed(timings, f"{t.rust} node", lambda t=t, env=env: build_node(t, env, config))
        timed(timings, f"{t.rust} go", lambda t=t, env=env: build_go(t, env))
    timed(timings, "python sdist", build_sdist)
    timed(timings, "npm main package", lambda: build_main_npm(config))
    timed(timings, "go overlay", lambda: layout.write_go_overlay(config, DIST / "go"))
    timings["total"] = round(time.monotonic() - total, 1)
    timings_file.write_text(json.dumps(timings, indent=2) + "\n")
    layout.write_manifest(config, DIST)
    print((DIST / "MANIFEST.md").read_text())


if __name__ == "__main__":
    main()
