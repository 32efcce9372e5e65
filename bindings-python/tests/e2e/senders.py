"""One request per target through the official Python SDK, the way its users write it: the model's
tool call, then our ``output`` where the tool result goes and our ``attachments`` right after it.

Each function takes a Conversion (what ``mcp_tool_result.convert`` returned), the tool call id
and the tool name, and returns the SDK's parsed response. Clients point at the capture server.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import anthropic
import boto3
import openai
from google import genai
from google.genai import types as genai_types

QUESTION = "Run the tool and describe what it returned."


def _url() -> str:
    return os.environ["E2E_CAPTURE_URL"]


def send_anthropic(conversion: dict[str, Any], call_id: str, tool: str) -> Any:
    client = anthropic.Anthropic(base_url=_url(), api_key="e2e", max_retries=0)
    return client.messages.create(
        model="claude-e2e",
        max_tokens=64,
        messages=[
            {"role": "user", "content": QUESTION},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": call_id, "name": tool, "input": {}}],
            },
            {"role": "user", "content": [conversion["output"], *conversion.get("attachments", [])]},
        ],
    )


def send_anthropic_mcp(conversion: dict[str, Any], call_id: str, tool: str) -> Any:
    client = anthropic.Anthropic(base_url=_url(), api_key="e2e", max_retries=0)
    use = {"type": "mcp_tool_use", "id": call_id, "name": tool, "server_name": "e2e", "input": {}}
    return client.beta.messages.create(
        model="claude-e2e",
        max_tokens=64,
        betas=["mcp-client-2025-04-04"],
        mcp_servers=[{"type": "url", "url": "https://mcp.example.invalid/mcp", "name": "e2e"}],
        messages=[
            {"role": "user", "content": QUESTION},
            {"role": "assistant", "content": [use, conversion["output"]]},
            *(
                [{"role": "user", "content": conversion["attachments"]}]
                if conversion.get("attachments")
                else []
            ),
        ],
    )


def send_openai_chat(conversion: dict[str, Any], call_id: str, tool: str) -> Any:
    client = openai.OpenAI(base_url=_url() + "/v1", api_key="e2e", max_retries=0)
    call = {"id": call_id, "type": "function", "function": {"name": tool, "arguments": "{}"}}
    return client.chat.completions.create(
        model="gpt-e2e",
        messages=[
            {"role": "user", "content": QUESTION},
            {"role": "assistant", "tool_calls": [call]},
            conversion["output"],
            *(
                [{"role": "user", "content": conversion["attachments"]}]
                if conversion.get("attachments")
                else []
            ),
        ],
    )


def send_openai_responses(conversion: dict[str, Any], call_id: str, tool: str) -> Any:
    client = openai.OpenAI(base_url=_url() + "/v1", api_key="e2e", max_retries=0)
    return client.responses.create(
        model="gpt-e2e",
        input=[
            {"role": "user", "content": QUESTION},
            {"type": "function_call", "call_id": call_id, "name": tool, "arguments": "{}"},
            conversion["output"],
            *(
                [{"role": "user", "content": conversion["attachments"]}]
                if conversion.get("attachments")
                else []
            ),
        ],
    )


def send_gemini(conversion: dict[str, Any], call_id: str, tool: str) -> Any:
    client = genai.Client(
        api_key="e2e",
        http_options=genai_types.HttpOptions(
            base_url=_url(), retry_options=genai_types.HttpRetryOptions(attempts=1)
        ),
    )
    return client.models.generate_content(
        model="gemini-e2e",
        contents=[
            {"role": "user", "parts": [{"text": QUESTION}]},
            {"role": "model", "parts": [{"function_call": {"id": call_id, "name": tool, "args": {}}}]},
            {"role": "user", "parts": [conversion["output"], *conversion.get("attachments", [])]},
        ],
    )


def send_gemini_interactions(conversion: dict[str, Any], call_id: str, tool: str) -> Any:
    """The Interactions API: the model's ``function_call`` step, then our ``function_result`` step."""
    client = genai.Client(
        api_key="e2e",
        http_options=genai_types.HttpOptions(
            base_url=_url(), retry_options=genai_types.HttpRetryOptions(attempts=1)
        ),
    )
    return client.interactions.create(
        model="gemini-e2e",
        input=[
            {"type": "user_input", "content": [{"type": "text", "text": QUESTION}]},
            {"type": "function_call", "id": call_id, "name": tool, "arguments": {}},
            conversion["output"],
        ],
    )


def send_bedrock(conversion: dict[str, Any], call_id: str, tool: str) -> Any:
    client = boto3.client(
        "bedrock-runtime",
        region_name="us-east-1",
        endpoint_url=_url(),
        aws_access_key_id="e2e",
        aws_secret_access_key="e2e",
        config=boto3.session.Config(retries={"total_max_attempts": 1}),
    )
    return client.converse(
        modelId="anthropic.claude-e2e",
        messages=[
            {"role": "user", "content": [{"text": QUESTION}]},
            {
                "role": "assistant",
                "content": [{"toolUse": {"toolUseId": call_id, "name": tool, "input": {}}}],
            },
            {"role": "user", "content": [conversion["output"], *conversion.get("attachments", [])]},
        ],
    )


SENDERS: dict[str, Callable[[dict[str, Any], str, str], Any]] = {
    "anthropic": send_anthropic,
    "anthropic-mcp": send_anthropic_mcp,
    "openai-chat": send_openai_chat,
    "openai-responses": send_openai_responses,
    "gemini": send_gemini,
    "gemini-legacy": send_gemini,
    "gemini-interactions": send_gemini_interactions,
    "bedrock": send_bedrock,
}
