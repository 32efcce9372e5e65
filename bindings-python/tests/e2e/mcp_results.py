"""Real CallToolResult values: the tools of two MCP servers, called with the ``mcp`` client over stdio.

- ``everything``: ``@modelcontextprotocol/server-everything`` (npm, pinned in conformance/e2e);
- ``python``: the suite's own server written with the Python ``mcp`` SDK (conformance/e2e/servers).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.types import CallToolResult

REPO = Path(__file__).resolve().parents[3]
E2E = REPO / "conformance" / "e2e"
EVERYTHING = E2E / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"

#: The server-everything tools the suite calls, with their arguments.
EVERYTHING_CALLS: dict[str, dict[str, Any]] = {
    "echo": {"message": "hello from the e2e suite"},
    "get-tiny-image": {},
    "get-structured-content": {"location": "Chicago"},
    "get-resource-links": {"count": 2},
    "get-resource-reference": {"resourceType": "Blob", "resourceId": 2},
    "get-annotated-message": {"messageType": "error", "includeImage": True},
}
OWN_TOOLS: list[str] = list(json.loads((E2E / "tools.json").read_text())["tools"])


def servers() -> dict[str, tuple[StdioServerParameters, dict[str, dict[str, Any]]]]:
    env = dict(os.environ)
    return {
        "everything": (
            StdioServerParameters(command="node", args=[str(EVERYTHING), "stdio"], env=env),
            EVERYTHING_CALLS,
        ),
        "python": (
            StdioServerParameters(
                command=sys.executable, args=[str(E2E / "servers" / "python_server.py")], env=env
            ),
            {name: {} for name in OWN_TOOLS},
        ),
    }


async def _call_all(
    params: StdioServerParameters, calls: dict[str, dict[str, Any]]
) -> dict[str, CallToolResult]:
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        listed = {tool.name for tool in (await session.list_tools()).tools}
        missing = set(calls) - listed
        assert not missing, f"{params.args[0]}: no tools {sorted(missing)} (it has {sorted(listed)})"
        return {name: await session.call_tool(name, args) for name, args in calls.items()}


def collect(only: str | None = None) -> dict[tuple[str, str], CallToolResult]:
    """Every (server, tool) -> its CallToolResult, each server started once (60 s bound each);
    ``only`` names one server."""
    results: dict[tuple[str, str], CallToolResult] = {}
    for server, (params, calls) in servers().items():
        if only not in (None, server):
            continue
        got = asyncio.run(asyncio.wait_for(_call_all(params, calls), timeout=60))
        results.update({(server, tool): result for tool, result in got.items()})
    return results
