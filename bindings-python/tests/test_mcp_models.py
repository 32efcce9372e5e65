"""The official `mcp` package's pydantic models, 1.x (camelCase attributes, extras kept) and
2.x (snake_case attributes, camelCase aliases, types from `mcp-types`).

Run in a venv holding one of them: `make test` runs this file once with each line
(`MCP_MAJOR` says which one the venv must hold).
"""

from __future__ import annotations

import base64
import importlib.metadata
import json
import os
from typing import Any

import anyio
import mcp.types as t
import pytest

import mcp_tool_result as m

# A real 1x1 RGBA PNG (Pillow decodes it), as a tool would send it.
PNG_1PX = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+E"
    "VQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII="
)

MAJOR = int(importlib.metadata.version("mcp").split(".")[0])
RECIPE: dict[str, Any] = {"by_alias": True, "exclude_none": True, "mode": "json"}


def test_the_venv_holds_the_expected_mcp_line() -> None:
    assert str(MAJOR) == os.environ.get("MCP_MAJOR", str(MAJOR))
    assert MAJOR in (1, 2)


def mixed_result(is_error: bool) -> t.CallToolResult:
    # Keyword names valid in both lines (2.x accepts the camelCase aliases too).
    return t.CallToolResult(
        content=[
            t.TextContent(type="text", text="hi"),
            t.ImageContent(type="image", data=PNG_1PX, mimeType="image/png"),
            t.EmbeddedResource(
                type="resource",
                resource=t.BlobResourceContents(
                    uri="file:///r.pdf", blob="JVBERi0x", mimeType="application/pdf"
                ),
            ),
            t.AudioContent(type="audio", data="UklGRg==", mimeType="audio/wav"),
            t.ResourceLink(type="resource_link", uri="file:///x", name="x"),
        ],
        isError=is_error,
    )


# By hand from conformance/README.md "Target copilot": text part, image binary, blob binary
# with the uri as description, audio as a marker (4 decoded bytes), the link as a marker.
MIXED_COPILOT = {
    "textResultForLlm": "hi\n[audio audio/wav, 4 B: not supported by this target]\n[resource_link x <file:///x>]",
    "resultType": "failure",
    "binaryResultsForLlm": [
        {"type": "image", "data": PNG_1PX, "mimeType": "image/png"},
        {
            "type": "resource",
            "data": "JVBERi0x",
            "mimeType": "application/pdf",
            "description": "file:///r.pdf",
        },
    ],
}
MIXED_DIAGNOSTICS = [{"code": "block_as_marker", "path": "/content/3"}]


def codes_and_paths(conversion: dict[str, Any]) -> list[dict[str, str]]:
    return [{"code": d["code"], "path": d["path"]} for d in conversion.get("diagnostics", [])]


def test_call_tool_result_model() -> None:
    model = mixed_result(is_error=True)
    assert m.to_copilot(model) == MIXED_COPILOT
    out = m.convert(model, "copilot")
    assert out["output"] == MIXED_COPILOT
    assert codes_and_paths(out) == MIXED_DIAGNOSTICS


def test_model_equals_its_wire_dump() -> None:
    model = mixed_result(is_error=False)
    wire = model.model_dump(**RECIPE)
    for target in m.TARGETS:
        assert m.convert(model, target) == m.convert(wire, target)


def test_model_dump_json_given_as_a_value_is_read_as_the_result() -> None:
    # Issue 30, item 3: the JSON text of a result passed to `convert` is converted as the result
    # (json_text_input at the root), not sent as one text block; strict mode raises, naming
    # convert_json. Without by_alias, 2.x writes `meta`/`_meta` as it pleases: compare with the
    # dict of the same text, which takes the same input rules.
    model = mixed_result(is_error=False)
    for text in (model.model_dump_json(), model.model_dump_json(**{"by_alias": True, "exclude_none": True})):
        for target in ("anthropic-mcp", "anthropic", "copilot"):
            out = m.convert(text, target, tool_call_id="toolu_1")
            want = m.convert(json.loads(text), target, tool_call_id="toolu_1")
            assert out["output"] == want["output"]
            assert codes_and_paths(out) == [{"code": "json_text_input", "path": ""}, *codes_and_paths(want)]
        with pytest.raises(m.InvalidInputError, match="convert_json") as caught:
            m.convert(text, "anthropic-mcp", strict=True)
        assert (caught.value.code, caught.value.path) == ("json_text_input", "")
        found = m.extract_images(text)
        assert found["images"] == m.extract_images(json.loads(text))["images"]
    assert m.convert('{"a": 1}', "anthropic-mcp")["output"]["content"] == '{"a": 1}'


