"""`make demo DEMO_INPUT=<file>`: the Conversion of one tool result (JSON text) for each entry of
conformance/demo/conversions.json, through the JSON door, printed as compact JSON with the
payloads as base64 text (`payload="wire"`); Node and Go print the same bytes.
"""

import json
import sys
from pathlib import Path

import mcp_tool_result as m

CONVERSIONS = Path(__file__).resolve().parent.parent / "conformance" / "demo" / "conversions.json"

sys.stdout.reconfigure(encoding="utf-8")  # whatever the locale: the bytes Node and Go print
text = Path(sys.argv[1]).read_text(encoding="utf-8")
for entry in json.loads(CONVERSIONS.read_text(encoding="utf-8")):
    print(f"== {entry['target']} {entry['options']}")
    conversion = m.convert_json(text, entry["target"], payload="wire", **json.loads(entry["options"]))
    print(json.dumps(conversion, ensure_ascii=False, separators=(",", ":")))
