"""Concurrency over the soak workload: every call of conformance/soak, plus results large enough
that the binding releases the GIL (64 KiB of text or more), converted by several threads at
once in interleaved orders, gives exactly its serial outcome (result or error)."""

from __future__ import annotations

import base64
import threading
from typing import Any

from soak_support import outcome, soak_n, workload
from test_threads import png

THREADS = 4


def large_calls() -> list[dict[str, Any]]:
    """Results over the 64 KiB GIL threshold: long text, a PNG worth fitting, both in strict mode."""
    calls = []
    for i in range(8):
        image = base64.b64encode(png(900 + 16 * i, 700)).decode()
        result = {
            "content": [
                {"type": "text", "text": f"{i} " + "y" * (70_000 + i)},
                {"type": "image", "data": image, "mimeType": "image/png"},
            ],
            "structuredContent": {"i": i},
        }
        calls.append(
            {
                "id": f"large/{i}",
                "op": "extract" if i == 7 else "convert",
                "target": ("anthropic", "gemini", "openai-responses", "bedrock", "copilot", "mcp", "text")[
                    i % 7
                ],
                "options": {"tool_call_id": f"c{i}", "fit_images": ("limits", "recommended")[i % 2]}
                | ({"strict": True, "max_text_chars": 1000} if i % 3 == 0 else {}),
                "input": result,
            }
        )
    return calls


def test_threads_give_the_serial_outcomes() -> None:
    calls = workload()["calls"] + large_calls()
    serial = [outcome(call) for call in calls]
    rounds = max(1, soak_n(3000) // (10 * len(calls)))
    outputs: list[list[Any]] = [[None] * len(calls) for _ in range(THREADS)]
    failures: list[BaseException] = []

    def worker(t: int) -> None:
        try:
            # Each thread walks every call from its own offset, odd ones backwards, so that
            # different inputs (large and small, results and errors) are converted at once.
            for _ in range(rounds):
                for k in range(len(calls)):
                    i = (k + t * len(calls) // THREADS) % len(calls)
                    i = len(calls) - 1 - i if t % 2 else i
                    outputs[t][i] = outcome(calls[i])
        except BaseException as error:  # reported by the main thread
            failures.append(error)

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    for t in range(THREADS):
        wrong = [calls[i]["id"] for i in range(len(calls)) if outputs[t][i] != serial[i]]
        assert wrong == [], f"thread {t}"
