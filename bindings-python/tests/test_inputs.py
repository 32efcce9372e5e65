"""Host values the binding accepts, rejects and survives."""

from __future__ import annotations

import array
import base64
import collections
import decimal
import enum
import json
import sys
import threading
from typing import Any

import pytest

import mcp_tool_result as m

from conftest import real_png

PNG = real_png(96)
PNG_B64 = base64.b64encode(PNG).decode()


def copilot(result: Any, **options: Any) -> Any:
    """The whole Conversion for copilot (``to_copilot`` returns its ``output`` alone)."""
    return m.convert(result, "copilot", **options)


def mcp(result: Any, **options: Any) -> Any:
    return m.convert(result, "mcp", **options)


def image(data: Any, mime: str = "image/png") -> dict[str, Any]:
    return {"content": [{"type": "image", "data": data, "mimeType": mime}]}


def copilot_image(data: str, mime: str = "image/png") -> dict[str, Any]:
    return {
        "textResultForLlm": "",
        "resultType": "success",
        "binaryResultsForLlm": [{"type": "image", "data": data, "mimeType": mime}],
    }


# --- bytes payloads -------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [bytes, bytearray, memoryview])
def test_bytes_like_payload_is_base64_encoded(kind: type) -> None:
    out = copilot(image(kind(PNG)))
    assert out == {"output": copilot_image(PNG_B64)}


def test_non_contiguous_memoryview_payload() -> None:
    doubled = bytes(b for byte in PNG for b in (byte, 0))
    view = memoryview(doubled)[::2]
    assert not view.contiguous
    assert m.to_copilot(image(view)) == copilot_image(PNG_B64)


def test_memoryview_of_other_item_size_is_its_raw_bytes() -> None:
    words = array.array("H", PNG)  # 2-byte items holding the PNG's bytes in memory order
    assert words.itemsize == 2
    out = mcp({"content": [{"type": "image", "data": memoryview(words), "mimeType": "image/png"}]})
    assert out["output"]["content"][0]["data"] == PNG_B64


def test_bytes_blob_in_resource() -> None:
    pdf = b"%PDF-1.7\n" + bytes(40)
    result = {
        "content": [
            {
                "type": "resource",
                "resource": {"uri": "file:///r.pdf", "blob": pdf, "mimeType": "application/pdf"},
            }
        ]
    }
    binary = m.to_copilot(result)["binaryResultsForLlm"][0]
    assert binary == {
        "type": "resource",
        "data": base64.b64encode(pdf).decode(),
        "mimeType": "application/pdf",
        "description": "file:///r.pdf",
    }


def test_empty_bytes_is_an_empty_payload() -> None:
    out = copilot(image(b""))
    assert [d["code"] for d in out["diagnostics"]] == ["empty_payload"]
    assert out["output"]["textResultForLlm"] == "[image image/png: empty data]"


def test_bytes_as_text_are_base64_not_utf8() -> None:
    # A text field holding bytes gets the base64 string (bytes are never decoded as text).
    out = mcp({"content": [{"type": "text", "text": b"hi"}]})
    assert out["output"]["content"][0] == {"type": "text", "text": "aGk="}


# --- JSON text input ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [str, bytes, bytearray, memoryview])
def test_json_text_input(kind: type) -> None:
    text = json.dumps(image(PNG_B64))
    data = text if kind is str else kind(text.encode())
    assert m.convert_json(data, "copilot") == {"output": copilot_image(PNG_B64)}
    assert m.convert_json(data, "copilot", strict=True) == {"output": copilot_image(PNG_B64)}


def test_a_str_is_a_string_value_not_json_text() -> None:
    block = json.dumps(image(PNG_B64)["content"][0])
    # JSON text that is not a tool result (here a block), given to convert, is one string.
    with pytest.raises(m.InvalidInputError) as caught:
        copilot(block)
    assert (caught.value.code, caught.value.path) == ("invalid_tool_result", "")
    # To anthropic-mcp a string is replayed history: it stays that string.
    for value in ("done", "[1, 2", "{", block):
        out = m.convert(value, "anthropic-mcp")
        assert out["output"]["content"] == value
    with pytest.raises(m.InvalidInputError) as caught:
        m.convert_json("done", "anthropic-mcp")
    assert caught.value.code == "invalid_json"
    assert m.convert_json('"done"', "anthropic-mcp") == m.convert("done", "anthropic-mcp")


