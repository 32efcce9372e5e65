"""Convert MCP ``CallToolResult`` values into what each model provider accepts.

:func:`convert` takes values: dicts and lists (tuples count as lists) of JSON-like values, and
host objects that offer a standard way to become data: pydantic models (such as what the
``mcp`` package's ``ClientSession.call_tool`` returns), objects with ``to_dict()``, dataclasses.
A ``str`` is a string value, not JSON text: JSON text goes to :func:`convert_json` (a ``str``
holding the JSON text of a tool result, such as ``result.model_dump_json()``, is read as that
result with a ``json_text_input`` diagnostic; strict mode raises).
``bytes``/``bytearray``/``memoryview`` values are payloads (``data``, ``blob``). Payload
strings are not copied: the output holds the very ``str`` objects of the input.

Outputs hold payloads in the form the official Python SDKs take as-is (``payload="sdk"``, this
binding's default): ``bytes`` where the SDK types the field as binary (boto3's Bedrock
``source.bytes``), base64 ``str`` elsewhere; ``payload="wire"`` gives base64 text everywhere.

:func:`convert` returns the Conversion ``{"output", "attachments"?, "diagnostics"?, "omitted"?,
"tokens"?}``;
:func:`to_copilot` returns its ``output`` alone, the Copilot ``ToolResultObject`` wire dict,
and :func:`to_copilot_result` the Copilot SDK's own ``ToolResult``; :func:`extract_images`
returns ``{"images", "text", "diagnostics"?, "omitted"?}``. Errors are :class:`ConvertError` (a
``ValueError``) with ``.code`` and ``.path``.

Each of ``convert``, ``convert_json``, ``extract_images`` and ``extract_images_json`` has an
``_async`` form for asyncio code: the same call in a worker thread of the package, with the GIL
released around the core call, so the event loop keeps running while an image is fitted.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypedDict, TypeVar

from . import _native
from ._catalog import TARGETS, ErrorCode, ExtractOptions, NoticeCode, Options, RepairCode, Target
from ._errors import ConvertError, InternalError, InvalidInputError, NotFinalError, UsageError

if TYPE_CHECKING:
    from copilot.tools import ToolResult
    from typing_extensions import Unpack

__all__ = [
    "TARGETS",
    "Conversion",
    "ConvertError",
    "CopilotBinaryResult",
    "CopilotToolResult",
    "Diagnostic",
    "ErrorCode",
    "ExtractOptions",
    "ExtractedImage",
    "Extraction",
    "InternalError",
    "InvalidInputError",
    "NotFinalError",
    "NoticeCode",
    "OmittedItem",
    "Options",
    "RepairCode",
    "Target",
    "TokenItem",
    "Tokens",
    "UsageError",
    "__version__",
    "convert",
    "convert_async",
    "convert_json",
    "convert_json_async",
    "extract_images",
    "extract_images_async",
    "extract_images_json",
    "extract_images_json_async",
    "to_copilot",
    "to_copilot_result",
]

__version__: str = _native.__version__

_JsonText: TypeAlias = str | bytes | bytearray | memoryview


class Diagnostic(TypedDict):
    """One repair, loss or notice: a stable code, a JSON Pointer into the input, a message."""

    code: RepairCode | NoticeCode
    path: str
    message: str


class _ConversionOutput(TypedDict):
    output: Any


class TokenItem(TypedDict):
    """One part of a :class:`Tokens` estimate: the block's JSON Pointer in the input (``""`` for
    the attachments' caption), what the model reads, and the estimate (``None``: no documented
    rule gives the cost)."""

    path: str
    kind: Literal["text", "marker", "structured", "caption", "image", "document", "audio", "video"]
    tokens: int | None


class Tokens(TypedDict):
    """What the provider bills for a Conversion (option ``estimate_tokens``): ``total`` is
    ``text + media``; ``text`` counts text, markers, structuredContent given as text and the
    attachments' caption, ``media`` the images and documents of known cost."""

    total: int
    text: int
    media: int
    items: list[TokenItem]


class OmittedItem(TypedDict):
    """One item kept from the model (by a cap, ``max_tokens`` or a text cut): ``handle``
    (``sha256:`` and 12 hex digits of the original's SHA-256, as its marker shows it), the
    block's JSON Pointer in the input, its kind, the original's MIME type and size in bytes."""

    handle: str
    path: str
    kind: Literal["image", "audio", "resource", "text", "structured"]
    mimeType: str
    bytes: int


class Conversion(_ConversionOutput, total=False):
    """What a conversion returns; ``attachments``, ``diagnostics`` and ``omitted`` only when
    non-empty, ``tokens`` only with ``estimate_tokens``."""

    attachments: list[Any]
    diagnostics: list[Diagnostic]
    omitted: list[OmittedItem]
    tokens: Tokens


class _CopilotBinaryResultRequired(TypedDict):
    type: Literal["image", "resource"]
    data: str
    mimeType: str


class CopilotBinaryResult(_CopilotBinaryResultRequired, total=False):
    """One image or blob resource of a :class:`CopilotToolResult` (``description``: the uri)."""

    description: str


class _CopilotToolResultRequired(TypedDict):
    textResultForLlm: str
    resultType: Literal["success", "failure"]


class CopilotToolResult(_CopilotToolResultRequired, total=False):
    """The GitHub Copilot SDK ``ToolResultObject`` as sent on the wire; ``binaryResultsForLlm``
    only when non-empty."""

    binaryResultsForLlm: list[CopilotBinaryResult]


