# ruff: noqa: F821  (the names in the first comment come from the surrounding application)
# `result`: what `await session.call_tool(...)` returned; `tool_call`: the model's tool call;
# `messages`: the conversation so far, ending with the assistant message that holds `tool_call`.
import openai

from mcp_tool_result import convert

client = openai.OpenAI()
conversion = convert(result, "openai-chat", tool_call_id=tool_call.id, tool_name=tool_call.function.name)
messages.append(conversion["output"])
if "attachments" in conversion:  # media a tool message cannot carry, in the next user message
    messages.append({"role": "user", "content": conversion["attachments"]})
response = client.chat.completions.create(model="gpt-5", messages=messages)
