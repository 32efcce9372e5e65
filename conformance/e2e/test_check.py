"""The request check catches what it exists to catch (run by ``make e2e`` beside the suites)."""

from __future__ import annotations

import base64

from check import ASSETS, check_request

PNG = ASSETS["chart.png"]
B64 = base64.b64encode(PNG).decode()
RESULT = {
    "content": [{"type": "text", "text": "chart:"}, {"type": "image", "data": B64, "mimeType": "image/png"}]
}


def verdict(body: dict, target: str = "anthropic", result: dict = RESULT) -> list[str]:
    return check_request({"body": body}, {"target": target, "result": result, "assets": True})["problems"]


def image(data: str) -> dict:
    return {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": data}}


def test_the_original_bytes_as_media_pass() -> None:
    assert verdict({"messages": [{"content": [image(B64)]}]}) == []


def test_bytes_encoded_twice_are_caught() -> None:
    twice = base64.b64encode(B64.encode()).decode()
    problems = verdict({"messages": [{"content": [image(twice)]}]})
    assert any("encoded twice" in p for p in problems)


def test_base64_in_a_text_field_is_caught() -> None:
    problems = verdict({"messages": [{"content": [image(B64), {"type": "text", "text": f"x {B64} y"}]}]})
    assert any("inside a text field" in p for p in problems)


def test_a_data_url_in_text_is_caught() -> None:
    problems = verdict(
        {"messages": [{"content": [image(B64), {"type": "text", "text": "data:a/b;base64,AAAA"}]}]}
    )
    assert any("data URL inside a text field" in p for p in problems)


def test_missing_media_is_caught() -> None:
    problems = verdict({"messages": [{"content": [{"type": "text", "text": "[image image/png]"}]}]})
    assert any("did not arrive as media" in p for p in problems)


def test_media_for_a_user_only_audience_is_caught() -> None:
    result = {"content": [dict(RESULT["content"][1], annotations={"audience": ["user"]})]}
    assert any("audience" in p for p in verdict({"m": [image(B64)]}, result=result))


def test_bedrock_and_gemini_and_openai_media_forms_are_read() -> None:
    url = f"data:image/png;base64,{B64}"
    urlsafe = base64.urlsafe_b64encode(PNG).decode()
    assert verdict({"c": [{"image": {"format": "png", "source": {"bytes": B64}}}]}, "bedrock") == []
    assert verdict({"c": [{"inline_data": {"mime_type": "image/png", "data": urlsafe}}]}, "gemini") == []
    assert verdict({"m": [{"type": "image_url", "image_url": {"url": url}}]}, "openai-chat") == []
    assert verdict({"i": [{"type": "input_image", "image_url": url}]}, "openai-responses") == []


def test_bytes_that_are_no_asset_are_caught() -> None:
    other = base64.b64encode(b"\x89PNG\r\n\x1a\nnot an asset").decode()
    result = {"content": [{"type": "image", "data": other, "mimeType": "image/png"}]}
    assert any("none of the asset files" in p for p in verdict({"m": [image(other)]}, result=result))


def test_media_inside_an_error_tool_result_is_caught() -> None:
    anthropic = {"type": "tool_result", "tool_use_id": "t", "is_error": True, "content": [image(B64)]}
    assert any("text only" in p for p in verdict({"m": [{"content": [anthropic]}]}))
    bedrock = {
        "toolResult": {
            "toolUseId": "t",
            "status": "error",
            "content": [{"image": {"format": "png", "source": {"bytes": B64}}}],
        }
    }
    assert any("text only" in p for p in verdict({"m": [{"content": [bedrock]}]}, "bedrock"))
    fine = {"toolResult": {"toolUseId": "t", "status": "error", "content": [{"text": "failed"}]}}
    assert (
        verdict(
            {"m": [{"content": [fine, {"image": {"format": "png", "source": {"bytes": B64}}}]}]}, "bedrock"
        )
        == []
    )
