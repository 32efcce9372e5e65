"""Shared by the soak tests: the driver's workload and hostile inputs (conformance/soak), one call
of either, and the process's resident set size."""

from __future__ import annotations

import functools
import importlib.util
import os
from typing import Any

import mcp_tool_result as m

from conftest import CONFORMANCE_DIR

MIB = 1 << 20


def soak_n(default: int) -> int:
    """The number of conversions: SOAK_N when set (`make soak` sets a million), else `default`."""
    return int(os.environ.get("SOAK_N") or default)


@functools.cache
def driver() -> Any:
    spec = importlib.util.spec_from_file_location("soak_driver", CONFORMANCE_DIR / "soak" / "driver.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def workload() -> dict[str, Any]:
    return driver().workload()  # type: ignore[no-any-return]


def run(call: dict[str, Any]) -> Any:
    """One workload call: its Conversion (or Extraction); ConvertError propagates."""
    options = call["options"]
    if call["op"] == "extract":
        if "input_json" in call:
            return m.extract_images_json(call["input_json"], **options)
        return m.extract_images(call["input"], **options)
    if "input_json" in call:
        return m.convert_json(call["input_json"], call["target"], **options)
    return m.convert(call["input"], call["target"], **options)


def outcome(call: dict[str, Any]) -> Any:
    """What a call gives, comparable across runs: the result, or the error's type, code and path."""
    try:
        return run(call)
    except m.ConvertError as error:
        return (type(error).__name__, error.code, error.path)


def rss() -> int:
    """The resident set size in bytes (Linux /proc)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
