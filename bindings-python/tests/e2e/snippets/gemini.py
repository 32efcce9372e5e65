# ruff: noqa: F821  (the names in the first comment come from the surrounding application)
# `result`: what `await session.call_tool(...)` returned; `function_call`: the model's call;
# `contents`: the conversation so far, ending with the model turn that holds `function_call`.
from google import genai

from mcp_tool_result import convert

client = genai.Client()
conversion = convert(result, "gemini", tool_call_id=function_call.id, tool_name=function_call.name)
response = client.models.generate_content(
    model="gemini-3-pro-preview",
    contents=[
        *contents,
        {"role": "user", "parts": [conversion["output"], *conversion.get("attachments", [])]},
    ],
)
