"""Microsoft agent-framework's own `Content` objects (agent-framework-core, pinned in
requirements.txt) as input: the binding reads them through their `to_dict()`, and the core
replays their shapes for `anthropic-mcp` (expected values from conformance/README.md, target
`anthropic-mcp`: images and links become markers, text and error contents text)."""

from __future__ import annotations

import base64
import struct
import zlib
from typing import Any

from agent_framework import Content

import mcp_tool_result as m


def png(width: int, height: int) -> bytes:
    """A real PNG of opaque gray pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


PNG = png(16, 16)
PNG_B64 = base64.b64encode(PNG).decode()
IMAGE_MARKER = f"[image image/png, {len(PNG)} B: not supported by this target]"


def contents() -> list[Content]:
    return [
        Content.from_text("chart rendered"),
        Content.from_data(PNG, "image/png"),
        Content.from_uri("https://example.com/report.pdf", media_type="application/pdf"),
        Content.from_error(message="partial data", error_code="E_PARTIAL"),
    ]


REPLAYED = [
    {"type": "text", "text": "chart rendered"},
    {"type": "text", "text": IMAGE_MARKER},
    {
        "type": "text",
        "text": "[resource_link https://example.com/report.pdf <https://example.com/report.pdf>]",
    },
    {"type": "text", "text": "partial data (E_PARTIAL)"},
]


def texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in texts(v)]
    if isinstance(value, list):
        return [s for v in value for s in texts(v)]
    return []


def test_a_list_of_contents_replays_with_the_image_as_an_image() -> None:
    out = m.convert(contents(), "anthropic-mcp", tool_call_id="mcptoolu_1")
    assert out["output"] == {
        "type": "mcp_tool_result",
        "tool_use_id": "mcptoolu_1",
        "is_error": False,
        "content": REPLAYED,
    }
    assert [(d["code"], d["path"]) for d in out.get("diagnostics", [])] == [("block_as_marker", "/1")]


def test_mcp_server_tool_result_keeps_its_call_id() -> None:
    result = Content.from_mcp_server_tool_result("mcptoolu_9", output=contents())
    out = m.convert(result, "anthropic-mcp")
    assert out["output"]["tool_use_id"] == "mcptoolu_9"
    assert out["output"]["content"] == REPLAYED


def test_function_result_items() -> None:
    result = Content.from_function_result("call_1", result=contents())
    out = m.convert(result, "anthropic-mcp")
    assert out["output"]["tool_use_id"] == "call_1"
    assert out["output"]["content"] == REPLAYED


def test_a_single_content() -> None:
    out = m.convert(Content.from_data(PNG, "image/png"), "anthropic-mcp", tool_call_id="mcptoolu_1")
    assert out["output"]["content"] == [{"type": "text", "text": IMAGE_MARKER}]


def test_every_target_takes_contents_and_no_payload_reaches_text() -> None:
    # Outside anthropic-mcp replay, a Content is not an MCP block: it reaches the model as
    # text (canonical JSON), but its data URI becomes a marker, never 400 KB of base64 text.
    for target in m.TARGETS:
        out = m.convert(
            {"content": contents()}, target, tool_call_id="call_1", tool_name="chart", payload="wire"
        )
        strings = texts(out)
        assert not any(PNG_B64 in s for s in strings), target
        assert any("chart rendered" in s for s in strings), target
