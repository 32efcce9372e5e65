"""`make dist-check`: verifies every artifact `make dist` put in .build/dist.

For every target: the wheel's platform tag and WHEEL tags, the npm platform package's manifest and
the Go static library; in each binary the object format and architecture, the exported entry
point (`PyInit__native`, `napi_register_module_v1`, every UniFFI function the Go header declares),
on Linux gnu the highest GLIBC symbol version (<= the target's, 2.17 for manylinux2014), on
musl the musl libc and no glibc, on Windows only system DLLs (+ python3.dll / node.exe) imported.
Then: the main npm package, the sdist (built into a wheel), the host target's artifacts installed
and run through the conformance suite (smoke.py), and the aarch64 Linux build under qemu-user: the
core's conformance runner and the Go binding's conformance test linked against the aarch64 static
library, both cross-built here, and the aarch64 wheel and npm packages under Debian's arm64
CPython and Node. Reads objects with rustup's llvm-tools (any format on any host).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

import build
import go_release
import layout
import smoke
from targets import ROOT, Config, Target, load

DIST = ROOT / ".build" / "dist"
HEADER = ROOT / "bindings-go" / "mcptoolresult" / "internal" / "ffi" / "mcp_tool_result_ffi.h"
QEMU = ["qemu-aarch64-static", "-L", "/usr/aarch64-linux-gnu"]
FORMATS = {
    ("linux", "x86_64"): "elf64-x86-64",
    ("linux", "aarch64"): "elf64-littleaarch64",
    ("darwin", "x86_64"): "Mach-O 64-bit x86-64",
    ("darwin", "aarch64"): "Mach-O arm64",
    ("windows", "x86_64"): "COFF-x86-64",
}
# What a Windows binary may import besides the host (python3.dll, node.exe): the OS and the UCRT.
WINDOWS_SYSTEM = re.compile(r"(?i)^(kernel32|ntdll|userenv|ws2_32|advapi32|bcrypt|bcryptprimitives|dbghelp|api-ms-win-[a-z0-9-]+)\.dll$")


class Report:
    def __init__(self) -> None:
        self.failures: list[str] = []
        self.passed: dict[str, list[str]] = {}

    def check(self, artifact: str, what: str, ok: bool, detail: str = "") -> None:
        if ok:
            self.passed.setdefault(artifact, []).append(what)
        else:
            self.failures.append(f"{artifact}: {what} failed{': ' + detail if detail else ''}")


def tool(name: str) -> str:
    return str(build.host_tools_dir() / name)


def out(cmd: list[str]) -> str:
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout


def binary(report: Report, name: str, path: Path, t: Target, symbol: str, host_import: str | None) -> None:
    """Format, architecture, exported entry point and linkage of one shared library."""
    headers = out([tool("llvm-readobj"), "--file-headers", str(path)])
    fmt = re.search(r"^Format: (.+)$", headers, re.MULTILINE)
    report.check(name, f"format {FORMATS[(t.os, t.arch)]}", bool(fmt) and fmt.group(1) == FORMATS[(t.os, t.arch)], fmt.group(1) if fmt else "")
    if t.os == "linux":
        exported = out([tool("llvm-nm"), "-D", "--defined-only", str(path)])
        report.check(name, f"exports {symbol}", re.search(rf"\s{symbol}$", exported, re.MULTILINE) is not None)
        versions = out([tool("llvm-readobj"), "--version-info", str(path)])
        glibc = sorted({tuple(map(int, v.split("."))) for v in re.findall(r"GLIBC_([0-9]+\.[0-9]+)", versions)})
        needed = out([tool("llvm-readobj"), "--needed-libs", str(path)])
        if t.musl:
            report.check(name, "musl libc, no glibc", not glibc and "libc.so" in needed and "libc.so.6" not in needed, needed)
        else:
            assert t.glibc
            want = tuple(map(int, t.glibc.split(".")))
            highest = ".".join(map(str, glibc[-1])) if glibc else "none"
            report.check(name, f"highest GLIBC_{highest} <= {t.glibc}", bool(glibc) and glibc[-1] <= want)
    elif t.os == "darwin":
        exported = out([tool("llvm-nm"), "-g", "--defined-only", str(path)])
        report.check(name, f"exports {symbol}", re.search(rf"\s_{symbol}$", exported, re.MULTILINE) is not None)
    else:
        exports = out([tool("llvm-readobj"), "--coff-exports", str(path)])
        report.check(name, f"exports {symbol}", re.search(rf"Name: {symbol}$", exports, re.MULTILINE) is not None)
        imports = set(re.findall(r"^\s*Name: (\S+\.(?:dll|exe|DLL))$", out([tool("llvm-readobj"), "--coff-imports", str(path)]), re.MULTILINE))
        foreign = sorted(i for i in imports if not WINDOWS_SYSTEM.match(i) and i != host_import)
        report.check(name, "imports only Windows system DLLs and the UCRT" + (f" (+ {host_import})" if host_import else ""), not foreign, str(foreign))


def check_wheel(report: Report, config: Config, t: Target, tmp: Path) -> None:
    wheels = [p for p in (DIST / "python").glob("*.whl") if layout.artifact_platform(config, f"python/{p.name}") == t.rust]
    report.check(f"wheel {t.rust}", "exactly one wheel with the platform tag", len(wheels) == 1, str(wheels))
    if len(wheels) != 1:
        return
    wheel = wheels[0]
    name = f"python/{wheel.name}"
    report.check(name, "abi3 tag cp310-abi3", "-cp310-abi3-" in wheel.name)
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = z.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
        native = [n for n in names if re.fullmatch(r"mcp_tool_result/_native\.(abi3\.so|pyd)", n)]
        report.check(name, "holds the package, its stubs and one native module", len(native) == 1 and "mcp_tool_result/__init__.py" in names and "mcp_tool_result/_native.pyi" in names, str(native))
        tags = set(re.findall(r"^Tag: (.+)$", info, re.MULTILINE))
        report.check(name, "WHEEL tags match the file name", tags == {f"cp310-abi3-{p}" for p in wheel.name.removesuffix(".whl").split("-")[-1].split(".")}, str(tags))
        if native:
            path = tmp / wheel.name / native[0]
            z.extract(native[0], tmp / wheel.name)
            binary(report, name, path, t, "PyInit__native", "python3.dll")


def check_npm_platform(report: Report, config: Config, t: Target, tmp: Path) -> None:
    tgz = DIST / "npm" / f"{layout.npm_platform_name(t)}-{config.version}.tgz"
    name = f"npm/{tgz.name}"
    report.check(name, "exists", tgz.exists())
    if not tgz.exists():
        return
    dest = tmp / tgz.name
    with tarfile.open(tgz) as tar:
        tar.extractall(dest, filter="data")
    manifest = json.loads((dest / "package" / "package.json").read_text())
    report.check(name, "package.json is the generated one (name, os, cpu, libc, version)", manifest == layout.npm_platform_package(config, t))
    files = sorted(p.name for p in (dest / "package").iterdir())
    report.check(name, "holds the addon, package.json and README", files == sorted([layout.node_addon(t), "package.json", "README.md"]), str(files))
    addon = dest / "package" / layout.node_addon(t)
    if addon.exists():
        binary(report, name, addon, t, "napi_register_module_v1", "node.exe")


def uniffi_symbols() -> list[str]:
    return sorted(set(re.findall(r"\b((?:uniffi|ffi)_mcp_tool_result_ffi_\w+)\(", HEADER.read_text())))


def check_go_lib(report: Report, t: Target) -> None:
    lib = DIST / "go" / "lib" / t.go / layout.GO_LIB
    name = f"go/lib/{t.go}/{layout.GO_LIB}"
    report.check(name, "exists", lib.exists())
    if not lib.exists():
        return
    headers = out([tool("llvm-readobj"), "--file-headers", str(lib)])
    formats = set(re.findall(r"^Format: (.+)$", headers, re.MULTILINE))
    report.check(name, f"every member is {FORMATS[(t.os, t.arch)]}", formats == {FORMATS[(t.os, t.arch)]}, str(formats))
    defined = set(out([tool("llvm-nm"), "--defined-only", "-g", "-j", str(lib)]).split())
    prefix = "_" if t.os == "darwin" else ""
    missing = [s for s in uniffi_symbols() if prefix + s not in defined]
    report.check(name, f"defines the {len(uniffi_symbols())} UniFFI functions of the Go header", not missing, str(missing[:5]))


def check_main_npm(report: Report, config: Config, tmp: Path) -> None:
    tgz = DIST / "npm" / f"{layout.NPM_NAME}-{config.version}.tgz"
    name = f"npm/{tgz.name}"
    with tarfile.open(tgz) as tar:
        files = [m.name.removeprefix("package/") for m in tar.getmembers() if m.isfile()]
        manifest = json.loads(tar.extractfile("package/package.json").read())  # type: ignore[union-attr]
    want = {layout.npm_platform_name(t): config.version for t in config.targets}
    report.check(name, "optionalDependencies name every platform package at the version", manifest.get("optionalDependencies") == want)
    report.check(name, "carries the wasm build and no addon", "wasm/mcp_tool_result.wasm" in files and not any(f.endswith(".node") for f in files))
    report.check(name, "version", manifest["version"] == config.version)


def check_sdist(report: Report, config: Config, tmp: Path) -> None:
    """The sdist builds a wheel from source (maturin, natively), and that wheel passes conformance."""
    sdist = DIST / "python" / f"mcp_tool_result-{config.version}.tar.gz"
    name = f"python/{sdist.name}"
    out_dir = tmp / "sdist-wheel"
    env = {**os.environ, "CARGO_TARGET_DIR": str(ROOT / "target" / "dist" / "sdist"), "PATH": f"{build.TOOLS / 'bin'}:{os.environ['PATH']}"}
    start = time.monotonic()
    result = subprocess.run(
        ["nice", "-n", "10", str(build.TOOLS / "bin" / "pip"), "wheel", "-q", "--no-cache-dir", "--no-deps", "--no-build-isolation", "-w", str(out_dir), str(sdist)],
        env=env,
        check=False,
    )
    wheels = list(out_dir.glob("*.whl"))
    report.check(name, f"builds a wheel from source ({time.monotonic() - start:.0f} s)", result.returncode == 0 and len(wheels) == 1)


def qemu_rust_runner(report: Report, config: Config) -> None:
    """core/tests/conformance.rs cross-built for aarch64 Linux and run under qemu-user."""
    t = config.target("aarch64-unknown-linux-gnu")
    env = build.toolchain_env(t)
    cmd = ["nice", "-n", "10", "cargo", "test", "--release", "--locked", "-p", "mcp-tool-result", "--test", "conformance"]
    cmd += ["--target", t.rust, "--no-run", "--message-format=json"]
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    exes = [m["executable"] for m in map(json.loads, result.stdout.splitlines()) if m.get("reason") == "compiler-artifact" and m.get("executable")]
    name = f"{t.rust} core conformance runner"
    report.check(name, "cross-builds", result.returncode == 0 and len(exes) == 1, result.stderr[-2000:])
    if len(exes) == 1:
        run = subprocess.run([*QEMU, exes[0]], env={**os.environ, "CONFORMANCE_DIR": str(smoke.FIXTURES)}, capture_output=True, text=True, check=False)
        sys.stderr.write(run.stdout[-600:])
        report.check(name, "passes under qemu-aarch64", run.returncode == 0 and re.search(r"^[1-9][0-9]* passed, 0 failed$", run.stdout, re.MULTILINE) is not None, run.stdout[-1500:] + run.stderr[-1500:])


def qemu_go(report: Report, config: Config, tmp: Path) -> None:
    """The Go binding's conformance test on the cgo backend, linked against the aarch64 library
    from .build/dist (zig as the C cross compiler) and run under qemu-user."""
    t = config.target("aarch64-unknown-linux-gnu")
    build.toolchain_env(t)  # writes the zig wrappers
    tree = tmp / "bindings-go"
    shutil.copytree(ROOT / "bindings-go", tree, ignore=shutil.ignore_patterns("target", "e2e"))
    go_release.apply(tree, DIST / "go")
    env = {**os.environ, "CGO_ENABLED": "1", "GOOS": "linux", "GOARCH": "arm64", "CC": str(build.TOOLS / "wrap" / t.rust / "cc")}
    env["PATH"] = f"{build.TOOLS / 'bin'}:{env['PATH']}"
    exe = tmp / "mcptoolresult.test"
    result = subprocess.run(["nice", "-n", "10", "go", "test", "-c", "-o", str(exe), "./mcptoolresult/"], cwd=tree, env=env, capture_output=True, text=True, check=False)
    name = "linux_arm64 Go cgo conformance test"
    report.check(name, "cross-builds against the aarch64 static library", result.returncode == 0, result.stderr[-2000:])
    if result.returncode == 0:
        run_env = {**os.environ, "CONFORMANCE_BACKEND": "cgo", "CONFORMANCE_DIR": str(smoke.FIXTURES)}
        run = subprocess.run([*QEMU, str(exe), "-test.run", "Conformance", "-test.count=1"], cwd=tree / "mcptoolresult", env=run_env, capture_output=True, text=True, check=False)
        sys.stderr.write(run.stdout[-600:])
        report.check(name, "passes under qemu-aarch64 (backend cgo)", run.returncode == 0 and "PASS" in run.stdout, run.stdout[-1500:] + run.stderr[-1500:])


# Debian's arm64 interpreters and what they need, fetched with a private apt state (the machine's
# apt sources, architectures and package lists stay as they are) and unpacked, not installed:
# qemu-user runs them with the unpacked tree as its root. bookworm's CPython 3.11 (~7 MB of
# packages) and trixie's Node 20 (bookworm's is 18, below the package's engines; ~28 MB).
ARM64 = ROOT / ".build" / "dist-arm64"
ARM64_DEBS = {
    "bookworm": "libc6 libgcc-s1 python3.11-minimal libpython3.11-minimal libpython3.11-stdlib zlib1g libexpat1 "
    "libffi8 libbz2-1.0 liblzma5 libuuid1",
    "trixie": "libc6 libgcc-s1 nodejs libnode115 libbrotli1 libcares2 libicu76 libnghttp2-14 libssl3t64 libstdc++6 "
    "libuv1t64 zlib1g libzstd1 node-acorn node-cjs-module-lexer node-undici node-minimatch node-brace-expansion "
    "node-balanced-match",
}


def arm64_root(suite: str) -> Path:
    """The unpacked arm64 tree of `suite` under .build/dist-arm64/<suite>/root (fetched once)."""
    base = ARM64 / suite
    root = base / "root"
    if (base / ".ok").exists():
        return root
    shutil.rmtree(base, ignore_errors=True)
    for d in ("lists/partial", "cache/archives/partial", "debs"):
        (base / d).mkdir(parents=True)
    (base / "sources.list").write_text(f"deb http://deb.debian.org/debian {suite} main\n")
    opts = ["-q", "-o", "APT::Architecture=arm64", "-o", "APT::Architectures::=arm64", "-o", "Dir::State::status=/dev/null"]
    opts += ["-o", f"Dir::State::Lists={base / 'lists'}", "-o", f"Dir::Cache={base / 'cache'}"]
    opts += ["-o", f"Dir::Etc::SourceList={base / 'sources.list'}", "-o", "Dir::Etc::SourceParts=/nonexistent"]
    subprocess.run(["apt-get", *opts, "update"], check=True, stdout=subprocess.DEVNULL)
    debs = ARM64_DEBS[suite].split()
    subprocess.run(["apt-get", *opts, "download", *debs], cwd=base / "debs", check=True, stdout=subprocess.DEVNULL)
    for deb in sorted((base / "debs").glob("*.deb")):
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    if not (root / "lib").exists():
        (root / "lib").symlink_to("usr/lib")  # merged /usr: the ELF interpreter is /lib/ld-linux-aarch64.so.1
    (base / ".ok").touch()
    return root


def qemu_python(report: Report, config: Config, tmp: Path) -> None:
    """The aarch64 manylinux wheel, unpacked, under an aarch64 CPython in qemu-user: bindings-python's
    conformance test (pytest is pure Python: installed for any platform with the host's pip)."""
    t = config.target("aarch64-unknown-linux-gnu")
    wheel = next(p for p in (DIST / "python").glob("*.whl") if layout.artifact_platform(config, f"python/{p.name}") == t.rust)
    name = f"python/{wheel.name}"
    root = arm64_root("bookworm")
    python = root / "usr" / "bin" / "python3.11"
    site = tmp / "arm64-site"
    subprocess.run([str(build.TOOLS / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", "--only-binary=:all:", "--target", str(site), smoke.PYTEST], check=True)
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    env = {k: v for k, v in os.environ.items() if k not in ("CONFORMANCE_DIR", "CONFORMANCE_COUNT_FILE")}
    env.update({"PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"})
    cmd = ["qemu-aarch64-static", "-L", str(root), str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    cmd += [str(ROOT / "bindings-python" / "tests" / "test_conformance.py")]
    run = subprocess.run(cmd, cwd=tmp, env=env, capture_output=True, text=True, check=False)
    sys.stderr.write(run.stdout[-300:])
    report.check(name, "passes the conformance suite under qemu-aarch64 (Debian's arm64 CPython 3.11)", run.returncode == 0, run.stdout[-1500:] + run.stderr[-1500:])


def qemu_node(report: Report, config: Config) -> None:
    """The main npm package + the linux-arm64-gnu platform package, installed from their tarballs,
    under an aarch64 Node in qemu-user: bindings-node's conformance runner (smoke.node)."""
    t = config.target("aarch64-unknown-linux-gnu")
    root = arm64_root("trixie")
    node = ("qemu-aarch64-static", "-L", str(root), str(root / "usr" / "bin" / "node"))
    name = f"npm/{layout.npm_platform_name(t)}-{config.version}.tgz"
    try:
        # --force: npm on this x64 host would refuse the arm64 package's os/cpu otherwise.
        smoke.node(t, config.version, node, ("--force",))
        ok = True
    except subprocess.CalledProcessError:
        ok = False
    report.check(name, "passes the conformance suite with the main package under qemu-aarch64 (Debian's arm64 Node 20)", ok)


def host_smoke(report: Report, config: Config) -> None:
    """The host target's wheel, npm packages and Go library, installed and run (smoke.py)."""
    host = next(t for t in config.targets if t.rust == "x86_64-unknown-linux-gnu")
    result = subprocess.run([sys.executable, str(Path(__file__).with_name("smoke.py")), host.rust], check=False)
    report.check(f"{host.rust} installed artifacts", "Python, Node and Go (cgo) pass the conformance suite", result.returncode == 0)


def main() -> None:
    config = load()
    report = Report()
    if not (DIST / "MANIFEST.json").exists():
        sys.exit("dist-check: no .build/dist/MANIFEST.json: run `make dist` first")
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="dist-check-") as tmp_name:
        tmp = Path(tmp_name)
        for t in config.targets:
            check_wheel(report, config, t, tmp)
            check_npm_platform(report, config, t, tmp)
            check_go_lib(report, t)
        check_main_npm(report, config, tmp)
        check_sdist(report, config, tmp)
        host_smoke(report, config)
        qemu_rust_runner(report, config)
        qemu_go(report, config, tmp)
        qemu_python(report, config, tmp)
        qemu_node(report, config)
    passed = sum(len(v) for v in report.passed.values())
    lines = [f"# dist-check: {passed} checks passed, {len(report.failures)} failed ({time.monotonic() - start:.0f} s)", ""]
    lines += [f"- {a}: {', '.join(w)}" for a, w in report.passed.items()]
    (DIST / "CHECKS.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    for f in report.failures:
        print(f"dist-check: {f}", file=sys.stderr)
    if report.failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
