"""make bench-fit: the JSON lines of bench_python.py, bench_node.mjs and go/ (stdin) as one
Markdown table; the ratio is each row's CPU time over mcp-tool-result's in the same language and
mode (the Python binding, Node's native addon called synchronously, or Go's cgo backend)."""

from __future__ import annotations

import json
import sys

rows = [json.loads(line) for line in sys.stdin if line.startswith('{"')]
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
