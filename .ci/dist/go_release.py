"""Turns a bindings-go tree into its release form: a prebuilt static library for every target.

    python3 .ci/dist/go_release.py BINDINGS_GO_DIR [DIST_GO_DIR]

The repository commits the linux/amd64 library only (it goes stale on every core change, and a
7-platform set would add ~20 MB per change); the wazero backend serves every platform. A release
commit (the one a `bindings-go/vX.Y.Z` tag points at) runs this on bindings-go: it copies the libs
of .build/dist/go, writes internal/ffi/cgo_flags.go with one LDFLAGS line per platform, and widens
the build constraints that pick the cgo backend by default. `make dist-check` runs it on a copy.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import layout
from targets import ROOT


def apply(tree: Path, dist_go: Path) -> list[str]:
    """Applies .build/dist/go/release.json to the bindings-go copy at `tree`; returns the GOOS_GOARCH dirs."""
    plan = json.loads((dist_go / "release.json").read_text())
    lib_root = tree / "mcptoolresult" / "lib"
    for go_dir, rel in plan["libs"].items():
        dest = lib_root / go_dir
        dest.mkdir(parents=True, exist_ok=True)
        committed = dest / layout.GO_LIB
        if not committed.exists():
            # The committed library stays: it carries the stamp the Go tests check.
            shutil.copy(dist_go / rel, committed)
        (dest / "doc.go").write_text(plan["docs"][go_dir])
    (tree / "mcptoolresult" / "internal" / "ffi" / "cgo_flags.go").write_text(plan["cgo_flags"])
    for rel, (now, release) in plan["constraints"].items():
        path = tree / rel
        lines = path.read_text().split("\n")
        if lines[0].count(now) != 1:
            raise SystemExit(f"go release: {rel}: the //go:build line does not hold {now!r} once")
        lines[0] = lines[0].replace(now, release)
        path.write_text("\n".join(lines))
    return sorted(plan["libs"])


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    tree = Path(sys.argv[1])
    dist_go = Path(sys.argv[2]) if len(sys.argv) == 3 else ROOT / ".build" / "dist" / "go"
    print("go release: libraries for", ", ".join(apply(tree, dist_go)))


if __name__ == "__main__":
    main()
