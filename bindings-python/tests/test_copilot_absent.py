"""`to_copilot_result` without the Copilot SDK: run in the venvs that do not hold it."""

from __future__ import annotations

import importlib.util

import pytest

import mcp_tool_result as m


def test_the_venv_lacks_the_sdk() -> None:
    assert importlib.util.find_spec("copilot") is None


def test_to_copilot_result_names_the_package_to_install() -> None:
    with pytest.raises(ImportError, match=r"pip install github-copilot-sdk") as caught:
        m.to_copilot_result({"content": [{"type": "text", "text": "hi"}]})
    assert caught.value.name == "copilot"
    assert isinstance(caught.value.__cause__, ModuleNotFoundError)
    # Everything else works without the SDK.
    assert m.to_copilot({"content": [{"type": "text", "text": "hi"}]})["textResultForLlm"] == "hi"
