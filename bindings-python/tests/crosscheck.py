"""The cross-check's runner (conformance/crosscheck/README.md): each case read from stdin goes
through `convert_json` (the text as `str` and as UTF-8 `bytes`) and `convert` (the text's value,
where `json.loads` reads it), or for the target `extract_images` through `extract_images_json`
and `extract_images`; one JSON line of outcomes per case goes to stdout.

Options are passed as the case gives them, with `payload="wire"` and `host=None` where it sets
neither (the core's defaults, as the conformance runner does; the extraction gets them as
given); `bytes` values come back as their base64 text.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import mcp_tool_result as m

from conftest import bytes_as_base64


def outcome(function: Callable[..., Any], *args: Any, **options: Any) -> dict[str, Any]:
    """`function(*args, **options)` as `{"ok": its result}` or `{"error": [code, path]}`."""
    try:
        return {"ok": bytes_as_base64(function(*args, **options), "", set())}
    except m.ConvertError as e:
        return {"error": [e.code, e.path]}


def main() -> None:
    sys.setrecursionlimit(10_000)
    for line in sys.stdin:
        case = json.loads(line)
        target, text = case["target"], case["input"]
        if target == "extract_images":
            options = case["options"]
            from_text, from_value, args = m.extract_images_json, m.extract_images, ()
        else:
            options = {"payload": "wire", "host": None, **case["options"]}
            from_text, from_value, args = m.convert_json, m.convert, (target,)
        doors = {
            "json": outcome(from_text, text, *args, **options),
            "json_bytes": outcome(from_text, text.encode(), *args, **options),
        }
        try:
            value = json.loads(text)
        except ValueError:
            pass
        else:
            doors["value"] = outcome(from_value, value, *args, **options)
        print(json.dumps(doors, ensure_ascii=False))


if __name__ == "__main__":
    main()
