"""The soak and hostile-value driver shared by every binding (conformance/soak/README.md).

    python3 driver.py workload   the soak workload: real results from the conformance fixtures
                                 and conformance/demo, with a schedule (JSON on stdout)
    python3 driver.py hostile [--count N] [--seed S]
                                 mutated conformance inputs as JSON text (JSON on stdout), then
                                 up to N inputs of the fuzz corpus named by SOAK_CORPUS

Standard library only; the output depends on nothing but the repository's files and the
arguments, so every binding runs the same calls in the same order.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

CONFORMANCE = Path(__file__).resolve().parent.parent
FIXTURES = CONFORMANCE / "fixtures"
IMAGES = CONFORMANCE / "images"
DEMO = CONFORMANCE / "demo"

# One pass of the schedule holds every light call this many times and every call with an image
# (up to tens of milliseconds each to fit) once, so a million calls spend most of their time in
# the common small-result path and still decode an image every few thousand calls.
LIGHT_REPEAT = 20


class MissingImage(Exception):
    """A `$image` that is generated (too large to commit), not committed."""


def resolve_images(value: Any) -> tuple[Any, bool]:
    """Replace each `{"$image": name}` by the file's base64; the flag says whether one was seen."""
    if isinstance(value, dict):
        if set(value) == {"$image"}:
            path = IMAGES / value["$image"]
            if not path.is_file():
                raise MissingImage(value["$image"])
            return base64.b64encode(path.read_bytes()).decode(), True
        seen = False
        out = {}
        for key, item in value.items():
            out[key], found = resolve_images(item)
            seen = seen or found
        return out, seen
    if isinstance(value, list):
        items = [resolve_images(item) for item in value]
        return [item for item, _ in items], any(found for _, found in items)
    return value, False


def fixture_calls() -> list[dict[str, Any]]:
    """Every fixture case whose images are committed (one at most), as a call."""
    calls = []
    for path in sorted(FIXTURES.glob("*/*.json")):
        doc = json.loads(path.read_text())
        for case in doc["cases"]:
            target = case.get("target", doc["target"])
            if json.dumps(case.get("input")).count('"$image"') > 1:
                continue  # several images to fit: seconds a call, too slow to repeat a million times
            try:
                options, _ = resolve_images(case.get("options", {}))
                if "input_json" in case:
                    value, heavy = case["input_json"], False
                else:
                    value, heavy = resolve_images(case["input"])
            except MissingImage:
                continue
            call: dict[str, Any] = {
                "id": f"{target}/{doc['topic']}#{case['id']}",
                "op": "extract" if target == "extract_images" else "convert",
                "target": target,
                "options": options,
                "heavy": heavy,
            }
            if "input_json" in case:
                call["input_json"] = value
            else:
                call["input"] = value
            calls.append(call)
    return calls


def demo_calls() -> list[dict[str, Any]]:
    """The demo screenshot result through every conversion of conformance/demo, lenient and strict."""
    result = json.loads((DEMO / "browser-screenshot.json").read_text())
    calls = []
    for entry in json.loads((DEMO / "conversions.json").read_text()):
        options = json.loads(entry["options"])
        for strict in (False, True):
            calls.append(
                {
                    "id": f"demo/{entry['target']}{'/strict' if strict else ''}",
                    "op": "convert",
                    "target": entry["target"],
                    "options": {**options, "strict": True} if strict else options,
                    "heavy": False,
                    "input": result,
                }
            )
    calls.append(
        {
            "id": "demo/extract",
            "op": "extract",
            "target": "extract_images",
            "options": {},
            "heavy": False,
            "input": result,
        }
    )
    return calls