def test_is_error_and_mime_types_survive_in_both_lines() -> None:
    # A plain model_dump() loses them on 2.x (snake_case keys); the binding's recipe does not.
    model = mixed_result(is_error=True)
    out = m.convert(model, "mcp")
    assert out["output"]["isError"] is True
    assert out["output"]["content"][1] == {"type": "image", "data": PNG_1PX, "mimeType": "image/png"}
    assert "snake_case_key" not in {d["code"] for d in out.get("diagnostics", [])}


def test_models_nested_in_plain_containers() -> None:
    blocks = (t.TextContent(type="text", text="a"), t.TextContent(type="text", text="b"))
    out = m.convert({"content": blocks, "isError": False}, "copilot")
    assert out == {"output": {"textResultForLlm": "a\nb", "resultType": "success"}}


def test_validated_wire_json_with_a_result_type() -> None:
    # 1.x keeps the undeclared resultType as an extra, 2.x declares it: both reach the core.
    model = t.CallToolResult.model_validate({"content": [], "resultType": "input_required"})
    with pytest.raises(m.NotFinalError) as caught:
        m.to_copilot(model)
    assert (caught.value.code, caught.value.path) == ("not_final_result", "/resultType")


def test_extras_of_1x_blocks_reach_the_core() -> None:
    block = t.TextContent.model_validate(
        {"type": "text", "text": "a", "annotations": {"audience": ["user"]}, "x": 1}
    )
    out = m.convert({"content": [block, {"type": "text", "text": "b"}]}, "copilot")
    assert out["output"]["textResultForLlm"] == "b"
    assert codes_and_paths(out) == [{"code": "audience_excluded", "path": "/content/0/annotations/audience"}]
    dumped = block.model_dump(**RECIPE)
    assert ("x" in dumped) == (MAJOR == 1)


def test_snake_case_attributes_of_2x() -> None:
    if MAJOR == 1:
        model = t.ImageContent(type="image", data=PNG_1PX, mimeType="image/png")
        assert model.mimeType == "image/png"
    else:
        model = t.ImageContent(type="image", data=PNG_1PX, mime_type="image/png")
        assert model.mime_type == "image/png"
    out = m.to_copilot({"content": [model]})
    assert out["binaryResultsForLlm"] == [{"type": "image", "data": PNG_1PX, "mimeType": "image/png"}]


async def _call_through_a_session() -> Any:
    if MAJOR == 1:
        from mcp.server.fastmcp import FastMCP
        from mcp.shared.memory import create_connected_server_and_client_session

        server = FastMCP("test")
        server.tool()(tool)
        async with create_connected_server_and_client_session(server._mcp_server) as client:
            return await client.call_tool("tool", {})
    from mcp.client import Client
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("test")
    server.tool()(tool)
    async with Client(server) as client:
        return await client.call_tool("tool", {})


def tool() -> t.CallToolResult:
    """A tool returning the mixed result."""
    return mixed_result(is_error=True)


def test_what_call_tool_returns() -> None:
    result = anyio.run(_call_through_a_session)
    assert type(result).__name__ == "CallToolResult"
    assert m.to_copilot(result) == MIXED_COPILOT
    out = m.convert(result, "copilot")
    assert out["output"] == MIXED_COPILOT
    assert codes_and_paths(out) == MIXED_DIAGNOSTICS


def test_bedrock_media_are_bytes_for_boto3() -> None:
    # The binding's payload default: bytes where boto3 types the field as binary.
    out = m.convert(mixed_result(is_error=False), "bedrock", tool_call_id="tooluse_1")
    content = out["output"]["toolResult"]["content"]
    image = next(block["image"] for block in content if "image" in block)
    document = next(block["document"] for block in content if "document" in block)
    assert image["source"]["bytes"] == base64.b64decode(PNG_1PX)
    assert document["source"]["bytes"] == base64.b64decode("JVBERi0x")
