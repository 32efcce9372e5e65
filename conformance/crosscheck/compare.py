"""Compare the cross-check's outcomes: every door of every build must give the same outcome
for a case (a Conversion, or an error's code and path). Doors named `value*` (the runner's own
parse of the text into a host value) are compared with each other, the others (JSON text) with
each other.

Usage: python3 compare.py CASES DIR BUILD...   (DIR/BUILD.jsonl: one line of outcomes per case)
Exits 1 with the first disagreements when there are any.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

SHOWN = 20


def main() -> int:
    cases_path, folder, builds = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:]
    cases = cases_path.read_text(encoding="utf-8").splitlines()
    outcomes = {}
    for build in builds:
        lines = (folder / f"{build}.jsonl").read_text(encoding="utf-8").splitlines()
        if len(lines) != len(cases):
            print(f"crosscheck: {build} answered {len(lines)} of {len(cases)} cases")
            return 1
        outcomes[build] = lines
    compared = disagreements = 0
    for i, case in enumerate(cases):
        groups: dict[str, dict[str, list[str]]] = {}
        for build in builds:
            for door, outcome in json.loads(outcomes[build][i]).items():
                kind = "value" if door.startswith("value") else "json"
                seen = groups.setdefault(kind, {})
                seen.setdefault(json.dumps(outcome, sort_keys=True), []).append(
                    f"{build}.{door}"
                )
                compared += 1
        for kind, seen in groups.items():
            if len(seen) == 1:
                continue
            disagreements += 1
            if disagreements <= SHOWN:
                print(f"crosscheck: case {i + 1} ({kind} doors) {case[:200]}")
                for outcome, doors in seen.items():
                    print(f"    {', '.join(doors)}: {outcome[:300]}")
    print(
        f"crosscheck: {len(cases)} cases, {compared} outcomes of {len(builds)} builds"
        f" ({', '.join(builds)}): {disagreements} disagreements"
    )
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
