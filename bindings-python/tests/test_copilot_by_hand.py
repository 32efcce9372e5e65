"""How the Copilot Python SDK could call the core itself, without ``to_copilot_result``: the field
mapping of docs/copilot-sdk.md, done by hand against our output."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_tool_result import ConvertError, convert, to_copilot

tools = pytest.importorskip("copilot.tools")

# A real 1x1 PNG.
PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNnc"
    "gTQAAAAASUVORK5CYII="
)
PDF = {"uri": "file:///r.pdf", "mimeType": "application/pdf", "blob": "JVBERi0x"}


def convert_by_hand(call_result: Any) -> Any:
    """The SDK's ``convert_mcp_call_tool_result`` over our core (raises ``ConvertError`` for what
    is not a final CallToolResult)."""
    wire = to_copilot(call_result)
    binaries = [
        tools.ToolBinaryResult(
            data=b["data"], mime_type=b["mimeType"], type=b["type"], description=b.get("description", "")
        )
        for b in wire.get("binaryResultsForLlm", ())
    ]
    return tools.ToolResult(
        text_result_for_llm=wire["textResultForLlm"],
        result_type=wire["resultType"],
        binary_results_for_llm=binaries or None,
    )


def test_the_copilot_sdk_calls_the_core_by_hand() -> None:
    result = {
        "content": [
            {"type": "text", "text": "Analysis complete"},
            {"type": "image", "data": PNG, "mimeType": "image/png"},
            {
                "type": "resource",
                "resource": {"uri": "file:///r.pdf", "mimeType": "application/pdf", "blob": "JVBERi0x"},
            },
        ],
        "isError": True,
    }
    want = tools.ToolResult(
        text_result_for_llm="Analysis complete",
        result_type="failure",
        binary_results_for_llm=[
            tools.ToolBinaryResult(data=PNG, mime_type="image/png", type="image"),
            tools.ToolBinaryResult(
                data="JVBERi0x", mime_type="application/pdf", type="resource", description="file:///r.pdf"
            ),
        ],
    )
    assert convert_by_hand(result) == want
    # The fields the SDK has and the target does not write keep the SDK's defaults.
    got = convert_by_hand(result)
    assert (got.error, got.session_log, got.tool_telemetry, got.tool_references) == (None, None, None, None)
    # The Conversion of the copilot target has the same fields, plus the diagnostics.
    assert convert(result, "copilot")["output"] == to_copilot(result)
    # A text-only success: no binary results (None, as the SDK's own converter leaves them).
    only_text = convert_by_hand({"content": [{"type": "text", "text": "ok"}]})
    assert only_text == tools.ToolResult(text_result_for_llm="ok", result_type="success")
    # What is not a final CallToolResult raises, where the SDK's converter would fail on it.
    with pytest.raises(ConvertError) as caught:
        convert_by_hand({"task": {"taskId": "t1"}})
    assert (caught.value.code, caught.value.path) == ("not_final_result", "/task")
