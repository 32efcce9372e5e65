"""The README snippets (tests/e2e/snippets/*.py) run as written against a real MCP result.

Each snippet is plain user code: the SDK client is made with no arguments and finds the capture
server through the SDK's own environment variables. The test supplies what the application
would have (the MCP result, the model's tool call as the SDK's own object, the conversation so
far), runs the snippet, and checks the request the SDK sent (conformance/e2e/check.py).
"""

from __future__ import annotations

import json
import os
import runpy
import urllib.request
from pathlib import Path
from typing import Any

import anthropic.types
import openai.types.chat
import openai.types.responses
import pytest
from copilot.tools import ToolResult, _normalize_result
from google.genai import types as genai_types
from mcp.types import CallToolResult
from mcp_results import collect

import mcp_tool_result

SNIPPETS = Path(__file__).parent / "snippets"
CALL_ID = "call_snippet_1"
TOOL = "mixed"
QUESTION = {"role": "user", "content": "Run the tool."}


@pytest.fixture(scope="module")
def result() -> CallToolResult:
    return collect(only="python")[("python", TOOL)]


@pytest.fixture(autouse=True)
def sdk_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    url = os.environ["E2E_CAPTURE_URL"]
    for name, value in {
        "ANTHROPIC_BASE_URL": url,
        "ANTHROPIC_API_KEY": "e2e",
        "OPENAI_BASE_URL": url + "/v1",
        "OPENAI_API_KEY": "e2e",
        "GOOGLE_GEMINI_BASE_URL": url,
        "GEMINI_API_KEY": "e2e",
        "AWS_ENDPOINT_URL_BEDROCK_RUNTIME": url,
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_ACCESS_KEY_ID": "e2e",
        "AWS_SECRET_ACCESS_KEY": "e2e",
        "AWS_MAX_ATTEMPTS": "1",
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)


def _check(target: str, result: CallToolResult) -> dict[str, Any]:
    body = {"target": target, "result": result.model_dump(mode="json", by_alias=True, exclude_none=True)}
    request = urllib.request.Request(
        os.environ["E2E_CAPTURE_URL"] + "/__e2e/check", data=json.dumps(body).encode(), method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def _run(name: str, **names: Any) -> dict[str, Any]:
    return runpy.run_path(str(SNIPPETS / name), init_globals=names)


def test_anthropic_snippet(result: CallToolResult) -> None:
    tool_use = anthropic.types.ToolUseBlock(type="tool_use", id=CALL_ID, name=TOOL, input={})
    messages = [QUESTION, {"role": "assistant", "content": [tool_use]}]
    done = _run("anthropic_messages.py", result=result, tool_use=tool_use, messages=messages)
    assert isinstance(done["response"], anthropic.types.Message)
    verdict = _check("anthropic", result)
    assert verdict["problems"] == []
    assert verdict["media"]


def test_openai_chat_snippet(result: CallToolResult) -> None:
    tool_call = openai.types.chat.ChatCompletionMessageFunctionToolCall(
        id=CALL_ID, type="function", function={"name": TOOL, "arguments": "{}"}
    )
    messages = [QUESTION, {"role": "assistant", "tool_calls": [tool_call.model_dump()]}]
    done = _run("openai_chat.py", result=result, tool_call=tool_call, messages=messages)
    assert isinstance(done["response"], openai.types.chat.ChatCompletion)
    verdict = _check("openai-chat", result)
    assert verdict["problems"] == []
    assert verdict["media"]


def test_openai_responses_snippet(result: CallToolResult) -> None:
    call = openai.types.responses.ResponseFunctionToolCall(
        type="function_call", call_id=CALL_ID, name=TOOL, arguments="{}"
    )
    items = [QUESTION, call]
    done = _run("openai_responses.py", result=result, call=call, items=items)
    assert isinstance(done["response"], openai.types.responses.Response)
    verdict = _check("openai-responses", result)
    assert verdict["problems"] == []
    assert verdict["media"]


def test_gemini_snippet(result: CallToolResult) -> None:
    function_call = genai_types.FunctionCall(id=CALL_ID, name=TOOL, args={})
    contents = [
        genai_types.Content(role="user", parts=[genai_types.Part(text="Run the tool.")]),
        genai_types.Content(role="model", parts=[genai_types.Part(function_call=function_call)]),
    ]
    done = _run("gemini.py", result=result, function_call=function_call, contents=contents)
    assert isinstance(done["response"], genai_types.GenerateContentResponse)
    verdict = _check("gemini", result)
    assert verdict["problems"] == []
    assert verdict["media"]


def test_bedrock_snippet(result: CallToolResult, request: pytest.FixtureRequest) -> None:
    probe = mcp_tool_result.convert(result, "bedrock", tool_call_id=CALL_ID)
    if isinstance(probe["output"]["toolResult"]["content"][1]["image"]["source"]["bytes"], str):
        request.applymarker(
            pytest.mark.xfail(
                reason="boto3 base64-encodes the base64 text in source.bytes again "
                "(defect 1, Bedrock bytes: fixed by payload 'sdk' on branches core9 + py)",
                raises=AssertionError,
                strict=True,
            )
        )
    tool_use = {"toolUseId": CALL_ID, "name": TOOL, "input": {}}
    messages = [
        {"role": "user", "content": [{"text": "Run the tool."}]},
        {"role": "assistant", "content": [{"toolUse": tool_use}]},
    ]
    done = _run("bedrock.py", result=result, tool_use=tool_use, messages=messages)
    assert done["response"]["stopReason"] == "end_turn"
    verdict = _check("bedrock", result)
    assert verdict["problems"] == []
    assert verdict["media"]


def test_copilot_snippet(result: CallToolResult) -> None:
    if not hasattr(mcp_tool_result, "to_copilot_result"):
        pytest.xfail("to_copilot_result (the copilot package's own ToolResult) lands on branch py")
    done = _run("copilot.py", result=result)
    assert isinstance(done["tool_result"], ToolResult)
    sent = _normalize_result(done["tool_result"])
    assert sent is done["tool_result"]
    assert [b.type for b in sent.binary_results_for_llm or []] == ["image", "resource"]


@pytest.mark.parametrize("path", sorted(SNIPPETS.glob("*.py")), ids=lambda p: p.stem)
def test_readme_shows_the_snippet(path: Path) -> None:
    """bindings-python/README.md holds each snippet as written, without its first (lint) line."""
    body = "".join(path.read_text(encoding="utf-8").splitlines(True)[1:])
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"```python\n{body}```\n" in readme, f"README.md does not show {path.name} as written"
