"""The private native module; use the functions of ``mcp_tool_result`` instead."""

from typing import Any

__version__: str

def convert(result: object, target: str, /, **options: Any) -> dict[str, Any]:
    """Converts an MCP CallToolResult for ``target``; returns the Conversion as a dict."""

def convert_json(text: str | bytes, target: str, options_json: str = "") -> str:
    """JSON text in, the Conversion as compact JSON text out."""

def target_names() -> list[str]:
    """The names of every target, in documentation order."""
