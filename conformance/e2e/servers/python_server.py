"""The suite's MCP test server written with the Python ``mcp`` SDK (stdio): the tools of tools.json."""

from __future__ import annotations

import asyncio
import base64
import json
from pathlib import Path
from typing import Any

from mcp import types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

HERE = Path(__file__).resolve().parent.parent
TOOLS: dict[str, dict[str, Any]] = json.loads((HERE / "tools.json").read_text())["tools"]


def _asset(name: str) -> str:
    return base64.b64encode((HERE / "assets" / name).read_bytes()).decode()


def _block(spec: dict[str, Any]) -> types.ContentBlock:
    kind = spec["type"]
    if kind == "text":
        return types.TextContent(type="text", text=spec["text"])
    if kind == "image":
        return types.ImageContent(type="image", data=_asset(spec["asset"]), mimeType=spec["mimeType"])
    if kind == "audio":
        return types.AudioContent(type="audio", data=_asset(spec["asset"]), mimeType=spec["mimeType"])
    if kind == "resource":
        blob = types.BlobResourceContents(
            uri=spec["uri"], mimeType=spec["mimeType"], blob=_asset(spec["asset"])
        )
        return types.EmbeddedResource(type="resource", resource=blob)
    if kind == "resource_link":
        return types.ResourceLink(
            type="resource_link", uri=spec["uri"], name=spec["name"], mimeType=spec["mimeType"]
        )
    raise ValueError(f"tools.json: unknown block type {kind!r}")


server: Server[Any, Any] = Server("mcp-tool-result-e2e-python")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name=name, inputSchema={"type": "object"}) for name in TOOLS]


@server.call_tool(validate_input=False)
async def call_tool(name: str, arguments: dict[str, Any]) -> types.CallToolResult:
    spec = TOOLS[name]
    return types.CallToolResult(
        content=[_block(b) for b in spec["content"]],
        structuredContent=spec.get("structuredContent"),
        isError=spec.get("isError", False),
    )


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    asyncio.run(main())
