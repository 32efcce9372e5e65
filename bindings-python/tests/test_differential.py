"""Differential test against the GitHub Copilot SDK's own Python converter.

For every `copilot` conformance case with a Python-value `input` and an `expected` Conversion
that is not a deliberate difference (`peer_difference`), our `to_copilot` output equals what
`github-copilot-sdk` sends on the wire for the same input. On every `copilot` case,
`to_copilot_result` gives the SDK's own `ToolResult`, which the SDK sends as exactly the
`to_copilot` dict (or raises the case's error); the README's tool handler runs in the SDK.
"""

from __future__ import annotations

import asyncio
import copy
import json
from typing import Any

import copilot
import pytest
from copilot.tools import ToolInvocation, ToolResult, tool_result_to_external_tool_text_result_for_llm

import mcp_tool_result as m

from conftest import README, conformance_cases, json_equal, readme_code

CONVERTED = [
    (key, case)
    for key, target, case in conformance_cases()
    if target == "copilot" and "input" in case and "expected" in case
]
CASES = [(key, case) for key, case in CONVERTED if "peer_difference" not in case]


def peer_wire(result: Any) -> Any:
    converted = copilot.convert_mcp_call_tool_result(copy.deepcopy(result))
    return tool_result_to_external_tool_text_result_for_llm(converted).to_dict()


def test_enough_cases_are_compared() -> None:
    assert len(CASES) >= 100, f"only {len(CASES)} copilot cases without peer_difference"


@pytest.mark.parametrize(("key", "case"), CASES, ids=[key for key, _ in CASES])
def test_same_as_peer(key: str, case: dict[str, Any]) -> None:
    ours = m.to_copilot(case["input"], **case.get("options", {}))
    theirs = peer_wire(case["input"])
    assert json_equal(ours, theirs), f"{key}:\n ours   {ours}\n theirs {theirs}"


def loaded_value(case: dict[str, Any]) -> tuple[Any, ...]:
    """The case's input as a one-item tuple, or () when its JSON text does not load."""
    if "input" in case:
        return (case["input"],)
    try:
        return (json.loads(case["input_json"]),)
    except ValueError:
        return ()


# Every copilot case whose input is a value (or JSON text that json.loads reads).
COPILOT_CASES = [
    (key, value, case)
    for key, target, case in conformance_cases()
    if target == "copilot"
    for value in loaded_value(case)
]


def sent_on_the_wire(result: ToolResult) -> Any:
    return tool_result_to_external_tool_text_result_for_llm(result).to_dict()


@pytest.mark.parametrize(("key", "value", "case"), COPILOT_CASES, ids=[key for key, _, _ in COPILOT_CASES])
def test_to_copilot_result_sends_the_to_copilot_dict(key: str, value: Any, case: dict[str, Any]) -> None:
    options = case.get("options", {})
    if "expected_error" in case:
        with pytest.raises(m.ConvertError) as caught:
            m.to_copilot_result(value, **options)
        assert {"code": caught.value.code, "path": caught.value.path} == case["expected_error"], key
        return
    result = m.to_copilot_result(value, **options)
    assert type(result) is ToolResult
    assert json_equal(sent_on_the_wire(result), m.to_copilot(value, **options)), key


def test_enough_copilot_cases() -> None:
    assert len(COPILOT_CASES) >= len(CONVERTED) >= 100


def test_readme_tool_handler_runs_in_the_sdk() -> None:
    namespace: dict[str, Any] = {}
    exec(compile(readme_code("With the Copilot Python SDK"), str(README), "exec"), namespace)
    tool = namespace["render_chart"]
    assert isinstance(tool, copilot.tools.Tool)
    assert tool.handler is not None
    invocation = ToolInvocation(session_id="s", tool_call_id="call_1", tool_name=tool.name, arguments={})
    result = asyncio.run(tool.handler(invocation))
    assert type(result) is ToolResult
    assert sent_on_the_wire(result) == m.to_copilot(namespace["CHART"])
    assert result.binary_results_for_llm is not None
    assert [b.mime_type for b in result.binary_results_for_llm] == ["image/png"]
