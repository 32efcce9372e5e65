"""Threads: the core runs with the GIL released (for inputs holding 64 KiB or more of text, such as
any image worth fitting), so conversions in several threads give exactly their serial outputs and
other Python threads run meanwhile."""

from __future__ import annotations

import base64
import struct
import sys
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import mcp_tool_result as m


def png(width: int, height: int) -> bytes:
    """An RGB PNG with a colour ramp, stored without compression (so it is large)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ramp = bytes(i % 251 for i in range(width * 3))
    rows = b"".join(b"\0" + ramp[y % 3 :] + ramp[: y % 3] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 0)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


SCREENSHOT = base64.b64encode(png(3840, 2160)).decode()


def screenshot_result(note: str) -> dict[str, Any]:
    image = {"type": "image", "data": SCREENSHOT, "mimeType": "image/png"}
    return {"content": [{"type": "text", "text": note}, image]}


def calls() -> list[tuple[object, m.Target, dict[str, Any]]]:
    """Different inputs, large and small, for different targets and options."""
    out: list[tuple[object, m.Target, dict[str, Any]]] = []
    for i in range(24):
        target = m.TARGETS[i % len(m.TARGETS)]
        big = "x" * (100_000 + i)
        result: object
        if i % 4 == 0:
            result = screenshot_result(f"shot {i}")
        elif i % 4 == 1:
            result = {"content": [{"type": "text", "text": big}], "structuredContent": {"i": i}}
        elif i % 4 == 2:
            result = {"content": [{"type": "image", "data": png(40 + i, 30).hex(), "mimeType": "image/png"}]}
        else:
            data = base64.b64encode(png(300 + i, 200)).decode()
            result = {"content": [{"type": "image", "data": data, "mimeType": "image/png"}], "isError": True}
        fit = ("limits", "recommended", "off")[i % 3]
        options: dict[str, Any] = {"tool_call_id": f"call-{i}", "fit_images": fit}
        out.append((result, target, options))
    return out


def test_threads_give_exactly_the_serial_outputs() -> None:
    work = calls()
    serial = [m.convert(result, target, **options) for result, target, options in work]
    outputs: list[Any] = [None] * len(work)
    errors: list[BaseException] = []

    def run(indices: range) -> None:
        try:
            for i in indices:
                result, target, options = work[i]
                outputs[i] = m.convert(result, target, **options)
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(range(k, len(work), 4),)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert outputs == serial


@contextmanager
def no_forced_switches() -> Iterator[None]:
    """While inside, a thread gives up the GIL only when it blocks or releases it itself."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def test_another_thread_runs_while_the_core_converts() -> None:
    # The other thread waits on `go`; once woken it needs the GIL to record that it ran. No switch
    # is forced, so it can only run while this thread is inside `convert` if the call releases
    # the GIL. If it does not, the order is "after convert" first every time; if it does, the
    # other thread runs first unless the machine is so busy that waking it took longer than the
    # conversion, hence a few attempts.
    result = screenshot_result("while converting")
    want = m.convert(result, "gemini", fit_images="recommended")
    orders = []
    for _ in range(5):
        go = threading.Event()
        ran: list[str] = []

        def other(go: threading.Event = go, ran: list[str] = ran) -> None:
            go.wait()
            ran.append("other")

        with no_forced_switches():
            thread = threading.Thread(target=other)
            thread.start()
            go.set()
            got = m.convert(result, "gemini", fit_images="recommended")
            ran.append("after convert")
            thread.join()
        assert got == want
        orders.append(ran)
        if ran == ["other", "after convert"]:
            break
    assert ["other", "after convert"] in orders, orders
