# ruff: noqa: F821  (the names in the first comment come from the surrounding application)
# `result`: what `await session.call_tool(...)` returned, inside a Copilot SDK tool handler.
from copilot.tools import ToolResult

from mcp_tool_result import to_copilot_result


def handler_result() -> ToolResult:
    # Return the SDK's own ToolResult: a plain dict would reach the model as JSON text.
    return to_copilot_result(result)


tool_result = handler_result()