def workload() -> dict[str, Any]:
    calls = fixture_calls() + demo_calls()
    light = [i for i, call in enumerate(calls) if not call["heavy"]]
    heavy = [i for i, call in enumerate(calls) if call["heavy"]]
    # Light calls in a fixed shuffled order, the heavy ones spread evenly through the pass.
    rng = random.Random(13)
    order = light * LIGHT_REPEAT
    rng.shuffle(order)
    step = max(1, len(order) // max(1, len(heavy)))
    schedule: list[int] = []
    for k, index in enumerate(order):
        if k % step == 0 and k // step < len(heavy):
            schedule.append(heavy[k // step])
        schedule.append(index)
    return {"calls": calls, "schedule": schedule}


# ---- hostile inputs --------------------------------------------------------------------------

HUGE_NUMBERS = [
    b"1e400",
    b"-1e400",
    b"1e-400",
    b"-0",
    b"123456789012345678901234567890123456789",
    b"18446744073709551616",
    b"-9223372036854775809",
    b"9007199254740993",
    b"0." + b"0" * 400 + b"1",
    b"1" * 5000,
]
ODD_STRINGS = [
    b'"\\ud800"',
    b'"\\udfff tail"',
    b'"a\\ud83d"',
    b'"\\u0000"',
    b'"nul\\u0000inside"',
    b'"\x00"',
    b'"\xff\xfe"',
    b'"\xc3"',
    b'"\xed\xa0\x80"',
    b'"data:image/png;base64,"',
    b'"http://127.0.0.1/x.png"',
    b'""',
]
WRONG_TYPES = [
    b"null",
    b"true",
    b"0",
    b"-1",
    b"[]",
    b"{}",
    b'"x"',
    b"[[[]]]",
    b'{"type":"image"}',
    b"1.5",
]
OPTION_VALUES = [
    None,
    True,
    False,
    -1,
    0,
    1,
    2**53,
    2**64,
    1.5,
    "x",
    "",
    [],
    {},
    "off",
    "marker",
    "wire",
]
# Every option, and one the core does not know.
# <generated options: generated by .ci/gen/catalog.py from the core's catalog (`make generate`); do not edit>
OPTION_NAMES = [
    "strict",
    "validate_base64",
    "sniff_mime",
    "validate_images",
    "respect_audience",
    "binary",
    "structured_content",
    "tool_call_id",
    "tool_name",
    "payload",
    "host",
    "max_images",
    "max_image_bytes",
    "max_total_bytes",
    "max_image_dimension",
    "fit_images",
    "images_in_request",
    "max_text_chars",
    "model",
    "estimate_tokens",
    "max_tokens",
    "no_such_option",
]
# </generated>


def value_spans(text: bytes) -> list[tuple[int, int]]:
    """Start and end of every scalar value in `text` (compact JSON): strings, numbers, literals."""
    spans = []
    i = 0
    while i < len(text):
        c = text[i : i + 1]
        if c == b'"':
            j = i + 1
            while j < len(text) and text[j : j + 1] != b'"':
                j += 2 if text[j : j + 1] == b"\\" else 1
            end = j + 1
            if end < len(text) and text[end : end + 1] == b":":
                i = end + 1  # an object key, not a value
                continue
            spans.append((i, end))
            i = end
        elif c in b"-0123456789tfn":
            j = i
            while j < len(text) and text[j : j + 1] not in b",]}":
                j += 1
            spans.append((i, j))
            i = j
        else:
            i += 1
    return spans


def mutate(rng: random.Random, text: bytes) -> tuple[str, bytes]:
    """One mutation of JSON text: its kind and the mutated bytes."""
    kind = rng.choice(
        [
            "flip",
            "truncate",
            "number",
            "string",
            "wrong_type",
            "deep",
            "splice",
            "delete",
            "duplicate",
        ]
    )
    if kind == "flip" and text:
        data = bytearray(text)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return kind, bytes(data)
    if kind == "truncate" and text:
        return kind, text[: rng.randrange(len(text))]
    spans = value_spans(text)
    if kind in ("number", "string", "wrong_type") and spans:
        start, end = rng.choice(spans)
        pool = {
            "number": HUGE_NUMBERS,
            "string": ODD_STRINGS,
            "wrong_type": WRONG_TYPES,
        }[kind]
        return kind, text[:start] + rng.choice(pool) + text[end:]
    if kind == "deep":
        depth = rng.choice([511, 512, 513, 600, 5_000, 100_000])
        opener, closer = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
        where = rng.choice(["whole", "content", "value"])
        if where == "content" and spans:
            start, end = rng.choice(spans)
            return kind, text[:start] + opener * depth + text[
                start:end
            ] + closer * depth + text[end:]
        if where == "value":
            nested = opener * depth + b"1" + closer * depth
            return (
                kind,
                b'{"content":[{"type":"text","text":"x"}],"structuredContent":'
                + nested
                + b"}",
            )
        return kind, opener * depth + text + closer * depth
    if kind == "splice" and text:
        i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
        k = rng.randrange(len(text) + 1)
        return kind, text[:k] + text[i:j] + text[k:]
    if kind == "delete" and text:
        i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
        return kind, text[:i] + text[j:]
    if kind == "duplicate" and spans:
        start, end = rng.choice(spans)
        return kind, text[:end] + b"," + text[start:end] + text[end:]
    return "flip", bytes(b ^ 0x20 for b in text[:1]) + text[1:]


def hostile(count: int, seed: int) -> list[dict[str, Any]]:
    """`count` mutated conformance inputs: each a target, JSON text (base64 of its bytes, which
    need not be UTF-8) and options (a JSON object, sometimes with an odd value)."""
    calls = [call for call in fixture_calls() + demo_calls() if not call["heavy"]]
    rng = random.Random(seed)
    out = []
    for n in range(count):
        call = rng.choice(calls)
        if "input_json" in call:
            text = call["input_json"].encode("utf-8", "surrogatepass")
        else:
            text = json.dumps(
                call["input"], separators=(",", ":"), ensure_ascii=False
            ).encode("utf-8", "surrogatepass")
        kind, data = mutate(rng, text)
        options = dict(call["options"])
        if n % 5 == 0:
            options[rng.choice(OPTION_NAMES)] = rng.choice(OPTION_VALUES)
            kind += "+option"
        out.append(
            {
                "from": call["id"],
                "kind": kind,
                "op": call["op"],
                "target": call["target"],
                "text": base64.b64encode(data).decode(),
                "options": options,
            }
        )
    return out


# <generated targets: generated by .ci/gen/catalog.py from the core's catalog (`make generate`); do not edit>
TARGETS = [
    "copilot",
    "mcp",
    "anthropic",
    "anthropic-mcp",
    "openai-chat",
    "openai-responses",
    "gemini",
    "gemini-legacy",
    "gemini-interactions",
    "bedrock",
    "text",
]
# </generated>


def corpus(directory: Path, count: int) -> list[dict[str, Any]]:
    """Up to `count` inputs of a cargo-fuzz `convert` corpus (core/fuzz: each file a 3-byte
    header, then the input as JSON text), by file name; the first header byte picks the target."""
    out = []
    for path in sorted(directory.iterdir())[:count]:
        data = path.read_bytes()
        if len(data) < 3:
            continue
        out.append(
            {
                "from": f"corpus/{path.name}",
                "kind": "corpus",
                "op": "convert",
                "target": TARGETS[data[0] % len(TARGETS)],
                "text": base64.b64encode(data[3:]).decode(),
                "options": {},
            }
        )
    return out


def hostile_inputs(count: int, seed: int) -> list[dict[str, Any]]:
    """`count` mutated inputs, then up to `count` inputs of the fuzz corpus directory named by
    SOAK_CORPUS when it is set (`make soak` sets core/fuzz/corpus/convert when `make fuzz` made
    one)."""
    out = hostile(count, seed)
    if os.environ.get("SOAK_CORPUS"):
        out += corpus(Path(os.environ["SOAK_CORPUS"]), count)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("what", choices=["workload", "hostile"])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    out = (
        workload() if args.what == "workload" else hostile_inputs(args.count, args.seed)
    )
    json.dump(out, sys.stdout, ensure_ascii=True, separators=(",", ":"))


if __name__ == "__main__":
    main()
