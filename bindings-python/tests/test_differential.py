"""Differential test against the GitHub Copilot SDK's own Python converter.

For every `copilot` conformance case with a Python-value `input` and an `expected` Conversion
that is not a deliberate difference (`peer_difference`), our `to_copilot` output equals what
`github-copilot-sdk` sends on the wire for the same input; and the README's `ToolResult` recipe
makes a handler result that the SDK sends as exactly that dict.
"""

from __future__ import annotations

import copy
from typing import Any

import copilot
import pytest
from copilot.tools import tool_result_to_external_tool_text_result_for_llm

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


def test_readme_tool_result_recipe_sends_the_same_wire_dict() -> None:
    namespace: dict[str, Any] = {}
    exec(compile(readme_code("With the Copilot Python SDK"), str(README), "exec"), namespace)
    copilot_tool_result = namespace["copilot_tool_result"]
    for key, case in CONVERTED:
        handler_result = copilot_tool_result(case["input"])
        assert isinstance(handler_result, copilot.tools.ToolResult)
        sent = tool_result_to_external_tool_text_result_for_llm(handler_result).to_dict()
        assert json_equal(sent, m.to_copilot(case["input"])), key
