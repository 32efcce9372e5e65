"""The request check catches what it exists to catch (run by ``make e2e`` beside the suites)."""

from __future__ import annotations

import base64
import io

from check import ASSETS, check_request
from PIL import Image

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


def test_gemini_interactions_contents_are_read_there_only() -> None:
    step = {"type": "function_result", "call_id": "c", "result": [{"type": "image", "data": B64, "mime_type": "image/png"}]}
    assert verdict({"input": [step]}, "gemini-interactions") == []
    twice = base64.b64encode(B64.encode()).decode()
    doubled = {"type": "function_result", "call_id": "c", "result": [{"type": "image", "data": twice, "mime_type": "image/png"}]}
    assert any("encoded twice" in p for p in verdict({"input": [doubled]}, "gemini-interactions"))
    # The same block in another provider's request is an MCP block leaked into it, not media.
    leaked = verdict({"messages": [{"content": [{"type": "image", "data": B64, "mimeType": "image/png"}]}]})
    assert any("did not arrive as media" in p for p in leaked)
    assert any("inside a text field" in p for p in leaked)


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


# --- fitted images (query "fit") -----------------------------------------------------------


def png_header(width: int, height: int, size: int = 64) -> bytes:
    """The first bytes of a PNG of ``width`` x ``height`` (the check reads headers only)."""
    head = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + width.to_bytes(4, "big") + height.to_bytes(4, "big") + b"\x08\x02\0\0\0"
    return head.ljust(size, b"\0")


def jpeg_header(width: int, height: int) -> bytes:
    sof = b"\xff\xc0\x00\x11\x08" + height.to_bytes(2, "big") + width.to_bytes(2, "big") + b"\x03" + bytes(9)
    return b"\xff\xd8\xff\xe0\x00\x04\0\0" + sof + b"\xff\xd9"


def real_image(width: int, height: int, form: str) -> bytes:
    """A real image of ``width`` x ``height`` that Pillow decodes (one colour: small and fast)."""
    out = io.BytesIO()
    Image.new("RGB", (width, height), (40, 90, 160)).save(out, form)
    return out.getvalue()


def screenshot_result(original: bytes) -> dict:
    data = base64.b64encode(original).decode()
    return {"content": [{"type": "text", "text": "4K"}, {"type": "image", "data": data, "mimeType": "image/png"}]}


def fit_verdict(sent: bytes, fit: str | None, target: str = "anthropic", media_type: str = "", original: bytes = b"") -> list[str]:
    source = {"type": "base64", "media_type": media_type or "image/jpeg", "data": base64.b64encode(sent).decode()}
    body = {"messages": [{"content": [{"type": "image", "source": source}]}]}
    query = {"target": target, "result": screenshot_result(original or png_header(3840, 2160))}
    if fit is not None:
        query["fit"] = fit
    return check_request({"body": body}, query)["problems"]


def test_a_fitted_image_within_the_limits_passes() -> None:
    original = real_image(3840, 2160, "PNG")
    assert fit_verdict(real_image(3840, 2160, "JPEG"), "limits", original=original) == []
    fitted = real_image(1456, 819, "PNG")
    assert fit_verdict(fitted, "recommended", media_type="image/png", original=original) == []


def test_an_image_pillow_cannot_decode_is_caught() -> None:
    truncated = PNG[: len(PNG) // 2]
    result = screenshot_result(truncated)
    body = {"m": [image(base64.b64encode(truncated).decode())]}
    problems = check_request({"body": body}, {"target": "anthropic", "result": result})["problems"]
    assert any("Pillow cannot decode" in p for p in problems), problems
    assert verdict({"messages": [{"content": [image(B64)]}]}) == []


def test_a_fitted_image_is_none_of_the_payloads_without_the_fit_query() -> None:
    assert any("none of the result's payloads" in p for p in fit_verdict(jpeg_header(3840, 2160), None))


def test_images_over_the_limits_are_caught() -> None:
    original = png_header(10000, 5000)
    problems = fit_verdict(jpeg_header(9000, 4500), "limits", original=original)
    assert any("over anthropic's 8000 px" in p for p in problems)
    big = png_header(3000, 2000, size=4_000_000)
    problems = fit_verdict(big, "limits", target="bedrock", media_type="image/png", original=png_header(3000, 2000, 100))
    assert any("over bedrock's 3932160" in p for p in problems)
    problems = fit_verdict(png_header(1600, 900), "recommended", media_type="image/png")
    assert any("recommended long_edge" in p for p in problems)
    # An unchanged image is held to the limits too.
    over = png_header(9000, 600)
    problems = fit_verdict(over, "limits", media_type="image/png", original=over)
    assert any("over anthropic's 8000 px" in p for p in problems)


def test_a_wrong_media_type_is_caught() -> None:
    problems = fit_verdict(jpeg_header(1920, 1080), "limits", media_type="image/png")
    assert any("declared image/png, but the bytes are image/jpeg" in p for p in problems)


def test_a_fitted_image_must_keep_the_aspect_ratio_and_never_grow() -> None:
    for sent in (jpeg_header(1920, 1200), jpeg_header(7680, 4320)):
        assert any("none of the result's images" in p for p in fit_verdict(sent, "limits"))


def test_a_repaired_image_stands_for_its_original() -> None:
    bad_crc = PNG[:29] + bytes(4) + PNG[33:]  # the IHDR CRC zeroed: Pillow refuses the original
    trailing = PNG + b"junk"
    for original in (bad_crc, trailing):
        result = {"content": [{"type": "image", "data": base64.b64encode(original).decode(), "mimeType": "image/png"}]}
        body = {"m": [image(B64)]}
        assert check_request({"body": body}, {"target": "anthropic", "result": result})["problems"] == []
    # Other bytes are not a repair of it.
    other = real_image(2, 2, "PNG")
    result = {"content": [{"type": "image", "data": base64.b64encode(other).decode(), "mimeType": "image/png"}]}
    problems = check_request({"body": {"m": [image(B64)]}}, {"target": "anthropic", "result": result})["problems"]
    assert any("none of the result's payloads" in p for p in problems), problems
