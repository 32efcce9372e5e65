"""Write the cross-check's cases: every target name (and names that are none, and
`extract_images` for the image extraction) × option sets made from the core's catalog (each
option with a value of the wrong type, each valid value, unknown and doubled keys) × inputs that
trip each kind of error and repair, one JSON object per line: {"target", "options", "input"}
(input: JSON text).

Usage: python3 cases.py CATALOG.json > cases.jsonl   (CATALOG: `mcp-tool-result catalog`)
"""

from __future__ import annotations

import json
import sys

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

# JSON texts, each for one kind of input error or repair (and a plain one).
INPUTS = [
    '{"content":[{"type":"text","text":"ok"}]}',
    '{"content": [',
    "5",
    "[]",
    "{}",
    '{"content": 5}',
    '{"content":[{"type":"text"}]}',
    '{"content":[{"type":"text","text":"a","x":' + "[" * 600 + "]" * 600 + "}]}",
    '{"content":[{"type":"text","text":"\\ud800"}]}',
    '{"content":[{"type":"image","data":"!!","mimeType":"image/png"}]}',
    '{"content":[{"type":"image","data":"' + PNG + '","mimeType":"image/jpeg"}]}',
    '{"content":[{"type":"audio","data":"AAAA","mimeType":"audio/wav"}]}',
    '{"content":[{"type":"resource","resource":{"uri":5}}]}',
    '{"content":[{"type":"resource_link","uri":"file:///a.txt","name":"a"}]}',
    '{"content":[{"type":"text","text":"a","annotations":{"audience":["user"]}}]}',
    '{"content":[{"type":"hologram"}],"isError":"yes"}',
    '{"task":{"taskId":"t"}}',
    '{"content":[],"resultType":"partial"}',
    '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"x"}]}}',
    '{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"}}',
    '{"toolResult":{"answer":42}}',
    '{"content":[{"type":"text","text":"a"}],"structured_content":{"n":1},"is_error":true}',
]

# Target names that name no target, and the pseudo-target of the image extraction (as in the
# fixtures: runners call their extraction doors).
NOT_TARGETS = ["nope", "", "Copilot", "extract_images"]


def wrong_values(option: dict) -> list:
    """Values of another type than the option's, and values its type has but it refuses."""
    kind = option["type"]
    if kind == "bool":
        return [5, "true"]
    if kind == "count":
        return [-1, 1.5, "3"]
    if kind == "enum":
        return ["nope", 1]
    return [5, True]


def valid_values(option: dict) -> list:
    """Values the option takes, other than its default."""
    kind = option["type"]
    if kind == "bool":
        return [not option["default"]]
    if kind == "count":
        return [0, 1]
    if kind == "enum":
        return [v for v in option["values"] if v != option["default"]]
    return ["call_1"]


def option_sets(catalog: dict) -> list[dict]:
    sets: list[dict] = [{}, {"no_such_option": 1}, {"strict": True, "noSuchOption": 1}]
    for option in catalog["options"]:
        name, alias = option["name"], option["alias"]
        sets += [{name: v} for v in wrong_values(option)]
        sets += [{alias: v} for v in valid_values(option)]
        if option["nullable"]:
            sets.append({name: None})
        if alias != name:
            first, second = (valid_values(option) + [option["default"]])[:2]
            sets.append({name: first, alias: second})
    sets.append({"strict": True, "binary": "nope"})
    return sets


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as f:
        catalog = json.load(f)
    targets = [t["name"] for t in catalog["targets"]] + NOT_TARGETS
    for options in option_sets(catalog):
        for target in targets:
            for text in INPUTS:
                print(json.dumps({"target": target, "options": options, "input": text}))


if __name__ == "__main__":
    main()
