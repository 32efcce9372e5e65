"""The public API: names, to_copilot, errors, and the installed package itself."""

from __future__ import annotations

import pickle
import re
import typing
from pathlib import Path

import pytest

import mcp_tool_result as m
from mcp_tool_result import _native

# A real 1x1 RGBA PNG (Pillow decodes it), as a tool would send it.
PNG_1PX = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+E"
    "VQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII="
)

HERE = Path(__file__).resolve().parent

# The family of each error code (the core's ErrorFamily), restated for the Python classes.
FAMILY = {
    "not_final_result": m.NotFinalError,
    "jsonrpc_error": m.NotFinalError,
    "unsupported_target": m.UsageError,
    "invalid_option": m.UsageError,
}


def test_targets_match_the_core() -> None:
    assert list(m.TARGETS) == _native.target_names()
    assert typing.get_args(m.Target) == m.TARGETS


@pytest.mark.parametrize(
    "result",
    [
        {"content": [{"type": "text", "text": "a"}], "isError": True},
        {"content": [{"type": "image", "data": PNG_1PX, "mimeType": "IMAGE/PNG"}]},
        {"content": [{"type": "audio", "data": "UklGRg==", "mimeType": "audio/wav"}]},
    ],
)
def test_to_copilot_is_the_output_of_convert(result: object) -> None:
    conversion = m.convert(result, "copilot")
    assert m.to_copilot(result) == conversion["output"]
    assert m.to_copilot(result, strict=False) == m.convert(result, "copilot", strict=False)["output"]
    assert set(m.to_copilot(result)) <= set(m.CopilotToolResult.__annotations__)


def test_to_copilot_diagnostics_stay_in_convert() -> None:
    result = {"content": [{"type": "image", "data": PNG_1PX, "mimeType": "IMAGE/PNG"}]}
    assert m.to_copilot(result) == {
        "textResultForLlm": "",
        "resultType": "success",
        "binaryResultsForLlm": [{"type": "image", "data": PNG_1PX, "mimeType": "image/png"}],
    }
    assert [d["code"] for d in m.convert(result, "copilot")["diagnostics"]] == ["mime_type_normalized"]
    # Options reach the core: a repair (not a notice) raises in strict mode.
    wrapped_data = PNG_1PX[:8] + "\n" + PNG_1PX[8:]
    wrapped = {"content": [{"type": "image", "data": wrapped_data, "mimeType": "image/png"}]}
    assert m.to_copilot(wrapped)["binaryResultsForLlm"][0]["data"] == PNG_1PX
    with pytest.raises(m.InvalidInputError) as caught:
        m.to_copilot(wrapped, strict=True)
    assert (caught.value.code, caught.value.path) == ("base64_not_canonical", "/content/0/data")


def test_one_shortcut_only() -> None:
    # Every other target goes through convert, which keeps attachments and diagnostics.
    shortcuts = {name for name in dir(m) if name.startswith("to_")}
    assert shortcuts == {"to_copilot", "to_copilot_result"}
    assert shortcuts <= set(m.__all__)


VALID_OPTIONS = {
    "strict": True,
    "validate_base64": False,
    "validate_images": "decode",
    "sniff_mime": False,
    "respect_audience": False,
    "binary": "marker",
    "structured_content": "append",
    "tool_call_id": "call_1",
    "tool_name": "shot",
    "payload": "wire",
    "host": "node",
    "max_images": 1,
    "max_image_bytes": 1024,
    "max_total_bytes": 4096,
    "max_image_dimension": 100,
    "fit_images": "recommended",
    "images_in_request": 21,
    "max_text_chars": 1000,
    "model": "claude-opus-4-7",
    "estimate_tokens": True,
    "max_tokens": 4000,
}


def test_every_typed_option_is_accepted_by_the_core() -> None:
    assert sorted(VALID_OPTIONS) == sorted(m.Options.__annotations__)
    for name, value in VALID_OPTIONS.items():
        m.convert({"content": []}, "mcp", **{name: value})  # type: ignore[misc]
        with pytest.raises(m.UsageError) as caught:
            m.convert({"content": []}, "mcp", **{name: [value]})  # type: ignore[misc]
        assert (caught.value.code, caught.value.path) == ("invalid_option", f"/{name}")


def test_extract_images_refuses_the_options_it_does_not_read() -> None:
    extract = set(m.ExtractOptions.__annotations__)
    assert extract < set(m.Options.__annotations__)
    for name, value in VALID_OPTIONS.items():
        if name in extract:
            m.extract_images({"content": []}, **{name: value})  # type: ignore[misc]
            continue
        with pytest.raises(m.UsageError, match="extract_images") as caught:
            m.extract_images({"content": []}, **{name: value})  # type: ignore[misc]
        assert (caught.value.code, caught.value.path) == ("invalid_option", f"/{name}")
    with pytest.raises(m.UsageError) as caught:
        m.extract_images_json("{", toolCallId="call_1")  # type: ignore[call-arg]
    assert (caught.value.code, caught.value.path) == ("invalid_option", "/toolCallId")


def test_error_classes() -> None:
    for family in (m.InvalidInputError, m.NotFinalError, m.UsageError, m.InternalError):
        assert issubclass(family, m.ConvertError)
    assert issubclass(m.ConvertError, ValueError)
    error = m.NotFinalError("not_final_result at /task: a task handle", "not_final_result", "/task")
    assert (error.code, error.path, str(error)) == (
        "not_final_result",
        "/task",
        "not_final_result at /task: a task handle",
    )
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is m.NotFinalError
    assert (copy.code, copy.path, str(copy)) == (error.code, error.path, str(error))
    assert (
        repr(error)
        == "NotFinalError('not_final_result at /task: a task handle', code='not_final_result', path='/task')"
    )


