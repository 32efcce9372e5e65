"""make bench-fit: the JSON lines of bench_python.py, bench_node.mjs and go/ (stdin) as one
Markdown table; the ratio is each row's CPU time over mcp-tool-result's in the same language and
mode (the Python binding, Node's native addon called synchronously, or Go's cgo backend). A row
timed in several processes (Node's) gives the median of their medians."""

from __future__ import annotations

import json
import statistics
import sys


def merged(lines: list[dict]) -> list[dict]:
    """One row per timed job (language, mode, tool) or PNG size, in order of first appearance, its
    times the median of the rows' times."""
    groups: dict[tuple, list[dict]] = {}
    for row in lines:
        key = tuple(row.get(k) for k in ("language", "mode", "tool", "png_size"))
        groups.setdefault(key, []).append(row)
    out = []
    for group in groups.values():
        row = dict(group[0])
        for key in ("cpu_ms", "wall_ms", "wall_us"):
            if key in row:
                row[key] = statistics.median(r[key] for r in group)
        if len(group) > 1:
            row["processes"] = len(group)
        out.append(row)
    return out


rows = merged([json.loads(line) for line in sys.stdin if line.startswith('{"')])
fits = [r for r in rows if "cpu_ms" in r]
PILLOW = next((r["tool"] for r in fits if r["tool"].startswith("Pillow")), "Pillow")
BASES = ("mcp-tool-result (Python)", "mcp-tool-result (Node, native)", "mcp-tool-result (Go, cgo)")
base = {(r["language"], r["mode"]): r["cpu_ms"] for r in fits if r["tool"] in BASES}
source = fits[0]["input"]
print(f"Input: {source['width']}x{source['height']} {source['format']}, {source['bytes'] / 1e6:.1f} MB; target anthropic\n")
print("| fit_images | tool | output | CPU ms | wall ms | CPU ÷ ours |")
print("|---|---|---|---:|---:|---:|")
for r in fits:
    out = r["output"]
    shape = f"{out['width']}x{out['height']} {out['format']}, {out['bytes'] / 1e6:.2f} MB"
    wall = f"{r['wall_ms']:.0f}" if "wall_ms" in r else "–"
    ratio = r["cpu_ms"] / base[(r["language"], r["mode"])]
    print(f"| {r['mode']} | {r['tool']} | {shape} | {r['cpu_ms']:.0f} | {wall} | {ratio:.2f} |")
processes = sorted({(r["language"], r["processes"]) for r in fits if "processes" in r})
for language, count in processes:
    print(f"\n{language}: each time is the median of {count} processes' medians.")
small = [r for r in rows if "wall_us" in r]
if small:
    print("\nA small result (one text block), calls awaited one after another:\n")
    print("| call | µs per call (wall) |")
    print("|---|---:|")
    for r in small:
        print(f"| {r['tool']} | {r['wall_us']:.1f} |")
sizes = [r for r in rows if "png_size" in r]
if sizes:
    print(f"\nFitted PNG sizes (bytes), {PILLOW}: Pillow's LANCZOS resize of the original to the same size:\n")
    print("| image, target (fit_images) | input | output | ours | Pillow | Pillow optimize=True | ours ÷ optimize=True |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for r in sizes:
        ratio = r["ours"] / r["pillow_optimize"]
        print(
            f"| {r['png_size']} | {r['input_bytes']:,} | {r['size']} | {r['ours']:,} | {r['pillow']:,} "
            f"| {r['pillow_optimize']:,} | {ratio:.2f} |"
        )
