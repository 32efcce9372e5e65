"""agent-framework-anthropic (pinned in requirements.txt) with our `anthropic-mcp` conversion in
place of its own: its client turns each `mcp_server_tool_result` Content of a replayed history
into an Anthropic `mcp_tool_result` block (`RawAnthropicClient._prepare_message_for_anthropic`),
and the fixture `ours` replaces every such block by what `convert(content, "anthropic-mcp")`
gives for that Content.

The package ships no tests. The first two tests are ports of the framework's own replay tests
(`test_prepare_message_for_anthropic_mcp_server_tool_result` and `..._none_output` in
microsoft/agent-framework `python/packages/anthropic/tests/test_anthropic_client.py`, MIT
License, Copyright (c) Microsoft Corporation), with their inputs and assertions; the others
compare ours with the framework's own shapes and the Anthropic SDK's request type."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from agent_framework import Content, Message
from agent_framework_anthropic import AnthropicClient
from agent_framework_anthropic._chat_client import RawAnthropicClient
from anthropic.types.beta import BetaMCPToolResultBlock, BetaRequestMCPToolResultBlockParam, BetaTextBlock
from pydantic import TypeAdapter

import mcp_tool_result as m

FRAMEWORK = RawAnthropicClient._prepare_message_for_anthropic
REQUEST_BLOCK = TypeAdapter(BetaRequestMCPToolResultBlockParam)
PNG_B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4z8DwHwAFAAH/VscvDQAAAABJRU5ErkJggg=="


def prepare_with_ours(client: RawAnthropicClient, message: Message) -> dict[str, Any]:
    """The framework's message, each `mcp_tool_result` block replaced by our conversion of the
    `mcp_server_tool_result` Content it came from (one block per such Content, in order)."""
    prepared = FRAMEWORK(client, message)
    ours = iter(
        m.convert(c, "anthropic-mcp")["output"]
        for c in message.contents
        if c.type == "mcp_server_tool_result"
    )
    prepared["content"] = [
        next(ours) if block["type"] == "mcp_tool_result" else block for block in prepared["content"]
    ]
    assert next(ours, None) is None
    return prepared


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> AnthropicClient:
    monkeypatch.setattr(RawAnthropicClient, "_prepare_message_for_anthropic", prepare_with_ours)
    return AnthropicClient(api_key="test-api-key-12345", model="claude-3-5-sonnet-20241022")


def test_prepare_message_for_anthropic_mcp_server_tool_result(client: AnthropicClient) -> None:
    message = Message(
        role="tool",
        contents=[
            Content.from_mcp_server_tool_result(
                call_id="mcp_call_123",
                output="Found 3 results for Azure Functions.",
            )
        ],
    )

    result = client._prepare_message_for_anthropic(message)

    assert result["role"] == "user"
    assert len(result["content"]) == 1
    assert result["content"][0]["type"] == "mcp_tool_result"
    assert result["content"][0]["tool_use_id"] == "mcp_call_123"
    assert result["content"][0]["content"] == "Found 3 results for Azure Functions."


def test_prepare_message_for_anthropic_mcp_server_tool_result_none_output(client: AnthropicClient) -> None:
    message = Message(
        role="tool",
        contents=[
            Content.from_mcp_server_tool_result(
                call_id="mcp_call_789",
                output=None,
            )
        ],
    )

    result = client._prepare_message_for_anthropic(message)

    assert result["role"] == "user"
    assert len(result["content"]) == 1
    assert result["content"][0]["type"] == "mcp_tool_result"
    assert result["content"][0]["tool_use_id"] == "mcp_call_789"
    assert result["content"][0]["content"] == ""


@pytest.mark.parametrize("output", ["plain", "", "  \n", '{"a": 1}', None])
def test_strings_and_none_keep_the_framework_shape(client: AnthropicClient, output: str | None) -> None:
    message = Message(role="tool", contents=[Content.from_mcp_server_tool_result("mcp_1", output=output)])
    theirs = FRAMEWORK(client, message)["content"][0]
    ours = client._prepare_message_for_anthropic(message)["content"][0]
    assert ours == {**theirs, "is_error": False}
    REQUEST_BLOCK.validate_python(ours)


def test_contents_become_text_blocks_the_request_takes(client: AnthropicClient) -> None:
    # The framework passes a list of Content objects through unchanged (not JSON); ours gives
    # text blocks, the image as its marker.
    output = [
        Content.from_text("chart rendered"),
        Content.from_data(base64.b64decode(PNG_B64), "image/png"),
        Content.from_error(message="partial data", error_code="E_PARTIAL"),
    ]
    message = Message(role="tool", contents=[Content.from_mcp_server_tool_result("mcp_1", output=output)])
    with pytest.raises(TypeError):
        json.dumps(FRAMEWORK(client, message))
    block = client._prepare_message_for_anthropic(message)["content"][0]
    assert block["content"] == [
        {"type": "text", "text": "chart rendered"},
        {"type": "text", "text": "[image image/png, 70 B: not supported by this target]"},
        {"type": "text", "text": "partial data (E_PARTIAL)"},
    ]
    REQUEST_BLOCK.validate_python(json.loads(json.dumps(block)))


@pytest.mark.parametrize(
    "content",
    [
        "Simple string result",
        [BetaTextBlock(type="text", text="Result text"), BetaTextBlock(type="text", text="more")],
    ],
)
def test_a_response_block_replays_as_its_text(client: AnthropicClient, content: Any) -> None:
    # The framework parses a response's mcp_tool_result into Content, stores it in the history
    # and replays it on the next request: the texts come back as text blocks.
    block = BetaMCPToolResultBlock(
        type="mcp_tool_result", tool_use_id="mcptoolu_1", is_error=False, content=content
    )
    parsed = client._parse_contents_from_anthropic([block])
    replayed = client._prepare_message_for_anthropic(Message(role="tool", contents=parsed))["content"]
    texts = [content] if isinstance(content, str) else [b.text for b in content]
    assert replayed == [
        {
            "type": "mcp_tool_result",
            "tool_use_id": "mcptoolu_1",
            "is_error": False,
            "content": [{"type": "text", "text": t} for t in texts],
        }
    ]
