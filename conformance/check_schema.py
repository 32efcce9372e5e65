"""Validate every conformance fixture file.

Checks each fixtures/<target>/<topic>.json against schema/fixture.schema.json, then what a
schema cannot express: the file sits at the path its header names, case ids are unique within
the file, case keys (<target>/<topic>#<id>) are unique across files, peer_difference only
appears on copilot cases that have an expected Conversion, every `payloads` pointer holds
"$payload" in `expected` (and every "$payload" has its pointer), and every `{"$image": name}`
names a file the generator writes.

Usage: python3 conformance/check_schema.py   (needs the jsonschema package)
Prints "schema: N files, M cases ok" and exits 0, or lists every problem and exits 1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from jsonschema import Draft202012Validator

HERE = Path(__file__).resolve().parent
GENERATOR = HERE / "images" / "generate.rs"
SCHEMA = HERE / "schema" / "fixture.schema.json"
FIXTURES = HERE / "fixtures"


def check_file(
    path: Path, validator: Draft202012Validator, keys: dict[str, str]
) -> tuple[int, list[str]]:
    rel = path.relative_to(HERE).as_posix()
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return 0, [f"{rel}: not valid JSON: {exc}"]

    problems = []
    for err in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        where = "/" + "/".join(str(p) for p in err.absolute_path)
        problems.append(f"{rel}: schema: at {where}: {err.message}")
    cases = doc.get("cases") if isinstance(doc, dict) else None
    if not isinstance(cases, list):
        return 0, problems

    target, topic = doc.get("target"), doc.get("topic")
    expected_rel = f"fixtures/{target}/{topic}.json"
    if rel != expected_rel:
        problems.append(
            f"{rel}: header says target {target!r}, topic {topic!r}; "
            f"the file must be {expected_rel}"
        )

    seen_ids: set[str] = set()
    for i, case in enumerate(cases):
        if not isinstance(case, dict) or not isinstance(case.get("id"), str):
            continue
        cid = case["id"]
        if cid in seen_ids:
            problems.append(f"{rel}: cases/{i}: id {cid!r} repeats in this file")
        seen_ids.add(cid)
        key = f"{target}/{topic}#{cid}"
        if key in keys and keys[key] != rel:
            problems.append(
                f"{rel}: cases/{i}: case key {key} is also used in {keys[key]}"
            )
        keys.setdefault(key, rel)
        if "peer_difference" in case:
            if case.get("target", target) != "copilot":
                problems.append(
                    f"{rel}: cases/{i} ({cid}): peer_difference is only for copilot cases"
                )
            if "expected" not in case:
                problems.append(
                    f"{rel}: cases/{i} ({cid}): peer_difference on a case without expected"
                )
        problems += [f"{rel}: cases/{i} ({cid}): {p}" for p in payload_problems(case)]
    return len(cases), problems


def _pointers(value: object, path: str, want: str) -> list[str]:
    """JSON Pointers of the strings equal to ``want`` in ``value``."""
    if value == want or (isinstance(value, str) and value.startswith("data:") and value.endswith("," + want)):
        return [path]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    out = []
    for key, item in items:
        token = str(key).replace("~", "~0").replace("/", "~1")
        out += _pointers(item, f"{path}/{token}", want)
    return out


def _images(value: object) -> list[str]:
    if isinstance(value, dict):
        if len(value) == 1 and "$image" in value:
            return [str(value["$image"])]
        return [name for item in value.values() for name in _images(item)]
    if isinstance(value, list):
        return [name for item in value for name in _images(item)]
    return []


def payload_problems(case: dict) -> list[str]:
    """`payloads` pointers against the "$payload" placeholders; `$image` names against the generator."""
    problems = []
    placed = set(_pointers(case.get("expected"), "", "$payload"))
    pinned = set(case.get("payloads", {}))
    if placed != pinned:
        problems.append(f"payloads {sorted(pinned)} but \"$payload\" at {sorted(placed)}")
    generator = GENERATOR.read_text(encoding="utf-8")
    for name in _images(case.get("input")):
        if f'"{name}"' not in generator:
            problems.append(f"$image {name!r} is not written by images/generate.rs")
    return problems


def main() -> int:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)

    files = sorted(FIXTURES.glob("*/*.json"))
    problems: list[str] = []
    if not files:
        problems.append(f"no fixture files under {FIXTURES}")
    stray = sorted(p for p in FIXTURES.rglob("*") if p.is_file() and p not in files)
    problems += [
        f"{p.relative_to(HERE).as_posix()}: not a fixtures/<target>/<topic>.json file"
        for p in stray
    ]

    keys: dict[str, str] = {}
    total = 0
    for path in files:
        count, file_problems = check_file(path, validator, keys)
        total += count
        problems += file_problems

    if problems:
        for problem in problems:
            print(problem)
        print(f"schema: {len(problems)} problem(s) in {len(files)} files")
        return 1
    print(f"schema: {len(files)} files, {total} cases ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