def test_a_str_holding_the_json_text_of_a_result_is_read_as_that_result() -> None:
    text = json.dumps(image(PNG_B64))
    for target in ("copilot", "anthropic-mcp"):
        out = m.convert(text, target)
        assert out["output"] == m.convert(image(PNG_B64), target)["output"]
        assert out["diagnostics"][0]["code"] == "json_text_input"
        with pytest.raises(m.InvalidInputError, match="convert_json") as caught:
            m.convert(text, target, strict=True)
        assert (caught.value.code, caught.value.path) == ("json_text_input", "")
    assert m.extract_images(text)["images"] == m.extract_images(image(PNG_B64))["images"]


def test_top_level_bytes_are_a_payload_value_not_json_text() -> None:
    # bytes-like values are payloads wherever they are (base64 text to the core), never JSON.
    for kind in (bytes, bytearray, memoryview):
        with pytest.raises(m.InvalidInputError) as caught:
            copilot(kind(json.dumps(image(PNG_B64)).encode()))
        assert (caught.value.code, caught.value.path) == ("invalid_tool_result", "")


def test_json_text_errors() -> None:
    with pytest.raises(m.InvalidInputError) as caught:
        m.convert_json('{"content": [', "copilot")
    assert (caught.value.code, caught.value.path) == ("invalid_json", "")
    with pytest.raises(m.InvalidInputError, match="UTF-8") as caught:
        m.convert_json(b'{"content": ["\xff"]}', "copilot")
    assert caught.value.code == "invalid_json"
    # Bytes that are not UTF-8 cannot be read at all: reported before the target's and the
    # options' errors, as in every binding (which come before the text's JSON errors).
    for call in (
        lambda: m.convert_json(b'{"content": ["\xff"]}', "nope"),
        lambda: m.convert_json(b'{"content": ["\xff"]}', "copilot", strict=5),
        lambda: m.extract_images_json(b"[\xff]", strict=5),
    ):
        with pytest.raises(m.InvalidInputError, match="UTF-8") as caught:
            call()
        assert caught.value.code == "invalid_json"
    with pytest.raises(m.InvalidInputError, match="surrogate") as caught:
        m.convert_json('{"content": ["\ud800"]}', "copilot")
    assert caught.value.code == "invalid_json"
    for value in ({"content": []}, 5, None):
        with pytest.raises(m.InvalidInputError, match="must be a str, bytes") as caught:
            m.convert_json(value, "copilot")  # type: ignore[arg-type]
        assert (caught.value.code, caught.value.path) == ("invalid_json", "")
        with pytest.raises(m.InvalidInputError, match="must be a str, bytes") as caught:
            m.extract_images_json(value)  # type: ignore[arg-type]
        assert caught.value.code == "invalid_json"


def test_convert_json_equals_convert_of_the_loaded_value() -> None:
    result = {"content": [{"type": "text", "text": 'é \u2028 "q"'}, image(PNG_B64)["content"][0]]}
    text = json.dumps(result)
    for target in m.TARGETS:
        assert m.convert_json(text, target, tool_call_id="c1") == m.convert(result, target, tool_call_id="c1")


def test_mutating_a_bytearray_after_the_call_changes_nothing() -> None:
    text = bytearray(json.dumps({"content": [{"type": "text", "text": "abc"}]}).encode())
    out = m.convert_json(text, "mcp")
    text[:] = b"x" * len(text)
    assert out["output"]["content"] == [{"type": "text", "text": "abc"}]


# --- JSON-like values -----------------------------------------------------------------------


def test_tuples_are_lists_and_subclasses_are_accepted() -> None:
    class Color(str, enum.Enum):
        TEXT = "text"

    class Level(enum.IntEnum):
        ONE = 1

    ordered = collections.OrderedDict([("type", Color.TEXT), ("text", "hi")])
    out = mcp({"content": (ordered,), "structuredContent": {"n": Level.ONE, "t": (1.5, None, True)}})
    assert out["output"] == {
        "content": [{"type": "text", "text": "hi"}],
        "isError": False,
        "structuredContent": {"n": 1, "t": [1.5, None, True]},
    }
    assert type(out["output"]["content"][0]["type"]) is str
    assert type(out["output"]["structuredContent"]["n"]) is int


