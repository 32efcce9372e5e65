"""Every conformance case, through every door of the binding.

`input` cases run through `convert` (the Python value; a string input is a string value) and
`convert_json` (its JSON text); `input_json` cases through `convert_json` with the text as `str`
and as `bytes`, and, when `json.loads` can read the text, `convert` with the loaded value (lone
surrogates, big integers and deep nesting then go through the binding's own lowering). Files
of the pseudo-target `extract_images` run `extract_images` and `extract_images_json` the same
way. Every case also runs through the async forms (`convert_async`, `convert_json_async`,
`extract_images_async`, `extract_images_json_async`): its value and JSON text, or its JSON text.

Options are passed as the case gives them; where it sets no `payload` or `host`, the runner
passes `payload="wire"` and `host=None`, so the fixtures pin the core's defaults, not this
binding's (`host="python"`, `payload="sdk"`, pinned by test_payload.py). The places where a
conversion holds `bytes` must be exactly the case's `bytes` pointers; they are compared as
standard base64. Inputs name test images as `{"$image": name}` (resolved by conftest); at each
pointer of a case's `payloads` the runner checks the fitted image's sha256 and byte bound and
compares `"$payload"` in its place.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import runpy
from collections.abc import Callable
from typing import Any

import pytest

import mcp_tool_result as m

from conftest import CONFORMANCE_DIR, bytes_as_base64, conformance_cases, json_equal

CASES = conformance_cases()
# The keys of the cases that passed through every door, for test_count_file.
PASSED: list[str] = []


def _strict_loads(text: str) -> Any:
    def reject(constant: str) -> Any:
        raise ValueError(constant)

    return json.loads(text, parse_constant=reject)


def _doors(target: str, case: dict[str, Any]) -> dict[str, Callable[[], Any]]:
    options = case.get("options", {})
    if target == "extract_images":

        def run_value(value: Any) -> Any:
            return m.extract_images(value, **options)

        def run_text(text: str | bytes) -> Any:
            return m.extract_images_json(text, **options)

        def run_value_async(value: Any) -> Any:
            return asyncio.run(m.extract_images_async(value, **options))

        def run_text_async(text: str | bytes) -> Any:
            return asyncio.run(m.extract_images_json_async(text, **options))
    else:
        options = {"payload": "wire", "host": None, **options}

        def run_value(value: Any) -> Any:
            return m.convert(value, target, **options)  # type: ignore[arg-type]

        def run_text(text: str | bytes) -> Any:
            return m.convert_json(text, target, **options)  # type: ignore[arg-type]

        def run_value_async(value: Any) -> Any:
            return asyncio.run(m.convert_async(value, target, **options))  # type: ignore[arg-type]

        def run_text_async(text: str | bytes) -> Any:
            return asyncio.run(m.convert_json_async(text, target, **options))  # type: ignore[arg-type]

    if "input" in case:
        text = json.dumps(case["input"], ensure_ascii=False)
        return {
            "value": lambda: run_value(case["input"]),
            "json text": lambda: run_text(text),
            "async value": lambda: run_value_async(case["input"]),
            "async json text": lambda: run_text_async(text),
        }
    text = case["input_json"]
    doors: dict[str, Callable[[], Any]] = {
        "json text": lambda: run_text(text),
        "json bytes": lambda: run_text(text.encode()),
        "async json text": lambda: run_text_async(text),
    }
    try:
        loaded = _strict_loads(text)
    except ValueError:
        return doors
    doors["loaded value"] = lambda: run_value(loaded)
    return doors


def _without_messages(conversion: dict[str, Any]) -> dict[str, Any]:
    if "diagnostics" not in conversion:
        return conversion
    for diagnostic in conversion["diagnostics"]:
        assert isinstance(diagnostic.get("message"), str), diagnostic
        assert diagnostic["message"], f"empty message: {diagnostic}"
    stripped = [{k: v for k, v in d.items() if k != "message"} for d in conversion["diagnostics"]]
    return {**conversion, "diagnostics": stripped}


def _checked_payloads(got: Any, payloads: dict[str, Any], where: str) -> Any:
    """``got`` with each pinned payload checked and replaced by ``"$payload"``."""
    for pointer, want in payloads.items():
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
        parent = got
        for token in tokens[:-1]:
            parent = parent[int(token)] if isinstance(parent, list) else parent[token]
        last: Any = int(tokens[-1]) if isinstance(parent, list) else tokens[-1]
        prefix, comma, text = parent[last].rpartition(",")
        if not (comma and prefix.startswith("data:")):
            prefix, comma, text = "", "", parent[last]
        data = base64.b64decode(text, validate=True)
        digest = hashlib.sha256(data).hexdigest()
        assert digest == want["sha256"], f"{where}: payload at {pointer} has sha256 {digest}"
        assert len(data) <= want["max_bytes"], f"{where}: payload at {pointer} has {len(data)} bytes"
        parent[last] = f"{prefix}{comma}$payload"
    return got


@pytest.mark.parametrize(("key", "target", "case"), CASES, ids=[key for key, _, _ in CASES])
def test_case(key: str, target: str, case: dict[str, Any]) -> None:
    for door, run in _doors(target, case).items():
        if "expected_error" in case:
            want = case["expected_error"]
            with pytest.raises(m.ConvertError) as caught:
                run()
            got = {"code": caught.value.code, "path": caught.value.path}
            assert got == want, f"{key} via {door}: raised {caught.value!r}"
        else:
            found: set[str] = set()
            got = _without_messages(bytes_as_base64(run(), "", found))
            got = _checked_payloads(got, case.get("payloads", {}), f"{key} via {door}")
            assert found == set(case.get("bytes", [])), f"{key} via {door}: bytes at {sorted(found)}"
            assert json_equal(got, case["expected"]), (
                f"{key} via {door}:\n got  {got}\n want {case['expected']}"
            )
    PASSED.append(key)


def _fixture_count() -> int:
    """The case count of conformance/count_cases.py, which reads the fixtures on its own."""
    count: int = runpy.run_path(str(CONFORMANCE_DIR / "count_cases.py"))["count"]()
    return count


def test_count_file() -> None:
    """Runs last in this module: every fixture case passed, each once, and the count of them
    equals the fixtures' count; it goes to CONFORMANCE_COUNT_FILE for the root Makefile's
    check-counts."""
    keys = [key for key, _, _ in CASES]
    assert len(set(keys)) == len(keys), "two cases share a key (target/topic#id)"
    assert len(keys) == _fixture_count(), f"loaded {len(keys)} cases, the fixtures hold {_fixture_count()}"
    missing = sorted(set(keys) - set(PASSED))
    assert not missing, f"{len(missing)} of {len(keys)} cases did not pass: {missing[:5]}"
    assert sorted(PASSED) == sorted(keys), "a case passed more than once"
    count_file = os.environ.get("CONFORMANCE_COUNT_FILE")
    if count_file:
        with open(count_file, "w", encoding="utf-8") as out:
            out.write(str(len(PASSED)))
