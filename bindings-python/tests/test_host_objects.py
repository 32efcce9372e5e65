"""Host objects that offer a standard way to become data: pydantic models (`model_dump`),
objects with `to_dict()`, dataclasses, in that order of preference; anything else is
`unsupported_value` at its path."""

from __future__ import annotations

import base64
import dataclasses
import enum
from typing import Any, ClassVar, Literal

import pytest
from pydantic import AnyUrl, BaseModel, ConfigDict, Field

import mcp_tool_result as m

from conftest import real_png

# A real PNG padded with bytes whose standard base64 holds "+" and "/" (URL-safe base64 would not).
PNG = real_png(96, filler=b"\xfb\xef\xff\xfe")
PNG_B64 = base64.b64encode(PNG).decode()
assert "+" in PNG_B64
assert "/" in PNG_B64

WIRE = {
    "content": [
        {"type": "text", "text": "chart"},
        {"type": "image", "data": PNG_B64, "mimeType": "image/png"},
        {"type": "resource_link", "uri": "https://example.com/chart", "name": "chart"},
    ],
    "isError": False,
}


def same_conversion(value: Any, wire: Any, target: m.Target) -> bool:
    return m.convert(value, target, tool_call_id="c1") == m.convert(wire, target, tool_call_id="c1")


class Kind(enum.Enum):
    TEXT = "text"


class Text(BaseModel):
    type: Kind
    text: str


class Image(BaseModel):
    # A raw bytes field: model_dump(mode="json") would decode it as UTF-8 and fail.
    model_config = ConfigDict(populate_by_name=True)
    type: Literal["image"] = "image"
    data: bytes
    mime_type: str = Field(alias="mimeType")
    annotations: dict[str, Any] | None = None


class Link(BaseModel):
    type: Literal["resource_link"] = "resource_link"
    uri: AnyUrl
    name: str


class Result(BaseModel):
    model_config = ConfigDict(populate_by_name=True)
    content: list[Text | Image | Link]
    is_error: bool = Field(default=False, alias="isError")
    structured_content: dict[str, Any] | None = Field(default=None, alias="structuredContent")


def pydantic_result() -> Result:
    return Result(
        content=[
            Text(type=Kind.TEXT, text="chart"),
            Image(data=PNG, mime_type="image/png"),
            Link(uri=AnyUrl("https://example.com/chart"), name="chart"),
        ]
    )


def test_pydantic_model_with_aliases_bytes_urls_and_enums() -> None:
    model = pydantic_result()
    with pytest.raises(UnicodeDecodeError):
        model.model_dump(mode="json")
    for target in m.TARGETS:
        assert same_conversion(model, WIRE, target), target


def test_pydantic_bytes_are_encoded_once_in_standard_base64() -> None:
    # google-genai's models declare ser_json_bytes="base64": their JSON mode is URL-safe base64.
    class Blob(BaseModel):
        model_config = ConfigDict(ser_json_bytes="base64")
        type: Literal["image"] = "image"
        data: bytes
        mimeType: str

    blob = Blob(data=PNG, mimeType="image/png")
    assert blob.model_dump(mode="json")["data"] != PNG_B64
    out = m.convert({"content": [blob]}, "mcp")
    assert out == {"output": {"content": [WIRE["content"][1]], "isError": False}}


def test_value_inside_a_pydantic_model_that_pydantic_cannot_write() -> None:
    class Opaque:
        pass

    class Holder(BaseModel):
        model_config = ConfigDict(arbitrary_types_allowed=True)
        content: list[Any]
        structuredContent: dict[str, Any]

    holder = Holder(content=[], structuredContent={"at": Opaque()})
    with pytest.raises(m.InvalidInputError, match="Opaque") as caught:
        m.convert(holder, "mcp")
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/structuredContent/at")
    assert caught.value.__cause__ is not None


def test_values_outside_pydantic_dumps_get_no_pydantic_help() -> None:
    with pytest.raises(m.InvalidInputError) as caught:
        m.convert({"content": [], "structuredContent": {"uri": AnyUrl("https://example.com")}}, "mcp")
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/structuredContent/uri")


class ToDict:
    def __init__(self, value: Any) -> None:
        self.value = value

    def to_dict(self) -> Any:
        return self.value