def test_numbers() -> None:
    # Non-finite floats become None, as the core writes them as null in JSON text.
    big = 2**200
    structured = {
        "i": -(2**63),
        "u": 2**64 - 1,
        "big": big,
        "neg": -big,
        "f": 0.1,
        "nan": float("nan"),
        "inf": float("inf"),
    }
    out = mcp({"content": [], "structuredContent": structured})["output"]["structuredContent"]
    assert out == {"i": -(2**63), "u": 2**64 - 1, "big": big, "neg": -big, "f": 0.1, "nan": None, "inf": None}


def test_output_holds_no_input_containers() -> None:
    result = {"content": [{"type": "text", "text": "a"}], "structuredContent": {"k": [1]}}
    out = mcp(result)["output"]
    out["structuredContent"]["k"].append(2)
    assert result["structuredContent"] == {"k": [1]}


# --- zero-copy payloads ---------------------------------------------------------------------


@pytest.mark.parametrize("validate", [True, False])
def test_payload_str_is_returned_as_the_same_object(validate: bool) -> None:
    data = base64.b64encode(real_png(96 * 20000)).decode()  # ~2.6 MB
    out = m.to_copilot(image(data), validate_base64=validate)
    assert out["binaryResultsForLlm"][0]["data"] is data
    conversion = copilot(image(data), validate_base64=validate)
    assert conversion["output"]["binaryResultsForLlm"][0]["data"] is data
    mcp_out = mcp(image(data), validate_base64=validate)
    assert mcp_out["output"]["content"][0]["data"] is data


def test_repaired_payload_is_a_new_string() -> None:
    wrapped = PNG_B64[:20] + "\n" + PNG_B64[20:]
    out = copilot(image(wrapped))
    assert out["output"]["binaryResultsForLlm"][0]["data"] == PNG_B64
    assert [d["code"] for d in out["diagnostics"]] == ["base64_not_canonical"]


def test_non_ascii_strings_round_trip() -> None:
    text = "naïve 文字 😀 \x00 \u2028"
    assert m.to_copilot({"content": [{"type": "text", "text": text}]})["textResultForLlm"] == text


# --- lone surrogates ------------------------------------------------------------------------


def test_lone_surrogates_are_replaced_and_reported() -> None:
    out = copilot({"content": [{"type": "text", "text": "a\ud800b\udc00"}]})
    assert out["output"]["textResultForLlm"] == "a\ufffdb\ufffd"
    assert [(d["code"], d["path"]) for d in out["diagnostics"]] == [("lone_surrogate", "/content/0/text")]


def test_surrogate_pair_code_points_combine_as_in_json() -> None:
    # Two code points forming a pair are what json.loads gives for "\\ud83d\\ude00" in
    # non-strict producers; they combine as the JSON door combines the escapes.
    out = copilot({"content": [{"type": "text", "text": "\ud83d\ude00"}]})
    assert out["output"]["textResultForLlm"] == "😀"


def test_lone_surrogate_in_a_key() -> None:
    out = mcp({"content": [], "structuredContent": {"k\udfff": 1}})
    assert out["output"]["structuredContent"] == {"k\ufffd": 1}
    assert [d["code"] for d in out["diagnostics"]] == ["lone_surrogate"]


def test_lone_surrogate_raises_in_strict_mode() -> None:
    with pytest.raises(m.InvalidInputError) as caught:
        copilot({"content": [{"type": "text", "text": "\ud800"}]}, strict=True)
    assert (caught.value.code, caught.value.path) == ("lone_surrogate", "/content/0/text")


# --- wrong types ----------------------------------------------------------------------------


class Opaque:
    pass


def tool() -> None:
    pass


