"""The README quickstarts run as written (the Copilot SDK section runs in test_differential)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import README, TOP_README, readme_code


@pytest.mark.parametrize("readme", [README, TOP_README], ids=["binding", "project"])
def test_quickstart_runs(readme: Path) -> None:
    code = readme_code("Quickstart", readme)
    assert "assert" in code  # the snippet checks its own results
    exec(compile(code, str(readme), "exec"), {"__name__": "quickstart"})
