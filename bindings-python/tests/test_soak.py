"""Leak soak: the driver's mixed workload (conformance/soak) converted SOAK_N times; the resident
set may grow by at most RSS_BOUND after the warm-up, and the reference count of every input
string and bytes object is what it was before."""

from __future__ import annotations

import base64
import gc
import sys
import time
from typing import Any

from soak_support import MIB, outcome, rss, soak_n, workload

import mcp_tool_result as m

from conftest import real_png

# A leak of one small allocation per call (a 32-byte string, a 64-byte dict) grows a million
# calls by 32 MB or more; pymalloc's arenas and the core's allocator settle within the warm-up
# pass, so their own growth stays far below this.
RSS_BOUND = 16 * MIB


def with_bytes_payloads(call: dict[str, Any]) -> dict[str, Any] | None:
    """The call with each image block's base64 `data` given as `bytes` (the binding's raw
    payloads), or None when the call has no such block."""
    result = call.get("input")
    if not isinstance(result, dict) or not isinstance(result.get("content"), list):
        return None
    content = []
    changed = False
    for block in result["content"]:
        if isinstance(block, dict) and block.get("type") == "image" and isinstance(block.get("data"), str):
            try:
                data = base64.b64decode(block["data"], validate=True)
            except ValueError:
                content.append(block)
                continue
            content.append({**block, "data": data})
            changed = True
        else:
            content.append(block)
    return {**call, "input": {**result, "content": content}} if changed else None


def leaves(value: Any) -> list[Any]:
    """Every str and bytes object of a value, keys included, but not the empty and one-character
    strings (CPython singletons, which the interpreter itself references and releases)."""
    out: list[Any] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (str, bytes)):
            if len(item) > 1:
                out.append(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return out


def test_soak_rss_and_refcounts() -> None:
    load = workload()
    calls = load["calls"] + [c for c in map(with_bytes_payloads, load["calls"]) if c is not None]
    schedule = load["schedule"] + list(range(len(load["calls"]), len(calls)))
    n = soak_n(3000)
    warm_up = min(n // 2, len(schedule))
    strings = [s for call in calls for s in leaves(call.get("input")) + leaves(call.get("input_json"))]
    # The binding keeps what it met in the last calls (short strings, the last options) for the
    # next ones: references that stay by design. So the counts are taken after one call of each,
    # before and after the run: a leak still shows as one reference per call.
    for call in calls:
        outcome(call)
    gc.collect()
    counts = [sys.getrefcount(s) for s in strings]

    kinds: dict[int, bool] = {}
    results = errors = 0
    start = time.monotonic()
    warm = 0
    # The resident set every tenth of the run after the warm-up: a leak grows it steadily, an
    # allocator settling does not.
    samples = []
    for k in range(n):
        if k == warm_up:
            gc.collect()
            warm = rss()
        if k > warm_up and (k - warm_up) % max(1, (n - warm_up) // 10) == 0:
            gc.collect()
            samples.append(f"{rss() / MIB:.1f}")
        index = schedule[k % len(schedule)]
        got = outcome(calls[index])
        ok = isinstance(got, dict)
        results += ok
        errors += not ok
        # Each call gives the same kind of outcome every time it runs.
        assert kinds.setdefault(index, ok) == ok, calls[index]["id"]
        del got
    gc.collect()
    end = rss()
    seconds = time.monotonic() - start
    print(
        f"\nsoak python: N={n} results={results} errors={errors} rss warm={warm / MIB:.1f} MiB "
        f"end={end / MIB:.1f} MiB growth={(end - warm) / MIB:+.1f} MiB (bound {RSS_BOUND // MIB} MiB) "
        f"time={seconds:.1f}s\nsoak python: rss MiB every tenth after the warm-up: {' '.join(samples)}"
    )
    assert results > 0
    assert errors > 0
    assert end - warm <= RSS_BOUND
    for call in calls:
        outcome(call)
    gc.collect()
    after = [sys.getrefcount(s) for s in strings]
    changed = [
        (s[:40], before, now) for s, before, now in zip(strings, counts, after, strict=True) if now != before
    ]
    assert changed == []


def test_payload_refcounts_after_passed_through_outputs_die() -> None:
    # A payload the output shares with the input (the same str object) holds one more reference
    # while the output lives, and none once it is gone.
    data = base64.b64encode(real_png(8 + 256 * 300)).decode()
    result = {"content": [{"type": "image", "data": data, "mimeType": "image/png"}]}
    before = sys.getrefcount(data)
    for target in m.TARGETS:
        for _ in range(200):
            out = m.convert(result, target, tool_call_id="c1", fit_images="off")
            del out
    assert sys.getrefcount(data) == before