class ExtractedImage(TypedDict):
    """One image found by :func:`extract_images`: canonical base64, MIME type, JSON Pointer."""

    data: str
    mimeType: str
    path: str


class _ExtractionImages(TypedDict):
    images: list[ExtractedImage]
    text: str


class Extraction(_ExtractionImages, total=False):
    """What :func:`extract_images` returns: the images, the value as text with a marker where
    each image was, and ``diagnostics`` and ``omitted`` (images a cap kept out) when non-empty."""

    diagnostics: list[Diagnostic]
    omitted: list[OmittedItem]


if TYPE_CHECKING:

    def convert(result: object, target: Target, **options: Unpack[Options]) -> Conversion:
        """Converts the value ``result`` for ``target`` (a ``str`` is a string value, not JSON text,
        except the JSON text of a tool result: read as that result with ``json_text_input``)."""

    def convert_json(text: _JsonText, target: Target, **options: Unpack[Options]) -> Conversion:
        """Converts the JSON text ``text`` (``str`` or UTF-8 bytes) for ``target``: what
        ``convert(json.loads(text), target, **options)`` returns, without building the value."""

    def extract_images(value: object, **options: Unpack[ExtractOptions]) -> Extraction:
        """Finds the MCP image blocks anywhere in the value ``value`` (any JSON-like value; a ``str``
        is a string value, except the JSON text of a tool result: read as that result with
        ``json_text_input``) and applies the payload, MIME and cap rules. Options it does not
        read (``max_text_chars``, ``tool_call_id``, ...) raise ``invalid_option``."""

    def extract_images_json(text: _JsonText, **options: Unpack[ExtractOptions]) -> Extraction:
        """:func:`extract_images` for the value of the JSON text ``text`` (``str`` or UTF-8 bytes)."""

    def to_copilot(result: object, **options: Unpack[Options]) -> CopilotToolResult:
        """Converts for the GitHub Copilot SDK: the ``ToolResultObject`` wire dict alone (the
        ``output`` of ``convert(result, "copilot", **options)``, which also has the diagnostics)."""

else:
    # The native functions themselves (their docstrings are the ones above): a Python wrapper
    # would add a frame and a kwargs dict to every call, about a tenth of a small conversion.
    convert = _native.convert
    convert_json = _native.convert_json
    extract_images = _native.extract_images
    extract_images_json = _native.extract_images_json
    to_copilot = _native.to_copilot


def to_copilot_result(result: object, **options: Unpack[Options]) -> ToolResult:
    """Converts for the GitHub Copilot SDK: its own ``copilot.tools.ToolResult``, what a tool
    handler returns (a returned dict would reach the model as JSON text).

    Raises ``ImportError`` when the SDK (the ``github-copilot-sdk`` package) is not installed.
    """
    try:
        from copilot.tools import ToolBinaryResult, ToolResult
    except ImportError as error:
        message = f"to_copilot_result needs the GitHub Copilot SDK: pip install github-copilot-sdk ({error})"
        raise ImportError(message, name="copilot") from error
    wire = to_copilot(result, **options)
    binaries = [
        ToolBinaryResult(
            data=binary["data"],
            mime_type=binary["mimeType"],
            type=binary["type"],
            description=binary.get("description", ""),
        )
        for binary in wire.get("binaryResultsForLlm", ())
    ]
    return ToolResult(
        text_result_for_llm=wire["textResultForLlm"],
        result_type=wire["resultType"],
        binary_results_for_llm=binaries or None,
    )


# The worker threads of the async forms: each releases the GIL around every core call it makes,
# whatever the input's size (the synchronous forms release it from 64 KiB of input text up).
# Threads start on first use.
_WORKERS = ThreadPoolExecutor(thread_name_prefix="mcp_tool_result", initializer=_native.detach_always)

_T = TypeVar("_T")


async def _in_worker(call: Callable[..., _T], /, *args: object, **options: object) -> _T:
    """``call(*args, **options)`` in a worker thread. A cancelled await returns at once; the call
    runs to its end in the worker and its result is dropped (it changes no shared state)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_WORKERS, functools.partial(call, *args, **options))


async def convert_async(result: object, target: Target, **options: Unpack[Options]) -> Conversion:
    """:func:`convert` off the event loop: the same Conversion, or the same error. Do not change
    ``result`` until the await returns (the worker reads it)."""
    return await _in_worker(convert, result, target, **options)


async def convert_json_async(text: _JsonText, target: Target, **options: Unpack[Options]) -> Conversion:
    """:func:`convert_json` off the event loop: the same Conversion, or the same error. Do not
    change a ``bytearray`` ``text`` until the await returns."""
    return await _in_worker(convert_json, text, target, **options)


async def extract_images_async(value: object, **options: Unpack[ExtractOptions]) -> Extraction:
    """:func:`extract_images` off the event loop: the same Extraction, or the same error. Do not
    change ``value`` until the await returns (the worker reads it)."""
    return await _in_worker(extract_images, value, **options)


async def extract_images_json_async(text: _JsonText, **options: Unpack[ExtractOptions]) -> Extraction:
    """:func:`extract_images_json` off the event loop: the same Extraction, or the same error. Do
    not change a ``bytearray`` ``text`` until the await returns."""
    return await _in_worker(extract_images_json, text, **options)
