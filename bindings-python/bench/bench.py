"""`make bench`: `to_copilot` against the GitHub Copilot SDK's converter, side by side.

`to_copilot` returns the wire dict (what the SDK sends). The peer is
`copilot.convert_mcp_call_tool_result` (returns a dataclass, no validation); "peer + wire" adds
the SDK's own step from that dataclass to the wire dict. The four calls of an input are timed
side by side: each of 21 rounds times one batch of each call in turn (the garbage collector off, as
timeit has it), so a change in the shared machine's speed during the run touches all four alike;
a figure is the best batch, in ns per call. A benchmark, not a test: it prints whether each target
was met.
"""

from __future__ import annotations

import base64
import gc
import math
import platform
import struct
import time
import timeit
import zlib
from collections.abc import Callable
from typing import Any

import copilot
from copilot.tools import tool_result_to_external_tool_text_result_for_llm

import mcp_tool_result as m

MIB = 1024 * 1024


def stored_png(width: int, height: int, size: int = 0) -> bytes:
    """A real RGB PNG (stored deflate: no compression), padded to `size` bytes with a tEXt chunk.

    The core checks image structure by default: bytes that only start with a PNG signature
    would be measured as a marker, not as an image."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = bytes(range(256)) * (3 * width // 256 + 2)
    raw = b"".join(b"\0" + row[y % 7 : y % 7 + 3 * width] for y in range(height))
    head = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    head += chunk(b"IDAT", zlib.compress(raw, 0))
    end = chunk(b"IEND", b"")
    if size:
        pad = size - len(head) - len(end) - 12 - len(b"Comment\0")
        assert pad >= 0, f"a {width}x{height} PNG is over {size} bytes"
        head += chunk(b"tEXt", b"Comment\0" + b"x" * pad)
    return head + end


PNG = stored_png(16, 16)


def small() -> dict[str, Any]:
    return {"content": [{"type": "text", "text": "The build finished in 42 s with 0 errors."}]}


def mixed() -> dict[str, Any]:
    png = base64.b64encode(PNG).decode()
    pdf = base64.b64encode(b"%PDF-1.7\n" + bytes(512)).decode()
    blocks: list[dict[str, Any]] = []
    for i in range(4):
        blocks.append({"type": "text", "text": f"line {i}: status ok"})
    for _ in range(3):
        blocks.append({"type": "image", "data": png, "mimeType": "image/png"})
    blocks.append(
        {
            "type": "resource",
            "resource": {"uri": "file:///notes.txt", "mimeType": "text/plain", "text": "notes"},
        }
    )
    for i in range(2):
        blocks.append(
            {
                "type": "resource",
                "resource": {"uri": f"file:///r{i}.pdf", "mimeType": "application/pdf", "blob": pdf},
            }
        )
    return {"content": blocks, "isError": False}


def big() -> dict[str, Any]:
    raw = stored_png(1024, 1250, MIB * 15 // 4)  # 3.75 MiB of bytes = 5 MiB of base64
    data = base64.b64encode(raw).decode()
    assert len(data) == 5 * MIB
    return {"content": [{"type": "image", "data": data, "mimeType": "image/png"}]}


def side_by_side(calls: dict[str, Callable[[], object]], rounds: int = 21) -> dict[str, float]:
    """The best ns per call of each of `calls`, timed in turn, one batch of each per round.

    Timing each call in a block of its own let the first one pay for the machine's warm-up: one
    run had ``to_copilot`` on the mixed input at 7.4 us first in its row and 5.2 us after the
    others.
    """
    # A batch takes about 50 ms (timeit's autorange aims at 0.2 s).
    sizes = {name: max(1, timeit.Timer(call).autorange()[0] // 4) for name, call in calls.items()}
    best = dict.fromkeys(calls, math.inf)
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(rounds):
            for name, call in calls.items():
                number = sizes[name]
                start = time.perf_counter_ns()
                for _ in range(number):
                    call()
                best[name] = min(best[name], (time.perf_counter_ns() - start) / number)
    finally:
        if collecting:
            gc.enable()
    return best


def peer(result: dict[str, Any]) -> object:
    return copilot.convert_mcp_call_tool_result(result)


def peer_wire(result: dict[str, Any]) -> object:
    return tool_result_to_external_tool_text_result_for_llm(
        copilot.convert_mcp_call_tool_result(result)
    ).to_dict()


def fmt(ns: float) -> str:
    return f"{ns:,.0f} ns" if ns < 100_000 else f"{ns / 1000:,.1f} us"


def main() -> None:
    inputs = {"small (1 text)": small(), "mixed (10 blocks)": mixed(), "image 5 MiB": big()}
    for result in inputs.values():  # same answer before timing anything
        wire = m.to_copilot(result, validate_base64=False)
        assert wire == peer_wire(result), wire

    print(f"CPython {platform.python_version()}, mcp-tool-result {m.__version__}, github-copilot-sdk peer")
    header = f"{'input':<20}{'ours':>12}{'ours no-val.':>14}{'peer':>12}{'peer + wire':>14}{'ours/peer':>11}"
    print(header)
    print("-" * len(header))
    rows: dict[str, dict[str, float]] = {}
    for name, result in inputs.items():
        row = side_by_side(
            {
                "on": lambda r=result: m.to_copilot(r),
                "off": lambda r=result: m.to_copilot(r, validate_base64=False),
                "peer": lambda r=result: peer(r),
                "wire": lambda r=result: peer_wire(r),
            }
        )
        rows[name] = row
        ratio = row["on"] / row["peer"]
        print(
            f"{name:<20}{fmt(row['on']):>15}{fmt(row['off']):>16}{fmt(row['peer']):>12}{fmt(row['wire']):>14}{ratio:>10.2f}x"
        )

    s, x, b = rows["small (1 text)"], rows["mixed (10 blocks)"], rows["image 5 MiB"]
    gbps = 5 * MIB / ((b["on"] - s["on"]) * 1e-9) / 1e9
    print()
    print("targets:")
    report("small: faster than the peer", f"{s['on'] / s['peer']:.2f}x the peer's time", s["on"] < s["peer"])
    report("mixed: faster than the peer", f"{x['on'] / x['peer']:.2f}x the peer's time", x["on"] < x["peer"])
    report("5 MiB, no validation: <= 2x small", f"{b['off'] / s['off']:.2f}x", b["off"] <= 2 * s["off"])
    report("5 MiB, validation: >= 20 GB/s", f"{gbps:.1f} GB/s", gbps >= 20)


def report(target: str, measured: str, met: bool) -> None:
    print(f"  {target:<36}{measured:<24}{'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