@pytest.mark.parametrize(
    ("result", "type_name", "path"),
    [
        ({"content": [{"type": "text", "text": {1, 2}}]}, "set", "/content/0/text"),
        ({"content": [Opaque()]}, "Opaque", "/content/0"),
        ({"content": [], "structuredContent": {"a/b~c": [1, 2j]}}, "complex", "/structuredContent/a~1b~0c/1"),
        ({"content": frozenset()}, "frozenset", "/content"),
        ({"content": [], "structuredContent": {"f": tool}}, "function", "/structuredContent/f"),
        ({"content": [], "structuredContent": {"c": Opaque}}, "type type", "/structuredContent/c"),
        ({"content": [], "structuredContent": [decimal.Decimal("1.5")]}, "Decimal", "/structuredContent/0"),
        ({"content": [], "structuredContent": (x for x in "ab")}, "generator", "/structuredContent"),
        (Opaque(), "Opaque", ""),
    ],
)
def test_values_without_a_json_form_name_type_and_path(result: Any, type_name: str, path: str) -> None:
    with pytest.raises(m.InvalidInputError) as caught:
        copilot(result)
    assert (caught.value.code, caught.value.path) == ("unsupported_value", path)
    assert type_name in str(caught.value)
    assert str(caught.value).startswith(f"unsupported_value{' at ' + path if path else ''}: ")
    with pytest.raises(m.InvalidInputError) as caught:
        m.to_copilot(result)
    assert (caught.value.code, caught.value.path) == ("unsupported_value", path)


def test_values_without_a_json_form_in_extract_images() -> None:
    with pytest.raises(m.InvalidInputError) as caught:
        m.extract_images({"steps": [None, {"at": object()}]})
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/steps/1/at")


@pytest.mark.parametrize("result", [5, "5", [], None, {"other": 1}])
def test_json_values_that_are_not_tool_results(result: Any) -> None:
    with pytest.raises(m.InvalidInputError) as caught:
        copilot(result)
    assert (caught.value.code, caught.value.path) == ("invalid_tool_result", "")


def test_non_str_dict_key() -> None:
    with pytest.raises(m.InvalidInputError, match="keys must be str") as caught:
        copilot({"content": [{"type": "text", 1: "x"}]})
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/content/0/1")


def test_wrong_target_and_options() -> None:
    with pytest.raises(m.UsageError) as caught:
        m.convert({"content": []}, "claude")  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.path) == ("unsupported_target", "")
    with pytest.raises(m.UsageError, match="int") as caught:
        m.convert({"content": []}, 5)  # type: ignore[arg-type]
    assert caught.value.code == "unsupported_target"
    with pytest.raises(m.UsageError) as caught:
        copilot({"content": []}, stritc=True)  # type: ignore[call-arg]
    assert (caught.value.code, caught.value.path) == ("invalid_option", "/stritc")
    with pytest.raises(m.UsageError) as caught:
        copilot({"content": []}, strict="yes")  # type: ignore[typeddict-item]
    assert (caught.value.code, caught.value.path) == ("invalid_option", "/strict")
    with pytest.raises(m.UsageError, match="Opaque") as caught:
        copilot({"content": []}, strict=Opaque())  # type: ignore[typeddict-item]
    assert (caught.value.code, caught.value.path) == ("invalid_option", "/strict")
    with pytest.raises(m.UsageError) as caught:
        m.convert_json("{}", "copilot", stritc=True)  # type: ignore[call-arg]
    assert (caught.value.code, caught.value.path) == ("invalid_option", "/stritc")
    with pytest.raises(TypeError):
        m.convert_json("{}", "copilot", "{}")  # type: ignore[call-arg]


def test_camel_case_option_names() -> None:
    bad = image("not base64!")
    assert "binaryResultsForLlm" not in m.to_copilot(bad)
    out = copilot(bad, validateBase64=False)  # type: ignore[call-arg]
    assert out["output"]["binaryResultsForLlm"][0]["data"] == "not base64!"


# --- huge inputs ----------------------------------------------------------------------------


def test_many_blocks() -> None:
    blocks = [{"type": "text", "text": str(i)} for i in range(100_000)]
    out = copilot({"content": blocks})
    assert out["output"]["textResultForLlm"] == "\n".join(str(i) for i in range(100_000))


