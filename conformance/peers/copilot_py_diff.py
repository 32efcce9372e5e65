"""Differential test: our `copilot` fixtures against the GitHub Copilot SDK's Python converter.

The peer is the PyPI package `github-copilot-sdk` 1.0.27 (module `copilot`):
`copilot.convert_mcp_call_tool_result(dict)` returns a `ToolResult`, and
`copilot.tools.tool_result_to_external_tool_text_result_for_llm(result).to_dict()` is the
JSON the SDK sends to the runtime (`session.tools.handlePendingToolCall`). That wire builder
already leaves out keys whose value is None and turns an empty binary `description` into None,
so its dict is compared as is.

For every case whose effective target is `copilot`, that has `expected` and an `input` (not
`input_json`) and no `peer_difference`, the peer converts the input and its wire dict must equal
`expected.output` (parsed JSON, object keys unordered, booleans never equal to numbers).
Cases with `peer_difference` are counted as skipped; cases with `expected_error` or `input_json`
are not compared.

The conformance runners separately prove that our output equals `expected` for every case, so
peer == expected here proves peer == ours on every compared case: each place where we differ
from the SDK is a case that says so in `peer_difference`.

Usage: python3 conformance/peers/copilot_py_diff.py   (with github-copilot-sdk==1.0.27 installed)
Prints "peer diff: N compared, M skipped (peer_difference), K failed" and exits 1 when K > 0.
"""

from __future__ import annotations

import copy
import json
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

PEER_DIST = "github-copilot-sdk"
PEER_VERSION = "1.0.27"
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def same_json(a: Any, b: Any) -> bool:
    """Equality of parsed JSON values: numbers by value, but true/false are not 1/0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def load_peer():
    try:
        installed = version(PEER_DIST)
    except PackageNotFoundError:
        sys.exit(
            f"peer diff: {PEER_DIST} is not installed (pip install {PEER_DIST}=={PEER_VERSION})"
        )
    if installed != PEER_VERSION:
        sys.exit(
            f"peer diff: {PEER_DIST} {installed} is installed; this test pins {PEER_VERSION}"
        )
    import copilot
    from copilot.tools import tool_result_to_external_tool_text_result_for_llm

    def peer(value: Any) -> Any:
        result = copilot.convert_mcp_call_tool_result(copy.deepcopy(value))
        wire = tool_result_to_external_tool_text_result_for_llm(result).to_dict()
        return json.loads(json.dumps(wire))

    return peer


def main() -> int:
    peer = load_peer()
    compared = skipped = 0
    failures: list[str] = []
    for path in sorted(FIXTURES.glob("*/*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for case in doc["cases"]:
            if case.get("target", doc["target"]) != "copilot":
                continue
            if "expected" not in case or "input" not in case:
                continue
            if "peer_difference" in case:
                skipped += 1
                continue
            compared += 1
            key = f"{doc['target']}/{doc['topic']}#{case['id']}"
            want = case["expected"]["output"]
            try:
                got = peer(case["input"])
            except Exception as exc:  # noqa: BLE001 - any peer failure is a difference
                got = f"<raised {type(exc).__name__}: {exc}>"
            if not same_json(got, want):
                failures.append(
                    f"{key}\n  input:    {json.dumps(case['input'], ensure_ascii=False)}"
                    f"\n  expected: {json.dumps(want, ensure_ascii=False)}"
                    f"\n  peer:     {json.dumps(got, ensure_ascii=False)}"
                )
    for failure in failures:
        print(failure)
    print(
        f"peer diff: {compared} compared, {skipped} skipped (peer_difference), {len(failures)} failed"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
