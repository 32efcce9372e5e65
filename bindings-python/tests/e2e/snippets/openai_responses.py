# ruff: noqa: F821  (the names in the first comment come from the surrounding application)
# `result`: what `await session.call_tool(...)` returned; `call`: the model's function_call item;
# `items`: the input so far, ending with `call`.
import openai

from mcp_tool_result import convert

client = openai.OpenAI()
conversion = convert(result, "openai-responses", tool_call_id=call.call_id, tool_name=call.name)
response = client.responses.create(model="gpt-5", input=[*items, conversion["output"]])