def test_huge_payloads_with_and_without_validation() -> None:
    data = base64.b64encode(real_png(96 + 48 * 1024 * 1024)).decode()  # 64 MiB of base64
    for validate in (True, False):
        out = m.to_copilot(image(data), validate_base64=validate)
        assert out["binaryResultsForLlm"][0]["data"] is data
    corrupt = data[:-8] + "!!!!!!!!"
    out = copilot(image(corrupt))
    assert [d["code"] for d in out["diagnostics"]] == ["invalid_base64"]


def test_huge_json_text() -> None:
    text = json.dumps({"content": [{"type": "text", "text": "x" * (32 * 1024 * 1024)}]})
    assert len(m.convert_json(text, "copilot")["output"]["textResultForLlm"]) == 32 * 1024 * 1024


def test_integer_beyond_the_decimal_digit_limit() -> None:
    huge = 10**5000
    if not hasattr(sys, "set_int_max_str_digits"):  # CPython < 3.10.7 has no limit
        assert mcp({"content": [], "structuredContent": [huge]})["output"]["structuredContent"] == [huge]
        return
    with pytest.raises(m.InvalidInputError, match="decimal") as caught:
        mcp({"content": [], "structuredContent": [huge]})
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/structuredContent/0")
    assert isinstance(caught.value.__cause__, ValueError)


def test_integer_beyond_the_decimal_digit_limit_through_the_json_door() -> None:
    # The core keeps the literal; the output cannot hold it as a Python int.
    text = '{"content": [], "structuredContent": [' + "9" * 5000 + "]}"
    if not hasattr(sys, "set_int_max_str_digits"):  # CPython < 3.10.7 has no limit
        assert m.convert_json(text, "mcp")["output"]["structuredContent"] == [10**5000 - 1]
        return
    with pytest.raises(m.InvalidInputError, match="5000 digits") as caught:
        m.convert_json(text, "mcp")
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "")
    assert isinstance(caught.value.__cause__, ValueError)


@pytest.mark.parametrize(("depth", "error"), [(511, False), (512, True)])
def test_nesting_limit(depth: int, error: bool) -> None:
    # The result object is level 1; structuredContent holds `depth` nested lists, levels 2 to
    # depth + 1, and MAX_DEPTH is 512: the 512th list (path: 511 times "/0") is one too deep.
    nested: Any = []
    for _ in range(depth - 1):
        nested = [nested]
    result = {"content": [], "structuredContent": nested}
    if not error:
        assert mcp(result)["output"]["structuredContent"] == nested
        return
    with pytest.raises(m.InvalidInputError) as caught:
        mcp(result)
    assert (caught.value.code, caught.value.path) == ("too_deep", "/structuredContent" + "/0" * 511)
    with pytest.raises(m.InvalidInputError) as caught:
        m.convert_json(json.dumps(result), "mcp")
    assert (caught.value.code, caught.value.path) == ("too_deep", "/structuredContent" + "/0" * 511)


# --- hostile values -------------------------------------------------------------------------


def test_recursive_structures() -> None:
    loop: list[Any] = []
    loop.append(loop)
    cycle: dict[str, Any] = {"content": []}
    cycle["structuredContent"] = cycle
    for result in ({"content": loop}, cycle):
        with pytest.raises(m.InvalidInputError) as caught:
            copilot(result)
        assert caught.value.code == "too_deep"


class RaisingGetattr:
    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"no {name} here")


class RaisingModelDump:
    def model_dump(self, **kwargs: Any) -> Any:
        raise RuntimeError("dump failed")


class NotCallableModelDump:
    model_dump = 5


class SelfDump:
    def model_dump(self, **kwargs: Any) -> Any:
        return self


class InterruptingGetattr:
    def __getattr__(self, name: str) -> Any:
        raise KeyboardInterrupt


def test_getattr_that_raises() -> None:
    with pytest.raises(m.InvalidInputError, match="RaisingGetattr") as caught:
        copilot({"content": [RaisingGetattr()]})
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/content/0")
    assert isinstance(caught.value.__cause__, RuntimeError)


