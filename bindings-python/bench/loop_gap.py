"""How long a conversion holds up the asyncio event loop: a 4K screenshot (an uncompressed RGB
PNG, 33 MB of base64) fitted for Anthropic (``fit_images="recommended"``), once with the sync
``convert`` called in a coroutine and once with ``convert_async``, while a 1 ms timer ticks.
Prints the conversion's time and the longest gap between two ticks. Run with the wheel
installed: ``python bench/loop_gap.py``.
"""

from __future__ import annotations

import asyncio
import base64
import struct
import time
import zlib
from collections.abc import Awaitable, Callable

import mcp_tool_result as m


def png(width: int, height: int) -> bytes:
    """An RGB PNG with a colour ramp, stored without compression."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ramp = bytes(i % 251 for i in range(width * 3))
    rows = b"".join(b"\0" + ramp[y % 3 :] + ramp[: y % 3] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 0)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


RESULT = {
    "content": [
        {"type": "image", "data": base64.b64encode(png(3840, 2160)).decode(), "mimeType": "image/png"}
    ]
}


async def longest_gap(call: Callable[[], Awaitable[object]]) -> tuple[float, float]:
    """The call's time and the longest gap between ticks of a 1 ms timer meanwhile, in ms."""
    gaps: list[float] = []
    done = False

    async def tick() -> None:
        last = time.perf_counter()
        while not done:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(0.01)
    start = time.perf_counter()
    await call()
    took = time.perf_counter() - start
    done = True
    await ticker
    return took * 1000, max(gaps) * 1000


async def sync_form() -> object:
    return m.convert(RESULT, "anthropic", tool_call_id="t", fit_images="recommended")


async def async_form() -> object:
    return await m.convert_async(RESULT, "anthropic", tool_call_id="t", fit_images="recommended")


async def main() -> None:
    for _ in range(3):
        for name, call in (("convert (sync)", sync_form), ("convert_async", async_form)):
            took, gap = await longest_gap(call)
            print(f"{name:15} conversion {took:6.0f} ms, longest loop gap {gap:6.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
