# ruff: noqa: F821  (the names in the first comment come from the surrounding application)
# `result`: what `await session.call_tool(...)` returned; `tool_use`: the model's toolUse block;
# `messages`: the conversation so far, ending with the assistant message that holds `tool_use`.
import boto3

from mcp_tool_result import convert

client = boto3.client("bedrock-runtime")
conversion = convert(result, "bedrock", tool_call_id=tool_use["toolUseId"], tool_name=tool_use["name"])
response = client.converse(
    modelId="anthropic.claude-sonnet-5-5-v1:0",
    messages=[
        *messages,
        {"role": "user", "content": [conversion["output"], *conversion.get("attachments", [])]},
    ],
)
