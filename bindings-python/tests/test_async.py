"""The async forms: the sync call in a worker thread with the GIL released around the core call, so
the event loop runs while an image is fitted; same results and errors; a cancelled await leaves
nothing broken. (Every conformance case runs through them in test_conformance.py.)"""

from __future__ import annotations

import asyncio
import base64
import json
import struct
import threading
import zlib
from typing import Any

import pytest
from test_threads import png

import mcp_tool_result as m

# A 4K screenshot: fitting it for Anthropic ("recommended": 1568 px) decodes and resamples 8 MP.
SHOT = base64.b64encode(png(3840, 2160)).decode()


def flat_png(width: int, height: int) -> bytes:
    """A black RGB PNG, compressed: many pixels in few bytes."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = bytes((width * 3 + 1) * height)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


# The same 8 MP in under 64 KiB of base64: the sync forms keep the GIL for it, the workers do not.
FLAT = base64.b64encode(flat_png(3840, 2160)).decode()


class Started:
    """An image block as a host object (lowered through ``to_dict``): lowering it, in the worker
    thread just before the core call, sets ``event``."""

    def __init__(self, data: str, event: threading.Event) -> None:
        self.data = data
        self.event = event

    def to_dict(self) -> dict[str, Any]:
        self.event.set()
        return {"type": "image", "data": self.data, "mimeType": "image/png"}


# A blocked loop can still tick once: between the event and the core call. The sync form run
# in a plain executor thread on FLAT (GIL held) gives 0 or 1; the async forms give tens.
BLOCKED_TICKS = 1


async def ticks_during(conversion: Any, started: threading.Event) -> int:
    """How often a 1 ms timer fired on the loop after ``started`` was set and before
    ``conversion`` (an awaitable) finished."""
    task = asyncio.ensure_future(conversion)
    ticks = 0
    while not task.done():
        await asyncio.sleep(0.001)
        if started.is_set() and not task.done():
            ticks += 1
    await task
    return ticks


def test_the_loop_ticks_while_a_large_image_is_fitted() -> None:
    started = threading.Event()
    result = {"content": [Started(SHOT, started)]}
    call = m.convert_async(result, "anthropic", tool_call_id="t", fit_images="recommended")
    ticks = asyncio.run(ticks_during(call, started))
    assert ticks > BLOCKED_TICKS, "the event loop did not run during the conversion"


def test_the_async_form_gives_the_sync_result_of_a_fit() -> None:
    result = {
        "content": [
            {"type": "text", "text": "shot"},
            {"type": "image", "data": SHOT, "mimeType": "image/png"},
        ]
    }
    options: dict[str, Any] = {"tool_call_id": "t", "fit_images": "recommended"}
    want = m.convert(result, "anthropic", **options)
    assert [d["code"] for d in want["diagnostics"]] == ["image_resized"]
    assert asyncio.run(m.convert_async(result, "anthropic", **options)) == want
    assert asyncio.run(m.convert_json_async(json.dumps(result), "anthropic", **options)) == want


def test_the_loop_ticks_while_a_small_input_is_fitted() -> None:
    """The workers release the GIL below the sync forms' 64 KiB threshold too."""
    assert len(FLAT) < 64 * 1024
    started = threading.Event()
    call = m.convert_async({"content": [Started(FLAT, started)]}, "anthropic", fit_images="recommended")
    ticks = asyncio.run(ticks_during(call, started))
    assert ticks > BLOCKED_TICKS, "the event loop did not run during the conversion"


def test_errors_are_the_sync_errors() -> None:
    async def main() -> None:
        with pytest.raises(m.UsageError) as caught:
            await m.convert_async({"content": []}, "nope")  # type: ignore[arg-type]
        assert (caught.value.code, caught.value.path) == ("unsupported_target", "")
        with pytest.raises(m.InvalidInputError) as bad:
            await m.convert_json_async("{", "anthropic")
        assert bad.value.code == "invalid_json"
        with pytest.raises(m.ConvertError) as option:
            await m.extract_images_async({}, tool_call_id="x")  # type: ignore[call-arg]
        assert (option.value.code, option.value.path) == ("invalid_option", "/tool_call_id")
        image = {"type": "image", "data": FLAT, "mimeType": "image/png"}
        assert await m.extract_images_json_async(json.dumps(image)) == m.extract_images(image)

    asyncio.run(main())


def test_a_cancelled_await_leaves_nothing_broken() -> None:
    result = {"content": [{"type": "image", "data": SHOT, "mimeType": "image/png"}]}
    options: dict[str, Any] = {"tool_call_id": "t", "fit_images": "recommended"}

    async def main() -> None:
        started = threading.Event()
        task = asyncio.ensure_future(
            m.convert_async({"content": [Started(SHOT, started)]}, "anthropic", **options)
        )
        while not started.is_set():
            await asyncio.sleep(0.001)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        # Cancelled before it started: the call never runs.
        queued = [asyncio.ensure_future(m.convert_async(result, "anthropic", **options)) for _ in range(64)]
        for pending in queued:
            pending.cancel()
        await asyncio.gather(*queued, return_exceptions=True)
        assert all(pending.cancelled() for pending in queued)
        # The workers, the module and the input are as before.
        again = await m.convert_async(result, "anthropic", **options)
        assert again == m.convert(result, "anthropic", **options)
        assert result["content"][0]["data"] is SHOT

    asyncio.run(main())