def test_objects_with_to_dict() -> None:
    result = ToDict({"content": [ToDict(block) for block in WIRE["content"]], "isError": False})
    for target in m.TARGETS:
        assert same_conversion(result, WIRE, target), target


def test_to_dict_errors_name_type_and_path() -> None:
    class Raising:
        def to_dict(self) -> Any:
            raise RuntimeError("to_dict failed")

    with pytest.raises(m.InvalidInputError, match="to_dict failed") as caught:
        m.convert({"content": [Raising()]}, "mcp")
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/content/0")
    assert isinstance(caught.value.__cause__, RuntimeError)
    selfish = ToDict(None)
    selfish.value = selfish
    with pytest.raises(m.InvalidInputError, match=r"to_dict\(\) returned") as caught:
        m.convert({"content": [selfish]}, "mcp")
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/content/0")


@dataclasses.dataclass
class DataText:
    text: str
    type: str = "text"
    kind: ClassVar[str] = "not a field"


@dataclasses.dataclass(frozen=True, slots=True)
class DataImage:
    data: str | bytes
    mimeType: str
    type: str = "image"


@dataclasses.dataclass
class DataResult:
    content: list[Any]
    isError: bool = False
    structuredContent: dict[str, Any] | None = dataclasses.field(default=None)


def test_dataclasses_are_their_fields_in_order() -> None:
    result = DataResult(content=[DataText("chart"), DataImage(PNG, "image/png")], structuredContent={"n": 1})
    out = m.convert(result, "mcp")
    assert out["output"] == {
        "content": [{"type": "text", "text": "chart"}, WIRE["content"][1]],
        "isError": False,
        "structuredContent": {"n": 1},
    }

    @dataclasses.dataclass
    class Reversed:
        zeta: int = 1
        alpha: int = 2

    mirrored = m.convert({"content": [], "structuredContent": Reversed()}, "mcp")["output"][
        "structuredContent"
    ]
    assert list(mirrored.items()) == [("zeta", 1), ("alpha", 2)]


def test_dataclass_payload_strings_are_not_copied() -> None:
    data = base64.b64encode(real_png(96 * 1000, filler=b"\xfb\xef\xff\xfe")).decode()
    out = m.to_copilot(DataResult(content=[DataImage(data, "image/png")]))
    assert out["binaryResultsForLlm"][0]["data"] is data


def test_a_dataclass_field_that_cannot_be_read() -> None:
    @dataclasses.dataclass
    class Unset:
        type: str = "text"
        text: str = dataclasses.field(init=False)

    with pytest.raises(m.InvalidInputError, match="reading field text") as caught:
        m.convert({"content": [Unset()]}, "mcp")
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/content/0/text")
    assert isinstance(caught.value.__cause__, AttributeError)


def test_a_dataclass_type_is_not_an_instance() -> None:
    with pytest.raises(m.InvalidInputError, match="type") as caught:
        m.convert({"content": [], "structuredContent": {"cls": DataText}}, "mcp")
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/structuredContent/cls")


def test_dataclass_cycles_are_too_deep() -> None:
    @dataclasses.dataclass
    class Node:
        next: Any = None

    node = Node()
    node.next = node
    with pytest.raises(m.InvalidInputError) as caught:
        m.convert({"content": [], "structuredContent": node}, "mcp")
    assert caught.value.code == "too_deep"


def test_order_of_preference() -> None:
    class Both(BaseModel):
        type: str = "text"
        text: str = "from model_dump"

        def to_dict(self) -> Any:
            return {"type": "text", "text": "from to_dict"}

    @dataclasses.dataclass
    class DataWithToDict:
        text: str = "from the fields"
        type: str = "text"

        def to_dict(self) -> Any:
            return {"type": "text", "text": "from to_dict"}

    out = m.to_copilot({"content": [Both(), DataWithToDict()]})
    assert out["textResultForLlm"] == "from model_dump\nfrom to_dict"


def test_anything_else_stays_unsupported_with_its_path() -> None:
    class Plain:
        text = "a class attribute is not data"

    with pytest.raises(m.InvalidInputError, match="no model_dump, to_dict or dataclass fields") as caught:
        m.convert({"content": [{"type": "text", "text": "a"}, Plain()]}, "copilot")
    assert (caught.value.code, caught.value.path) == ("unsupported_value", "/content/1")
