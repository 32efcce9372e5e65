"""This binding's payload default: `payload="sdk"` for `host="python"`, so outputs hold `bytes`
wherever the official Python SDK types the field as binary, and boto3 takes Bedrock output
as-is (it base64-encodes `source.bytes` itself: a base64 string there is encoded twice)."""

from __future__ import annotations

import base64
import json
from typing import Any

import boto3
import pytest
from botocore.validate import ParamValidator

import mcp_tool_result as m

from conftest import README, readme_code, real_png

PNG = real_png(1032)
PNG_B64 = base64.b64encode(PNG).decode()
RESULT = {
    "content": [
        {"type": "text", "text": "chart"},
        {"type": "image", "data": PNG_B64, "mimeType": "image/png"},
    ]
}


def bedrock_image(conversion: Any) -> Any:
    return conversion["output"]["toolResult"]["content"][1]["image"]["source"]["bytes"]


def test_bedrock_source_bytes_are_bytes_by_default() -> None:
    image = bedrock_image(m.convert(RESULT, "bedrock", tool_call_id="tooluse_1"))
    assert type(image) is bytes
    assert image == PNG
    assert bedrock_image(m.convert_json(json.dumps(RESULT), "bedrock", tool_call_id="tooluse_1")) == PNG


def test_a_bytes_payload_comes_back_as_the_same_object() -> None:
    raw: dict[str, Any] = {
        "content": [
            {"type": "text", "text": "chart"},
            {"type": "image", "data": PNG, "mimeType": "image/png"},
        ]
    }
    assert bedrock_image(m.convert(raw, "bedrock", tool_call_id="tooluse_1")) is PNG
    # Where the target wants text, the same payload is its base64 str.
    assert m.to_copilot(raw)["binaryResultsForLlm"][0]["data"] == PNG_B64

    # Other bytes-like payloads (copied on the way in) come back as new plain bytes.
    class Raw(bytes):
        pass

    for data in (Raw(PNG), bytearray(PNG), memoryview(PNG)):
        raw["content"][1]["data"] = data
        image = bedrock_image(m.convert(raw, "bedrock", tool_call_id="tooluse_1"))
        assert type(image) is bytes
        assert image == PNG


def test_a_corrected_media_type_keeps_the_same_bytes_object() -> None:
    # A GIF labelled image/png: the core corrects the type from the bytes, the payload is the same.
    gif = base64.b64decode("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")  # a real 1x1 GIF
    raw = {
        "content": [{"type": "text", "text": "x"}, {"type": "image", "data": gif, "mimeType": "image/png"}]
    }
    out = m.convert(raw, "bedrock", tool_call_id="tooluse_1")
    assert out["output"]["toolResult"]["content"][1]["image"]["format"] == "gif"
    assert bedrock_image(out) is gif


def test_payload_wire_keeps_base64_text() -> None:
    image = bedrock_image(m.convert(RESULT, "bedrock", tool_call_id="tooluse_1", payload="wire"))
    assert image == PNG_B64


def test_gemini_inline_data_is_bytes_for_python_only() -> None:
    parts = m.convert(RESULT, "gemini", tool_name="chart")["output"]["functionResponse"]["parts"]
    assert parts == [{"inlineData": {"mimeType": "image/png", "data": PNG}}]
    node = m.convert(RESULT, "gemini", tool_name="chart", host="node")["output"]["functionResponse"]["parts"]
    assert node == [{"inlineData": {"mimeType": "image/png", "data": PNG_B64}}]


def test_targets_without_binary_fields_keep_base64_text() -> None:
    assert m.to_copilot(RESULT)["binaryResultsForLlm"][0]["data"] == PNG_B64
    source = m.convert(RESULT, "anthropic", tool_call_id="toolu_1")["output"]["content"][1]["source"]
    assert source["data"] == PNG_B64


def test_sdk_without_a_host_is_an_option_error() -> None:
    with pytest.raises(m.UsageError) as caught:
        m.convert(RESULT, "bedrock", tool_call_id="tooluse_1", host=None)
    assert caught.value.code == "invalid_option"


class Sent(Exception):
    """Raised in place of sending a request: carries the serialized body."""


def stopping_client() -> Any:
    """A Bedrock Runtime client that validates and serializes a request, then raises `Sent`."""
    client = boto3.client(
        "bedrock-runtime", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
    )

    def stop(request: Any, **kwargs: Any) -> None:
        raise Sent(request.body)

    client.meta.events.register("before-send.bedrock-runtime.Converse", stop)
    return client


def converse_body(tool_result: Any) -> Any:
    """What boto3 would send for a Converse call carrying ``tool_result``, after validating it."""
    client = stopping_client()
    params = {"modelId": "model", "messages": [{"role": "user", "content": [tool_result]}]}
    shape = client.meta.service_model.operation_model("Converse").input_shape
    report = ParamValidator().validate(params, shape)
    assert not report.has_errors(), report.generate_report()
    with pytest.raises(Sent) as sent:
        client.converse(**params)
    return json.loads(sent.value.args[0])["messages"][0]["content"][0]


def test_boto3_takes_the_default_output_and_sends_the_image_once_encoded() -> None:
    output = m.convert(RESULT, "bedrock", tool_call_id="tooluse_1")["output"]
    sent = converse_body(output)
    assert sent["toolResult"]["toolUseId"] == "tooluse_1"
    assert sent["toolResult"]["content"][1]["image"]["source"]["bytes"] == PNG_B64


def test_the_wire_form_would_be_encoded_twice_by_boto3() -> None:
    # Why the default is "sdk": boto3 accepts the base64 string and encodes it again.
    output = m.convert(RESULT, "bedrock", tool_call_id="tooluse_1", payload="wire")["output"]
    sent = converse_body(output)["toolResult"]["content"][1]["image"]["source"]["bytes"]
    assert base64.b64decode(sent) == PNG_B64.encode()


def test_readme_bedrock_snippet_sends_the_image_once_encoded() -> None:
    namespace: dict[str, Any] = {}
    exec(compile(readme_code("With boto3 (Bedrock Converse)"), str(README), "exec"), namespace)
    tool_use = {"toolUseId": "tooluse_1", "name": "chart", "input": {}}
    messages = [
        {"role": "user", "content": [{"text": "Draw the chart"}]},
        {"role": "assistant", "content": [{"toolUse": tool_use}]},
    ]
    failed = {**RESULT, "isError": True}
    for result in (RESULT, failed):
        with pytest.raises(Sent) as sent:
            namespace["answer_tool_use"](stopping_client(), messages, tool_use, result)
        content = json.loads(sent.value.args[0])["messages"][2]["content"]
        images = [block["image"] for block in texts_and_images(content) if "image" in block]
        assert [image["source"]["bytes"] for image in images] == [PNG_B64]
        assert content[0]["toolResult"]["toolUseId"] == "tooluse_1"


def texts_and_images(content: list[Any]) -> list[Any]:
    """The message's blocks, with the tool result's own content blocks in place of it."""
    return [inner for block in content for inner in block.get("toolResult", {}).get("content", [block])]
