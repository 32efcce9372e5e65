"""make bench-fit, Python half: fitting a 4K PNG screenshot for Anthropic with mcp-tool-result,
next to Pillow doing the same job, in one run.

Each job takes the screenshot as base64 (as a tool result holds it) and gives base64 back. For
each mode (fit_images="limits": Anthropic's 5 MB limit; "recommended": also 1568 px / 1.15 MP),
mcp-tool-result's output sets the geometry and format that Pillow must produce: Image.open,
thumbnail(size, LANCZOS), save (PNG: Pillow's default compression; JPEG: quality 85). Figures
are CPU time (the machine is shared), the median of ROUNDS rounds that time each job in turn,
after one warm-up. Prints one JSON line per row for the Makefile's table (see table.py).

Then the PNG sizes: for the screenshot and a full-page capture (PAGE.png, the playground's
1280x8400 example), fitted where the output is PNG, our PNG next to Pillow's for the same job
(its LANCZOS resize of the original to our size) saved with the default settings and with
optimize=True (zlib level 9, each row's best filter), and Pillow's optimize=True of our own
pixels (what a stronger compressor would make of them).

Usage: bench_python.py SCREENSHOT.png PAGE.png
"""

from __future__ import annotations

import base64
import gc
import io
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import mcp_tool_result as m
import PIL
from PIL import Image

ROUNDS = 7


def cpu_ms(job: Callable[[], object]) -> float:
    gc.collect()  # the previous job's garbage is not collected on this one's clock
    start = time.process_time()
    job()
    return (time.process_time() - start) * 1000


def ours(result: dict[str, Any], mode: str) -> str:
    conversion = m.convert(result, "anthropic", fit_images=mode, tool_call_id="call_1")
    codes = [d["code"] for d in conversion.get("diagnostics", ())]
    if "image_resized" not in codes:
        raise SystemExit(f"fit_images={mode}: the image was not fitted (diagnostics {codes})")
    block = conversion["output"]["content"][0]
    data: str = block["source"]["data"]
    return data


def pillow(data: str, size: tuple[int, int], form: str) -> str:
    image = Image.open(io.BytesIO(base64.b64decode(data)))
    image.thumbnail(size, Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, form, **({"quality": 85} if form == "JPEG" else {}))
    return base64.b64encode(out.getvalue()).decode()


def describe(data: str) -> dict[str, Any]:
    raw = base64.b64decode(data)
    with Image.open(io.BytesIO(raw)) as image:
        return {"width": image.width, "height": image.height, "format": image.format, "bytes": len(raw)}


def main() -> None:
    with open(sys.argv[1], "rb") as f:
        png = f.read()
    data = base64.b64encode(png).decode()
    result = {"content": [{"type": "image", "data": data, "mimeType": "image/png"}]}
    source = describe(data)
    for mode in ("limits", "recommended"):
        fitted = describe(ours(result, mode))
        size, form = (fitted["width"], fitted["height"]), fitted["format"]
        jobs: dict[str, Callable[[], str]] = {
            "mcp-tool-result (Python)": partial(ours, result, mode),
            f"Pillow {PIL.__version__}": partial(pillow, data, size, form),
        }
        outputs = {name: describe(job()) for name, job in jobs.items()}
        times: dict[str, list[float]] = {name: [] for name in jobs}
        for _ in range(ROUNDS):
            for name, job in jobs.items():
                times[name].append(cpu_ms(job))
        for name in jobs:
            row = {
                "language": "Python",
                "mode": mode,
                "tool": name,
                "cpu_ms": statistics.median(times[name]),
                "input": source,
                "output": outputs[name],
            }
            print(json.dumps(row), flush=True)


def fitted_png(result: dict[str, Any], target: str, mode: str) -> bytes:
    """Our fitted image's bytes (wherever the target puts it)."""
    conversion = m.convert(result, target, fit_images=mode, tool_call_id="call_1", payload="wire")
    text = json.dumps(conversion["output"]) + json.dumps(conversion.get("attachments", []))
    data = max(re.findall(r"[A-Za-z0-9+/=]{200,}", text), key=len)
    return base64.b64decode(data)


def png_bytes(image: Image.Image, **options: Any) -> int:
    out = io.BytesIO()
    image.save(out, "PNG", **options)
    return len(out.getvalue())


def png_sizes(paths: dict[str, str]) -> None:
    jobs = [
        ("screenshot", "anthropic", "recommended"),
        ("screenshot", "openai-chat", "recommended"),
        ("page", "anthropic", "limits"),
        ("page", "anthropic", "recommended"),
        ("page", "openai-chat", "recommended"),
        ("page", "gemini", "recommended"),
    ]
    for name, target, mode in jobs:
        with open(paths[name], "rb") as f:
            original = f.read()
        result = {"content": [{"type": "image", "data": base64.b64encode(original).decode(), "mimeType": "image/png"}]}
        ours = fitted_png(result, target, mode)
        with Image.open(io.BytesIO(ours)) as image:
            if image.format != "PNG":
                raise SystemExit(f"{name} {target} {mode}: fitted as {image.format}, not PNG")
            size = image.size
            ours_optimized = png_bytes(image, optimize=True)
        with Image.open(io.BytesIO(original)) as image:
            image.thumbnail(size, Image.Resampling.LANCZOS)
            pillow_default, pillow_optimized = png_bytes(image), png_bytes(image, optimize=True)
        row = {
            "png_size": f"{name} for {target} ({mode})",
            "input_bytes": len(original),
            "size": f"{size[0]}x{size[1]}",
            "ours": len(ours),
            "pillow": pillow_default,
            "pillow_optimize": pillow_optimized,
            "ours_pixels_pillow_optimize": ours_optimized,
        }
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
    png_sizes({"screenshot": sys.argv[1], "page": sys.argv[2]})
