"""Count the conformance cases the fixtures hold, independently of every runner.

Usage: python3 conformance/count_cases.py   (standard library only)
Prints the number of cases in conformance/fixtures/**/*.json. The root Makefile's
check-counts compares each runner's reported count with it exactly.
"""

from __future__ import annotations

import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def count() -> int:
    """Sums the length of each fixture file's `cases` list."""
    total = 0
    for path in sorted(FIXTURES.rglob("*.json")):
        cases = json.loads(path.read_text(encoding="utf-8")).get("cases")
        if not isinstance(cases, list):
            raise SystemExit(f"{path}: no cases list")
        total += len(cases)
    return total


if __name__ == "__main__":
    print(count())
