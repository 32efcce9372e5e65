"""The release platforms and the version, read from the workspace Cargo.toml.

`[workspace.package] version` is the one version; `[workspace.metadata.dist] targets` is the one
list of platforms. Every packaging file, the release workflow and `make dist` take both from here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Target:
    """One platform: its Rust triple and what each binding calls it."""

    rust: str
    npm: str
    go: str
    runner: str
    glibc: str | None = None
    container: str | None = None

    @property
    def os(self) -> str:
        """`linux`, `darwin` or `windows`."""
        if "-linux-" in self.rust:
            return "linux"
        if "-apple-" in self.rust:
            return "darwin"
        if "-windows-" in self.rust:
            return "windows"
        raise ValueError(f"{self.rust}: no known OS in the triple")

    @property
    def arch(self) -> str:
        """`x86_64` or `aarch64`."""
        return self.rust.split("-", 1)[0]

    @property
    def musl(self) -> bool:
        return self.rust.endswith("-musl")

    @property
    def zig_target(self) -> str:
        """What the linker wrapper hands to `zig cc -target` (glibc version included)."""
        osname = {"linux": "linux", "darwin": "macos", "windows": "windows"}[self.os]
        abi = {"linux": "musl" if self.musl else "gnu", "darwin": "none", "windows": "gnu"}[self.os]
        suffix = f".{self.glibc}" if self.glibc else ""
        return f"{self.arch}-{osname}-{abi}{suffix}"

    @property
    def wheel_compatibility(self) -> str | None:
        """maturin's `--compatibility` (Linux only: the manylinux or musllinux policy)."""
        if self.os != "linux":
            return None
        if self.musl:
            return "musllinux_1_2"
        if self.glibc != "2.17":
            raise ValueError(f"{self.rust}: glibc {self.glibc} has no manylinux policy here")
        return "manylinux2014"

    @property
    def npm_os(self) -> str:
        return {"linux": "linux", "darwin": "darwin", "windows": "win32"}[self.os]

    @property
    def npm_cpu(self) -> str:
        return {"x86_64": "x64", "aarch64": "arm64"}[self.arch]

    @property
    def go_os_arch(self) -> tuple[str, str]:
        """GOOS and GOARCH."""
        return self.go.split("_")[0], self.go.split("_")[1]

    @property
    def cdylib(self) -> str:
        """File name cargo gives a cdylib named `name` on this platform, as a format string."""
        return {"linux": "lib{}.so", "darwin": "lib{}.dylib", "windows": "{}.dll"}[self.os]

    @property
    def staticlib(self) -> str:
        return "lib{}.a"


@dataclass(frozen=True)
class Config:
    version: str
    targets: tuple[Target, ...]

    def target(self, rust: str) -> Target:
        for t in self.targets:
            if t.rust == rust:
                return t
        raise KeyError(f"{rust} is not in [workspace.metadata.dist] targets")


def load(root: Path = ROOT) -> Config:
    """The version and targets of the workspace at `root`."""
    with open(root / "Cargo.toml", "rb") as f:
        workspace = tomllib.load(f)["workspace"]
    version = workspace["package"]["version"]
    rows = workspace["metadata"]["dist"]["targets"]
    return Config(version, tuple(Target(**row) for row in rows))


if __name__ == "__main__":
    print(" ".join(t.rust for t in load().targets))
