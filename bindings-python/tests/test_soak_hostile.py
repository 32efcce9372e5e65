"""Hostile values across the FFI: the driver's mutated conformance inputs (conformance/soak) as
bytes, as str and, where Python parses them, as values, plus host objects that fight back
(raising __getattr__, __iter__, __len__, model_dump, to_dict, properties; cycles; odd numbers,
keys and buffers). The only outcomes allowed are a result or a ConvertError."""

from __future__ import annotations

import array
import base64
import collections
import dataclasses
import decimal
import fractions
import json
import os
from collections.abc import Callable, Iterator
from typing import Any

from soak_support import driver

import mcp_tool_result as m


def hostile_count() -> int:
    return int(os.environ.get("SOAK_HOSTILE") or 300)


class Tally:
    """Counts the outcomes; any exception other than ConvertError escapes to fail the test."""

    def __init__(self) -> None:
        self.inputs = self.results = self.errors = 0

    def report(self, what: str) -> str:
        counts = f"inputs={self.inputs} results={self.results} convert_errors={self.errors}"
        return f"\nhostile python {what}: {counts}"

    def call(self, fn: Callable[[], Any]) -> None:
        self.inputs += 1
        try:
            got = fn()
        except m.ConvertError:
            self.errors += 1
            return
        assert isinstance(got, dict)
        assert "output" in got or "images" in got
        self.results += 1


def call_with(op: str, target: str, value: Any, options: dict[str, Any], text: bool) -> Callable[[], Any]:
    if op == "extract":
        return lambda: (m.extract_images_json if text else m.extract_images)(value, **options)
    return lambda: (m.convert_json if text else m.convert)(value, target, **options)  # type: ignore[arg-type]


def test_mutated_inputs() -> None:
    tally = Tally()
    for item in driver().hostile_inputs(hostile_count(), 13):
        data = base64.b64decode(item["text"])
        op, target, options = item["op"], item["target"], item["options"]
        tally.call(call_with(op, target, data, options, text=True))
        # As str: bytes that are not UTF-8 become lone surrogates (surrogateescape).
        tally.call(call_with(op, target, data.decode("utf-8", "surrogateescape"), options, text=True))
        try:
            value = json.loads(data)
        except (ValueError, RecursionError):
            continue
        tally.call(call_with(op, target, value, options, text=False))
    print(tally.report("mutated"))
    assert tally.results > 0
    assert tally.errors > 0


class Boom(Exception):
    pass


def boom(*_: Any, **__: Any) -> Any:
    raise Boom("hostile")


class GetattrRaises:
    def __getattr__(self, name: str) -> Any:
        raise Boom(name)


class GetattributeRaises:
    def __getattribute__(self, name: str) -> Any:
        raise Boom(name)


class DictIterRaises(dict):  # type: ignore[type-arg]
    def __iter__(self) -> Iterator[Any]:
        raise Boom("iter")

    def keys(self) -> Any:
        raise Boom("keys")

    def items(self) -> Any:
        raise Boom("items")


class ListIterRaises(list):  # type: ignore[type-arg]
    def __iter__(self) -> Iterator[Any]:
        raise Boom("iter")

    def __len__(self) -> int:
        raise Boom("len")

    def __getitem__(self, index: Any) -> Any:
        raise Boom("getitem")


class StrSub(str):
    def __str__(self) -> str:
        raise Boom("str")

    def encode(self, *_: Any, **__: Any) -> bytes:
        raise Boom("encode")


class IntSub(int):
    def __index__(self) -> int:
        raise Boom("index")

    def __int__(self) -> int:
        raise Boom("int")


class FloatSub(float):
    def __float__(self) -> float:
        raise Boom("float")


class ModelDumpRaises:
    def model_dump(self, **_: Any) -> Any:
        raise Boom("model_dump")


class ModelDumpOdd:
    def model_dump(self, **_: Any) -> Any:
        return {1: object()}


class ToDictSelf:
    def to_dict(self) -> Any:
        return self


