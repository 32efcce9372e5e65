# ruff: noqa: F821  (the names in the first comment come from the surrounding application)
# `result`: what `await session.call_tool(...)` returned; `tool_use`: the model's tool_use block;
# `messages`: the conversation so far, ending with the assistant turn that holds `tool_use`.
import anthropic

from mcp_tool_result import convert

client = anthropic.Anthropic()
conversion = convert(result, "anthropic", tool_call_id=tool_use.id, tool_name=tool_use.name)
response = client.messages.create(
    model="claude-sonnet-5-5",
    max_tokens=1024,
    messages=[
        *messages,
        {"role": "user", "content": [conversion["output"], *conversion.get("attachments", [])]},
    ],
)
