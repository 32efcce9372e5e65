"""The private native module; use the functions of ``mcp_tool_result`` instead."""

from typing import Any

__all__ = [
    "__version__",
    "convert",
    "convert_json",
    "extract_images",
    "extract_images_json",
    "target_names",
    "to_copilot",
]

__version__: str

def convert(result: object, target: str, /, **options: Any) -> dict[str, Any]:
    """Converts an MCP CallToolResult for ``target``; returns the Conversion as a dict."""

def convert_json(text: str | bytes, target: str, options_json: str = "") -> str:
    """The JSON-text door of ``convert``: the Conversion as compact JSON text."""

def extract_images(value: object, /, **options: Any) -> dict[str, Any]:
    """Finds the MCP image blocks anywhere in ``value``; returns the Extraction as a dict."""

def extract_images_json(text: str | bytes, options_json: str = "") -> str:
    """The JSON-text door of ``extract_images``: the Extraction as compact JSON text."""

def target_names() -> list[str]:
    """The names of every target, in documentation order."""

def to_copilot(result: object, /, **options: Any) -> dict[str, Any]:
    """Converts for the GitHub Copilot SDK; returns the Conversion's ``output`` alone."""