def test_raised_errors_have_the_family_class_code_and_path() -> None:
    cases = [
        ({"task": {"taskId": "t"}}, "copilot", {}, "not_final_result", "/task"),
        (
            {"jsonrpc": "2.0", "id": 1, "error": {"code": -1, "message": "x"}},
            "copilot",
            {},
            "jsonrpc_error",
            "/error",
        ),
        ({"content": []}, "nope", {}, "unsupported_target", ""),
        ({"content": []}, "copilot", {"strict": 1}, "invalid_option", "/strict"),
        ({"content": "x"}, "copilot", {"strict": True}, "content_not_array", "/content"),
        ([], "copilot", {}, "invalid_tool_result", ""),
        (
            {"content": [{"type": "text", "text": {"a"}}]},
            "copilot",
            {},
            "unsupported_value",
            "/content/0/text",
        ),
    ]
    for result, target, options, code, path in cases:
        with pytest.raises(m.ConvertError) as caught:
            m.convert(result, target, **options)  # type: ignore[arg-type]
        assert (caught.value.code, caught.value.path) == (code, path)
        assert type(caught.value) is FAMILY.get(code, m.InvalidInputError), code
        assert str(caught.value).startswith(code)


def test_the_package_is_the_installed_wheel() -> None:
    package = Path(m.__file__).resolve().parent
    assert HERE.parent not in package.parents, f"tests import the source tree: {package}"
    assert {"py.typed", "_native.pyi", "__init__.py", "_errors.py"} <= {p.name for p in package.iterdir()}
    assert any(p.name.startswith("_native.") and p.name.endswith((".so", ".pyd")) for p in package.iterdir())
    assert m.__version__ == _native.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", m.__version__)


def test_all_names_exist() -> None:
    for name in m.__all__:
        assert hasattr(m, name), name


def test_per_call_options_apply_on_each_call_over_the_kept_ones() -> None:
    # tool_call_id and tool_name differ from call to call: the binding keeps the other options
    # without them and applies them on each call, so no call sees another call's id.
    result = {"content": [{"type": "text", "text": "hi"}]}
    for i in range(20):
        options = {"tool_call_id": f"call_{i}", "validate_base64": False, "tool_name": f"t{i % 3}"}
        out = m.convert(result, "gemini", **options)
        assert out["output"]["functionResponse"]["id"] == f"call_{i}"
        assert out["output"]["functionResponse"]["name"] == f"t{i % 3}"
    assert m.convert(result, "openai-chat", strict=False, tool_call_id="a")["output"]["tool_call_id"] == "a"
    without = m.convert(result, "openai-chat", strict=False)
    assert "tool_call_id" not in without["output"]
    assert [d["code"] for d in without["diagnostics"]] == ["missing_tool_call_id"]
    for _ in range(2):
        with pytest.raises(m.UsageError) as error:
            m.convert(result, "anthropic", validate_base64=False, tool_call_id=3)
        assert (error.value.code, error.value.path) == ("invalid_option", "/tool_call_id")
        # The other options' errors come first.
        with pytest.raises(m.UsageError) as error:
            m.convert(result, "anthropic", tool_call_id=3, strict="yes")
        assert (error.value.code, error.value.path) == ("invalid_option", "/strict")


def test_a_per_call_option_over_kept_options_is_checked_as_the_others() -> None:
    # Over kept options only the per-call ones are lowered again: their errors stay the same.
    result = {"content": [{"type": "text", "text": "hi"}]}
    out = m.convert(result, "anthropic", validate_base64=False, tool_call_id="c1")
    assert out["output"]["tool_use_id"] == "c1"
    with pytest.raises(m.UsageError) as error:
        m.convert(result, "anthropic", validate_base64=False, tool_call_id={1})
    assert (error.value.code, error.value.path) == ("invalid_option", "/tool_call_id")
    out = m.convert(result, "anthropic", validate_base64=False, tool_call_id="c2")
    assert out["output"]["tool_use_id"] == "c2"


def test_each_call_gets_its_own_options() -> None:
    # The binding keeps recent option sets by the identity of their objects; alternating and
    # repeated values must still each give their own conversion.
    result = {"content": [{"type": "text"}]}
    for _ in range(2):
        lenient = m.convert(result, "copilot", strict=False)
        assert [d["code"] for d in lenient.get("diagnostics", [])] != []
        with pytest.raises(m.ConvertError):
            m.convert(result, "copilot", strict=True)
        assert m.convert(result, "copilot", strict=False) == lenient
    hidden = m.to_copilot({"content": [{"type": "text", "text": "x", "annotations": {"audience": ["user"]}}]})
    assert (
        m.to_copilot(
            {"content": [{"type": "text", "text": "x", "annotations": {"audience": ["user"]}}]},
            respect_audience=False,
        )
        != hidden
    )


def test_short_texts_the_core_makes_are_told_apart() -> None:
    # Short texts the core makes come from a table of kept strings: texts with the same length
    # and the same first and last eight bytes must still each come back as themselves.
    for middle in "XYXY":
        blocks = [{"type": "text", "text": "12345678"}, {"type": "text", "text": f"{middle}12345678"}]
        assert m.to_copilot({"content": blocks})["textResultForLlm"] == f"12345678\n{middle}12345678"
