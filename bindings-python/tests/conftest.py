"""Shared helpers: fixture loading, bytes as base64, strict JSON equality, README code blocks."""

from __future__ import annotations

import base64
import functools
import json
import os
import re
import struct
import sys
import zlib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CONFORMANCE_DIR = Path(os.environ.get("CONFORMANCE_DIR") or HERE.parent.parent / "conformance")
README = HERE.parent / "README.md"
# The project's README, whose quickstart holds one snippet per language.
TOP_README = HERE.parent.parent / "README.md"


def real_png(size: int = 0, filler: bytes = b"x", width: int = 1, height: int = 1) -> bytes:
    """A real gray PNG (the core checks image structure by default, so bytes that only start
    with a PNG signature are not an image), padded to ``size`` bytes with a ``tEXt`` chunk of
    ``filler`` when ``size`` is given."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    head = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
    head += chunk(b"IDAT", zlib.compress(rows))
    end = chunk(b"IEND", b"")
    if size:
        pad = size - len(head) - len(end) - 12 - len(b"Comment\0")
        assert pad >= 0, f"a {width}x{height} PNG is over {size} bytes"
        head += chunk(b"tEXt", b"Comment\0" + (filler * (pad // len(filler) + 1))[:pad])
    return head + end


def bytes_as_base64(value: Any, path: str, found: set[str]) -> Any:
    """``value`` with each ``bytes`` as its base64 text; their JSON Pointers go to ``found``."""
    if isinstance(value, bytes):
        found.add(path)
        return base64.b64encode(value).decode()
    if isinstance(value, dict):
        return {
            k: bytes_as_base64(v, f"{path}/{k.replace('~', '~0').replace('/', '~1')}", found)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [bytes_as_base64(v, f"{path}/{i}", found) for i, v in enumerate(value)]
    return value


def conformance_cases() -> list[tuple[str, str, dict[str, Any]]]:
    """Every fixture case as (case key, target, case), in file order."""
    cases = []
    files = sorted((CONFORMANCE_DIR / "fixtures").glob("*/*.json"))
    assert files, f"no fixture files under {CONFORMANCE_DIR / 'fixtures'}"
    for path in files:
        fixture = json.loads(path.read_text(encoding="utf-8"))
        for case in fixture["cases"]:
            if "input" in case:
                case["input"] = resolve_images(case["input"])
            key = f"{path.parent.name}/{fixture['topic']}#{case['id']}"
            cases.append((key, case.get("target", fixture["target"]), case))
    return cases


@functools.cache
def _image_base64(name: str) -> str:
    images = CONFORMANCE_DIR / "images"
    for path in (images / name, images / "generated" / name):
        if path.is_file():
            return base64.b64encode(path.read_bytes()).decode()
    raise FileNotFoundError(f"test image {name}: not in {images} (run `make conformance-images`)")


def resolve_images(value: Any) -> Any:
    """``value`` with every ``{"$image": name}`` replaced by the base64 of that test image."""
    if isinstance(value, dict):
        if len(value) == 1 and isinstance(value.get("$image"), str):
            return _image_base64(value["$image"])
        return {k: resolve_images(v) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve_images(v) for v in value]
    return value


def readme_code(section: str, readme: Path = README) -> str:
    """The one python block of the README section ``## <section>``."""
    text = readme.read_text(encoding="utf-8")
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```python\n(.*?)^```$", body, flags=re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1, f"README section {section!r} has {len(blocks)} python blocks"
    return blocks[0]


def json_equal(a: Any, b: Any) -> bool:
    """Equality as parsed JSON: numbers by value, but a bool never equals a number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def pytest_terminal_summary(terminalreporter: Any) -> None:
    conformance = sys.modules.get("test_conformance")
    if conformance is not None:
        terminalreporter.write_line(f"conformance python: {len(conformance.PASSED)} cases passed")
