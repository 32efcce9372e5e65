"""Checks one captured provider request against the MCP result it was made from.

The rules (issue 9, "End-to-end suite"):
- every media payload in the request (Anthropic ``source.data``, OpenAI ``image_url`` /
  ``file_data`` / ``input_audio.data``, Gemini ``inlineData.data``, Gemini Interactions
  ``{type: image | audio | document | video, data}``, Bedrock ``source.bytes``)
  decodes to the bytes of one payload of the MCP result: never to its base64 text (encoded
  twice), never to anything else;
- each payload of the result arrives as media when the target carries its kind (expect.json),
  unless its ``annotations.audience`` leaves out the assistant: then it must not arrive;
- no other string of the request holds a payload's base64 or a data URL (base64 in text);
- an error tool result carries text only where the provider requires it (Anthropic
  ``is_error``: "all content must be type 'text'"; Bedrock ``status: error``, same rule for Claude);
- every image payload of the request decodes fully with Pillow: a provider rejects an image it
  cannot decode, and the result stays in the history (issue 30). An image the conversion
  repaired (``image_repaired``: bytes after the end marker cut, PNG chunk CRCs recomputed) stands
  for its original.

``check_request(record, query)`` returns ``{"problems": [str, ...], "media": [...]}``; an empty
``problems`` list is a pass. With ``"assets": true`` every payload of the result must also be
one of the files in assets/ byte for byte (the suite's own servers send only those).

With ``"fit": "limits"`` or ``"recommended"`` (the ``fit_images`` option the conversion used), an
image may also arrive fitted (issue 10): a new image standing for an image of the result. Then
every image of the request must be within the target's limits (expect.json ``limits``: decoded
bytes, pixels per side; with ``"recommended"`` also ``recommended``), its declared media type must
match its bytes, and a fitted image must keep its original's aspect ratio and never be larger.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import struct
from pathlib import Path
from typing import Any

from PIL import Image

HERE = Path(__file__).parent
_EXPECT = json.loads((HERE / "expect.json").read_text())
EXPECT: dict[str, dict[str, bool]] = _EXPECT["carries"]
LIMITS: dict[str, dict[str, int | None]] = _EXPECT["limits"]
RECOMMENDED: dict[str, dict[str, int]] = _EXPECT["recommended"]
ASSETS = {p.name: p.read_bytes() for p in sorted((HERE / "assets").iterdir())}
#: The media contents of the Gemini Interactions API (``{type, data, mime_type}``).
INTERACTIONS_MEDIA = ("image", "audio", "document", "video")
PROBE = 40  # characters of a payload's base64 that count as a leak when found in text


def _b64(text: str) -> bytes | None:
    """Standard or URL-safe base64 (google-genai's pydantic models send URL-safe), else None."""
    for alphabet in (None, b"-_"):
        try:
            return base64.b64decode(text, altchars=alphabet, validate=True)
        except (binascii.Error, ValueError):
            continue
    return None


def _data_url(text: str) -> bytes | None:
    if not text.startswith("data:") or ";base64," not in text:
        return None
    return _b64(text.split(";base64,", 1)[1])


def _kind(mime: str) -> str:
    if mime.startswith("image/"):
        return "image"
    if mime.startswith("audio/"):
        return "audio"
    if mime == "application/pdf":
        return "pdf"
    return "other"


def payloads(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The base64 payloads of an MCP CallToolResult: ``{"path", "mime", "kind", "base64", "bytes",
    "for_model"}`` (``for_model``: false when ``annotations.audience`` leaves out the assistant)."""
    found = []
    for index, block in enumerate(result.get("content") or []):
        if block.get("type") in ("image", "audio") and isinstance(block.get("data"), str):
            mime, text, path = block.get("mimeType", ""), block["data"], f"/content/{index}/data"
        elif block.get("type") == "resource" and isinstance((block.get("resource") or {}).get("blob"), str):
            resource = block["resource"]
            mime, text, path = (
                resource.get("mimeType", ""),
                resource["blob"],
                f"/content/{index}/resource/blob",
            )
        else:
            continue
        data = _b64(text)
        audience = (block.get("annotations") or {}).get("audience")
        for_model = audience is None or "assistant" in audience
        if data is not None:
            found.append(
                {
                    "path": path,
                    "mime": mime,
                    "kind": _kind(mime),
                    "base64": text,
                    "bytes": data,
                    "for_model": for_model,
                }
            )
    return found


def _media_nodes(
    node: Any, path: str, out: list[tuple[str, str, str, str | None]], contents: bool = False
) -> None:
    """Collects (pointer, how, string, declared media type) for every media payload position of
    a request body (the type as the request declares it: None where it declares none).
    ``contents``: the body is a Gemini Interactions request, whose media are
    ``{type, data, mime_type}`` contents (read nowhere else, where such a block would be an MCP
    block leaked into the request)."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            _media_nodes(item, f"{path}/{i}", out, contents)
        return
    if not isinstance(node, dict):
        return
    source = node.get("source")
    if isinstance(source, dict):
        if source.get("type") == "base64" and isinstance(source.get("data"), str):
            out.append((f"{path}/source/data", "base64", source["data"], source.get("media_type")))
        if isinstance(source.get("bytes"), str):
            form = node.get("format")
            declared = f"image/{form}" if form in ("png", "jpeg", "gif", "webp") else None
            out.append((f"{path}/source/bytes", "base64", source["bytes"], declared))
    image_url = node.get("image_url")
    if isinstance(image_url, str):
        out.append((f"{path}/image_url", "url", image_url, _url_type(image_url)))
    elif isinstance(image_url, dict) and isinstance(image_url.get("url"), str):
        out.append((f"{path}/image_url/url", "url", image_url["url"], _url_type(image_url["url"])))
    if isinstance(node.get("file_data"), str):
        out.append((f"{path}/file_data", "url", node["file_data"], _url_type(node["file_data"])))
    audio = node.get("input_audio")
    if isinstance(audio, dict) and isinstance(audio.get("data"), str):
        out.append((f"{path}/input_audio/data", "base64", audio["data"], None))
    if contents and node.get("type") in INTERACTIONS_MEDIA and isinstance(node.get("data"), str):
        out.append((f"{path}/data", "base64", node["data"], node.get("mime_type")))
    for key in ("inlineData", "inline_data"):
        blob = node.get(key)
        if isinstance(blob, dict) and isinstance(blob.get("data"), str):
            declared = blob.get("mimeType", blob.get("mime_type"))
            out.append((f"{path}/{key}/data", "base64", blob["data"], declared))
    for key, value in node.items():
        _media_nodes(value, f"{path}/{key}", out, contents)


def _url_type(url: str) -> str | None:
    return url[5:].split(";", 1)[0] if url.startswith("data:") else None


def image_header(data: bytes) -> tuple[str, int, int] | None:
    """(media type, width, height) read from the header of a PNG, JPEG, GIF or WebP, else None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR":
        return "image/png", int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif", int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _webp(data)
    if data[:2] == b"\xff\xd8":
        return _jpeg(data)
    return None


def _webp(data: bytes) -> tuple[str, int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8X":
        return "image/webp", 1 + int.from_bytes(data[24:27], "little"), 1 + int.from_bytes(data[27:30], "little")
    if chunk == b"VP8L":
        bits = int.from_bytes(data[21:25], "little")
        return "image/webp", 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    if chunk == b"VP8 ":
        return "image/webp", int.from_bytes(data[26:28], "little") & 0x3FFF, int.from_bytes(data[28:30], "little") & 0x3FFF
    return None


def _jpeg(data: bytes) -> tuple[str, int, int] | None:
    at = 2
    while at + 9 < len(data) and data[at] == 0xFF:
        marker, length = data[at + 1], int.from_bytes(data[at + 2 : at + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            return "image/jpeg", int.from_bytes(data[at + 7 : at + 9], "big"), int.from_bytes(data[at + 5 : at + 7], "big")
        at += 2 + length
    return None


def _undecodable(data: bytes) -> str | None:
    """Why Pillow cannot fully decode an image payload (as a provider would refuse it), else None."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
    except (OSError, SyntaxError, ValueError, EOFError, IndexError, struct.error, Image.DecompressionBombError) as error:
        return f"{type(error).__name__}: {error}"
    return None


def _png_chunks(data: bytes) -> list[tuple[bytes, bytes]] | None:
    """The (type, data) of each chunk of a PNG up to IEND, CRCs left out; None if not a PNG."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    chunks, at = [], 8
    while at + 8 <= len(data):
        length, kind = int.from_bytes(data[at : at + 4], "big"), data[at + 4 : at + 8]
        chunks.append((kind, data[at + 8 : at + 8 + length]))
        at += 12 + length
        if kind == b"IEND":
            break
    return chunks


def _repairs(sent: bytes, original: bytes) -> bool:
    """Whether ``sent`` is ``original`` as ``validate_images`` repairs it: the bytes after the end
    marker cut, or a PNG's chunk CRCs recomputed (the same chunk types and data)."""
    if len(sent) < len(original) and original.startswith(sent):
        return True
    chunks = _png_chunks(sent)
    return chunks is not None and sent != original and chunks == _png_chunks(original)


def _fit_problems(pointer: str, data: bytes, declared: str | None, target: str, fit: str) -> list[str]:
    """Why an image payload of the request is not within the target's limits (mode ``fit``)."""
    header = image_header(data)
    if header is None:
        return [f"{pointer}: an image payload whose header cannot be read"]
    mime, width, height = header
    problems = []
    if declared is not None and declared != mime:
        problems.append(f"{pointer}: declared {declared}, but the bytes are {mime}")
    limits = LIMITS[target]
    if limits["max_bytes"] is not None and len(data) > limits["max_bytes"]:
        problems.append(f"{pointer}: {len(data)} bytes, over {target}'s {limits['max_bytes']}")
    if limits["max_dimension"] is not None and max(width, height) > limits["max_dimension"]:
        problems.append(f"{pointer}: {width}x{height} px, over {target}'s {limits['max_dimension']} px")
    if fit == "recommended":
        for key, value in RECOMMENDED.get(target, {}).items():
            size = {"long_edge": max(width, height), "short_side": min(width, height), "pixels": width * height}
            if size[key] > value:
                problems.append(f"{pointer}: {width}x{height} px, over {target}'s recommended {key} of {value}")
    return problems


def _stands_for(fitted: tuple[int, int], original: bytes) -> bool:
    """Whether an image of ``fitted`` pixels can be ``original`` downscaled: never larger, same
    aspect ratio up to rounding each side to whole pixels."""
    header = image_header(original)
    if header is None:
        return False
    (w, h), (ow, oh) = fitted, header[1:]
    return w <= ow and h <= oh and abs(w * oh - h * ow) <= max(ow, oh)


def _strings(node: Any, path: str, out: list[tuple[str, str]]) -> None:
    if isinstance(node, str):
        out.append((path, node))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            _strings(item, f"{path}/{i}", out)
    elif isinstance(node, dict):
        for key, value in node.items():
            _strings(value, f"{path}/{key}", out)


def _error_results(node: Any, path: str, out: list[tuple[str, list[Any]]]) -> None:
    """Collects (pointer, content) of every error tool result (Anthropic or Bedrock form)."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            _error_results(item, f"{path}/{i}", out)
        return
    if not isinstance(node, dict):
        return
    anthropic = node.get("type") in ("tool_result", "mcp_tool_result") and node.get("is_error") is True
    if (anthropic or node.get("status") == "error") and isinstance(node.get("content"), list):
        out.append((path, node["content"]))
    for key, value in node.items():
        _error_results(value, f"{path}/{key}", out)


def check_request(record: dict[str, Any], query: dict[str, Any]) -> dict[str, Any]:
    target = query["target"]
    carries = EXPECT[target]
    originals = payloads(query["result"])
    body = record["body"]
    problems: list[str] = []

    if query.get("assets"):
        for item in originals:
            if item["bytes"] not in ASSETS.values():
                problems.append(f"{item['path']}: the MCP server sent bytes that are none of the asset files")

    fit = query.get("fit")
    nodes: list[tuple[str, str, str, str | None]] = []
    _media_nodes(body, "", nodes, contents=target == "gemini-interactions")
    media = []
    arrived: set[int] = set()
    for pointer, how, text, declared in nodes:
        data = _data_url(text) if how == "url" else _b64(text)
        if data is None:
            if how == "url" and not text.startswith("data:"):
                continue  # a URL reference (resource_link), not a payload
            problems.append(f"{pointer}: media payload is not valid base64 ({text[:32]!r}...)")
            continue
        match = next((i for i, o in enumerate(originals) if o["bytes"] == data), None)
        twice = next((i for i, o in enumerate(originals) if o["base64"].encode() == data), None)
        if match is None:
            match = next(
                (i for i, o in enumerate(originals) if o["kind"] == "image" and _repairs(data, o["bytes"])), None
            )
        header = image_header(data)
        if header is not None or (declared or "").startswith("image/"):
            why = _undecodable(data)
            if why is not None:
                problems.append(f"{pointer}: an image Pillow cannot decode ({why}), which a provider rejects")
        if fit is not None and header is not None:
            problems += _fit_problems(pointer, data, declared, target, fit)
            if match is None and twice is None:
                size = header[1:]
                match = next(
                    (
                        i
                        for i, o in enumerate(originals)
                        if i not in arrived and o["kind"] == "image" and _stands_for(size, o["bytes"])
                    ),
                    None,
                )
                if match is None:
                    problems.append(f"{pointer}: a {header[1]}x{header[2]} image that is none of the result's images")
                    continue
                arrived.add(match)
                media.append(
                    {
                        "path": pointer,
                        "from": originals[match]["path"],
                        "size": len(data),
                        "fitted": {"type": header[0], "width": header[1], "height": header[2]},
                    }
                )
                continue
        if match is not None:
            arrived.add(match)
            asset = next((name for name, raw in ASSETS.items() if raw == data), None)
            media.append(
                {"path": pointer, "from": originals[match]["path"], "size": len(data), "asset": asset}
            )
        elif twice is not None:
            problems.append(
                f"{pointer}: encoded twice: the payload decodes to the base64 text of "
                f"{originals[twice]['path']}, not to its bytes"
            )
        else:
            problems.append(f"{pointer}: media payload ({len(data)} bytes) is none of the result's payloads")

    for i, item in enumerate(originals):
        if not item["for_model"] and i in arrived:
            problems.append(f"{item['path']}: its audience leaves out the assistant, yet it reached {target}")
        elif item["for_model"] and carries.get(item["kind"], False) and i not in arrived:
            problems.append(f"{item['path']}: {item['mime']} did not arrive as media for {target}")

    media_pointers = {pointer for pointer, _, _, _ in nodes}
    strings: list[tuple[str, str]] = []
    _strings(body, "", strings)
    probes = [(o, o["base64"][:PROBE]) for o in originals if len(o["base64"]) >= PROBE]
    probes += [(o, base64.b64encode(o["base64"].encode()).decode()[:PROBE]) for o in originals]
    for pointer, text in strings:
        if pointer in media_pointers:
            continue
        for item, probe in probes:
            if probe in text:
                problems.append(f"{pointer}: base64 of {item['path']} inside a text field")
                break
        else:
            if "data:" in text and ";base64," in text:
                problems.append(f"{pointer}: a data URL inside a text field")
    errors: list[tuple[str, list[Any]]] = []
    _error_results(body, "", errors)
    for pointer, content in errors:
        for i, item in enumerate(content):
            text = isinstance(item, dict) and (item.get("type") == "text" or set(item) == {"text"})
            if not text:
                problems.append(f"{pointer}/content/{i}: an error tool result may carry text only")
    return {"problems": problems, "media": media}
