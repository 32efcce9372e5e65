"""Static typing: the stub matches the native module, and the facade's types catch misuse.

Needs mypy in the environment (the main test venv has it).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, check=False)


def test_stub_matches_the_native_module() -> None:
    run = mypy("mypy.stubtest", "mcp_tool_result._native")
    assert run.returncode == 0, run.stdout + run.stderr


def test_types_catch_misuse(tmp_path: Path) -> None:
    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        textwrap.dedent(
            """
            import mcp_tool_result as m

            ok = m.convert({"content": []}, "copilot", strict=True, binary="marker")
            reveal_type(ok["output"])
            parsed: m.Conversion = m.convert_json(b"{}", "mcp", strict=True)
            diagnostics = m.convert({}, "mcp").get("diagnostics", [])
            codes: list[str] = [d["code"] for d in diagnostics]
            wire = m.to_copilot({}, strict=True)
            llm: str = wire["textResultForLlm"]
            mimes: list[str] = [b["mimeType"] for b in wire.get("binaryResultsForLlm", [])]

            m.convert({}, "claude")
            m.to_copilot({}, strict="yes")
            m.convert({}, "mcp", binary="inline-ish")
            m.to_copilot({}, stritc=True)
            m.to_copilot({})["output"]
            m.to_copilot({})["diagnostics"]
            failed: bool = m.to_copilot({})["resultType"] == "rejected"
            m.convert_json({"content": []}, "mcp")
            m.convert_json("{}", "mcp", "{}")
            m.extract_images_json("{}", '{"max_images": 0}')
            text: str = m.convert_json("{}", "mcp")
            sdk_result = m.to_copilot_result({}, strict=True)
            llm_text: str = sdk_result.text_result_for_llm
            est = m.convert({}, "anthropic", model="claude-opus-4-7", estimate_tokens=True)
            costs: list[int | None] = [i["tokens"] for i in est["tokens"]["items"]]
            wrong: str = est["tokens"]["total"]
            m.convert({}, "anthropic", estimate_tokens="yes")
            """
        ),
        encoding="utf-8",
    )
    run = mypy("mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null", str(snippet))
    errors = [line.split(": ", 2)[1:] for line in run.stdout.splitlines() if ": " in line]
    lines = {int(line.split(":")[1]) for line in run.stdout.splitlines() if line.startswith(str(snippet))}
    assert lines == {5, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 28, 29}, run.stdout
    assert ["note", 'Revealed type is "Any"'] in errors, run.stdout


def test_async_forms_are_typed_as_the_sync_ones(tmp_path: Path) -> None:
    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        textwrap.dedent(
            """
            import mcp_tool_result as m

            async def main() -> None:
                ok: m.Conversion = await m.convert_async({}, "copilot", strict=True, fit_images="off")
                text: m.Conversion = await m.convert_json_async(b"{}", "mcp")
                found: m.Extraction = await m.extract_images_async({}, max_images=1)
                again: m.Extraction = await m.extract_images_json_async("{}")
                await m.convert_async({}, "claude")
                await m.convert_async({}, "mcp", fit_images="smaller")
                await m.extract_images_async({}, tool_call_id="t")
                wrong: str = await m.convert_json_async("{}", "mcp")
                m.convert_async({}, "mcp")["output"]
            """
        ),
        encoding="utf-8",
    )
    run = mypy("mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null", str(snippet))
    lines = {int(line.split(":")[1]) for line in run.stdout.splitlines() if line.startswith(str(snippet))}
    assert lines == {9, 10, 11, 12, 13}, run.stdout
