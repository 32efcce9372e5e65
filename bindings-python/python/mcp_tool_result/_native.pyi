"""The private native module; use the functions of ``mcp_tool_result`` instead."""

from typing import Any, TypeAlias

__all__ = [
    "__version__",
    "convert",
    "convert_json",
    "detach_always",
    "extract_images",
    "extract_images_json",
    "target_names",
    "to_copilot",
]

__version__: str

_Text: TypeAlias = str | bytes | bytearray | memoryview

def convert(result: object, target: str, **options: Any) -> dict[str, Any]:
    """Converts an MCP CallToolResult value for ``target``; returns the Conversion as a dict."""

def convert_json(text: _Text, target: str, **options: Any) -> dict[str, Any]:
    """Converts JSON text (``str`` or UTF-8 bytes-like) for ``target``; returns the Conversion as a dict."""

def detach_always() -> None:
    """Makes every later core call of the calling thread run with the GIL released."""

def extract_images(value: object, **options: Any) -> dict[str, Any]:
    """Finds the MCP image blocks anywhere in ``value``; returns the Extraction as a dict."""

def extract_images_json(text: _Text, **options: Any) -> dict[str, Any]:
    """Finds the MCP image blocks anywhere in the value of JSON text; returns the Extraction as a dict."""

def target_names() -> list[str]:
    """The names of every target, in documentation order."""

def to_copilot(result: object, **options: Any) -> dict[str, Any]:
    """Converts a CallToolResult value for the GitHub Copilot SDK; returns the Conversion's ``output``."""