def test_model_dump_that_raises_or_misbehaves() -> None:
    with pytest.raises(m.InvalidInputError, match="dump failed") as caught:
        copilot({"content": [RaisingModelDump()]})
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/content/0")
    assert isinstance(caught.value.__cause__, RuntimeError)
    with pytest.raises(m.InvalidInputError, match="NotCallableModelDump") as caught:
        copilot(NotCallableModelDump())
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "")
    with pytest.raises(m.InvalidInputError, match="returned") as caught:
        copilot({"content": [SelfDump()]})
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/content/0")


def test_base_exceptions_propagate_unchanged() -> None:
    with pytest.raises(KeyboardInterrupt):
        copilot({"content": [InterruptingGetattr()]})


def test_model_dump_that_empties_the_list_being_lowered() -> None:
    # The first block and its (runtime-made) text are referenced by the list only: when the
    # list is cleared mid-lowering, the text must stay alive through the binding's own reference.
    blocks: list[Any] = [{"type": "text", "text": "kept " * 1000}]

    class Mutator:
        def model_dump(self, **kwargs: Any) -> Any:
            blocks.clear()
            for i in range(100):
                blocks.append({"type": "text", "text": f"{i:05d}" * 1000})
            return {"type": "text", "text": "second"}

    blocks.append(Mutator())
    out = mcp({"content": blocks})
    texts = [block["text"] for block in out["output"]["content"]]
    assert texts[:2] == ["kept " * 1000, "second"]


def test_model_dump_that_mutates_the_dict_being_lowered() -> None:
    result: dict[str, Any] = {"content": []}

    class Mutator:
        def model_dump(self, **kwargs: Any) -> Any:
            result.clear()
            for i in range(100):
                result[f"k{i}"] = "y" * 100
            return {"x": 1}

    result["structuredContent"] = Mutator()
    out = mcp(result)  # the dict is read as it was when lowering began
    assert out["output"] == {"content": [], "isError": False, "structuredContent": {"x": 1}}


def test_str_subclass_with_hostile_methods() -> None:
    class Evil(str):
        def __str__(self) -> str:
            raise RuntimeError

        def encode(self, *args: Any, **kwargs: Any) -> bytes:  # type: ignore[override]
            raise RuntimeError

    out = copilot({"content": [{"type": "text", "text": Evil("fine")}]})
    assert out["output"]["textResultForLlm"] == "fine"
    lone = copilot({"content": [{"type": "text", "text": Evil("x\ud800")}]})
    assert lone["output"]["textResultForLlm"] == "x\ufffd"


# --- threads --------------------------------------------------------------------------------


def test_concurrent_conversions_with_the_gil_released() -> None:
    data = base64.b64encode(real_png(96 + 4 * 1024 * 1024)).decode()
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(10):
                out = m.to_copilot(image(data))
                assert out["binaryResultsForLlm"][0]["data"] is data
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


# --- extract_images -------------------------------------------------------------------------


def test_extract_images_from_any_value() -> None:
    data = base64.b64encode(real_png(96 * 2000)).decode()
    shot = {"content": [{"type": "image", "data": data, "mimeType": "image/png"}]}
    value = {"steps": [{"tool": "shot", "result": shot}]}
    out = m.extract_images(value)
    assert out["images"] == [{"data": data, "mimeType": "image/png", "path": "/steps/0/result/content/0"}]
    assert out["images"][0]["data"] is data  # not copied
    assert "[image 1 of 1, image/png, " in out["text"]
    assert data not in out["text"]


def test_extract_images_str_is_a_value_and_bytes_are_payloads() -> None:
    assert m.extract_images("plain output") == {"images": [], "text": "plain output"}
    out = m.extract_images([{"type": "image", "data": PNG, "mimeType": "image/png"}])
    assert out["images"] == [{"data": PNG_B64, "mimeType": "image/png", "path": "/0"}]
    text = json.dumps({"type": "image", "data": PNG_B64, "mimeType": "image/png"})
    assert m.extract_images_json(text) == m.extract_images(json.loads(text))
    assert m.extract_images_json(text.encode(), max_images=0)["images"] == []
    assert m.extract_images_json('"plain output"') == m.extract_images("plain output")
