"""Convert MCP ``CallToolResult`` values into what each model provider accepts.

The input can be a dict (JSON-like values; tuples count as lists), JSON text as ``str`` or
``bytes``, or a pydantic model of the official ``mcp`` package (1.x or 2.x), such as what
``ClientSession.call_tool`` returns. ``bytes``/``bytearray``/``memoryview`` values inside it are
payloads (``data``, ``blob``) and are base64-encoded. Payload strings are not copied: the output
holds the very ``str`` objects of the input.

Every function returns the Conversion ``{"output", "attachments"?, "diagnostics"?}`` and raises
:class:`ConvertError` (a ``ValueError``) with ``.code`` and ``.path``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypedDict

from . import _native
from ._errors import ConvertError, InternalError, InvalidInputError, NotFinalError, UsageError

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "TARGETS",
    "Conversion",
    "ConvertError",
    "Diagnostic",
    "InternalError",
    "InvalidInputError",
    "NotFinalError",
    "Options",
    "Target",
    "UsageError",
    "__version__",
    "convert",
    "convert_json",
    "to_copilot",
    "to_mcp",
]

__version__: str = _native.__version__

Target = Literal["copilot", "mcp"]
"""The name of an output target."""

TARGETS: tuple[Target, ...] = ("copilot", "mcp")
"""Every target, in documentation order."""


class Options(TypedDict, total=False):
    """Conversion options (keyword arguments; camelCase names are accepted too)."""

    strict: bool
    """Raise on the first repair instead of repairing (default False)."""
    validate_base64: bool
    """Check that every payload is base64 (default True)."""
    sniff_mime: bool
    """Trust the payload's magic bytes over a contradicting ``mimeType`` (default True)."""
    respect_audience: bool
    """Keep blocks addressed to another audience away from the model (default True)."""
    binary: Literal["inline", "marker"]
    """``mcp`` target: keep payloads or replace them by text markers (default "inline")."""


class Diagnostic(TypedDict):
    """One repair, loss or notice: a stable code, a JSON Pointer into the input, a message."""

    code: str
    path: str
    message: str


class _ConversionOutput(TypedDict):
    output: Any


class Conversion(_ConversionOutput, total=False):
    """What every conversion returns; ``attachments`` and ``diagnostics`` only when non-empty."""

    attachments: list[Any]
    diagnostics: list[Diagnostic]


def convert(result: object, target: Target, **options: Unpack[Options]) -> Conversion:
    """Converts ``result`` for ``target``."""
    return _native.convert(result, target, **options)  # type: ignore[return-value]


def to_copilot(result: object, **options: Unpack[Options]) -> Conversion:
    """Converts ``result`` into a GitHub Copilot SDK ``ToolResultObject`` (``output``)."""
    return _native.convert(result, "copilot", **options)  # type: ignore[return-value]


def to_mcp(result: object, **options: Unpack[Options]) -> Conversion:
    """Converts ``result`` into a clean, normalized MCP ``CallToolResult`` (``output``)."""
    return _native.convert(result, "mcp", **options)  # type: ignore[return-value]


def convert_json(text: str | bytes, target: Target, options_json: str = "") -> str:
    """JSON text in, the Conversion as compact JSON text out (``options_json`` ``""`` = defaults)."""
    return _native.convert_json(text, target, options_json)
