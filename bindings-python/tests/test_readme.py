"""The README quickstart runs as written (the Copilot SDK section runs in test_differential)."""

from __future__ import annotations

from conftest import README, readme_code


def test_quickstart_runs() -> None:
    code = readme_code("Quickstart")
    assert "assert" in code  # the snippet checks its own results
    exec(compile(code, str(README), "exec"), {"__name__": "quickstart"})