class NotCallableDump:
    model_dump = 3
    to_dict = "x"


@dataclasses.dataclass
class FieldRaises:
    type: str = "text"

    @property
    def text(self) -> str:
        raise Boom("text")


@dataclasses.dataclass
class Block:
    type: Any
    text: Any


class MroRaises(type):
    def __getattribute__(cls, name: str) -> Any:
        raise Boom(name)


class WeirdClass(metaclass=MroRaises):
    pass


def host_values() -> list[Any]:
    cycle: dict[str, Any] = {"content": []}
    cycle["content"].append(cycle)
    self_list: list[Any] = []
    self_list.append(self_list)
    deep: Any = "x"
    for _ in range(100_000):
        deep = [deep]
    deep_dict: Any = {"type": "text", "text": "x"}
    for _ in range(600):
        deep_dict = {"a": deep_dict}
    view = memoryview(bytes(range(64)))
    released = memoryview(b"gone")
    released.release()
    odd_leaves = [
        GetattrRaises(),
        GetattributeRaises(),
        DictIterRaises(type="text", text="x"),
        ListIterRaises([1, 2]),
        StrSub("text"),
        IntSub(3),
        FloatSub(1.5),
        ModelDumpRaises(),
        ModelDumpOdd(),
        ToDictSelf(),
        NotCallableDump(),
        FieldRaises(),
        Block(type=GetattrRaises(), text=b"\xff"),
        Block(type="text", text=ListIterRaises()),
        WeirdClass(),
        WeirdClass,
        boom,
        iter([1]),
        (x for x in [1]),
        {1, 2},
        frozenset(),
        (1, "tuple"),
        decimal.Decimal("1.1"),
        fractions.Fraction(1, 3),
        complex(1, 2),
        float("nan"),
        float("inf"),
        -0.0,
        2**64,
        -(2**63) - 1,
        10**400,
        True,
        None,
        "\ud800",
        "nul\x00byte",
        b"\x00\xff",
        bytearray(b"\x89PNG\r\n\x1a\n"),
        view,
        view[::2],
        released,
        memoryview(array.array("d", [1.0, 2.0])),
        array.array("i", [1]),
        collections.OrderedDict(type="text", text="x"),
        collections.defaultdict(list),
        collections.UserDict({"type": "text"}),
        collections.ChainMap({"type": "text"}),
        {("tuple", "key"): 1},
        {None: 1},
        {1.5: 1},
        {b"bytes": 1},
        {StrSub("text"): "x"},
        cycle,
        self_list,
        deep,
        deep_dict,
        Ellipsis,
        NotImplemented,
        object(),
        type,
        m,
        Boom("as value"),
    ]
    values: list[Any] = []
    for leaf in odd_leaves:
        values.append(leaf)
        values.append({"content": leaf})
        values.append({"content": [leaf]})
        values.append({"content": [{"type": "text", "text": leaf}]})
        values.append({"content": [{"type": "image", "data": leaf, "mimeType": "image/png"}]})
        values.append({"content": [{"type": "text", "text": "x"}], "structuredContent": {"k": leaf}})
        values.append({"content": [], "isError": leaf, "_meta": leaf})
    return values


OPTION_VALUES: list[Any] = [
    GetattrRaises(),
    IntSub(2),
    FloatSub(1.0),
    StrSub("off"),
    2**70,
    float("nan"),
    b"x",
    [1],
    {},
]


def test_host_objects() -> None:
    tally = Tally()
    for value in host_values():
        for target in ("copilot", "anthropic", "bedrock", "mcp"):
            tally.call(lambda: m.convert(value, target, tool_call_id="c"))  # noqa: B023
        tally.call(lambda: m.extract_images(value))  # noqa: B023
    for value in OPTION_VALUES:
        for name in ("strict", "max_images", "fit_images", "tool_call_id", "payload"):
            tally.call(lambda: m.convert({"content": []}, "anthropic", **{name: value}))  # noqa: B023
    print(tally.report("host objects"))
    assert tally.results > 0
    assert tally.errors > 0
