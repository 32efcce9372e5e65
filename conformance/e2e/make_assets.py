"""Writes the end-to-end suite's media files: small, real and byte-for-byte deterministic.

    python make_assets.py [DIR]          write them into DIR (default: assets/ beside this file)
    python make_assets.py --check [DIR]  fail when a file in DIR differs from what would be written

Only the standard library: a PNG (zlib + CRC chunks), a baseline JPEG (a hand-built JFIF with
fixed Huffman tables and one flat colour per block), a one-page PDF with a correct xref table,
and a PCM WAV (the ``wave`` module).
"""

from __future__ import annotations

import io
import math
import struct
import sys
import wave
import zlib
from pathlib import Path


def png(width: int, height: int, seed: int) -> bytes:
    """An RGB PNG with a gradient that depends on ``seed``."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        for x in range(width):
            rows += bytes(((x * 37 + seed) % 256, (y * 53 + seed * 7) % 256, (x * y + seed * 13) % 256))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def jpeg() -> bytes:
    """An 8x8 grey baseline JPEG: one block whose only coefficient is DC = 0 (mid grey).

    Luma only; quantisation all ones; the DC table codes category 0 as ``00`` and the AC table
    codes EOB as ``00``, so the whole scan is the four bits ``0000`` padded with ones."""
    soi = b"\xff\xd8"
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    dqt = b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + bytes([1] * 64)
    sof0 = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, 8, 8, 1) + b"\x01\x11\x00"
    # One code of length 2 for each table: DC symbol 0 (category 0), AC symbol 0x00 (EOB).
    counts = bytes([0, 1] + [0] * 14)
    dht_dc = b"\xff\xc4" + struct.pack(">H", 20) + b"\x00" + counts + b"\x00"
    dht_ac = b"\xff\xc4" + struct.pack(">H", 20) + b"\x10" + counts + b"\x00"
    sos = b"\xff\xda" + struct.pack(">HB", 8, 1) + b"\x01\x00" + b"\x00\x3f\x00"
    scan = b"\x0f"  # DC "00", EOB "00", then padding bits 1111
    return soi + app0 + dqt + sof0 + dht_dc + dht_ac + sos + scan + b"\xff\xd9"


def pdf() -> bytes:
    """A one-page PDF that says "mcp-tool-result e2e", with exact xref offsets."""
    stream = b"BT /F1 18 Tf 20 50 Td (mcp-tool-result e2e) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>"
        ),
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(str(number).encode() + b" 0 obj\n" + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 " + str(len(objects) + 1).encode() + b"\n0000000000 65535 f \n")
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size " + str(len(objects) + 1).encode() + b" /Root 1 0 R >>\n")
    out.write(b"startxref\n" + str(xref).encode() + b"\n%%EOF\n")
    return out.getvalue()


def wav() -> bytes:
    """0.05 s of a 440 Hz sine, 8 kHz mono 16-bit PCM."""
    rate = 8000
    frames = b"".join(
        struct.pack("<h", round(8000 * math.sin(2 * math.pi * 440 * i / rate))) for i in range(rate // 20)
    )
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)
    return out.getvalue()


ASSETS = {
    "chart.png": lambda: png(16, 12, 1),
    "error.png": lambda: png(8, 8, 2),
    "grey.jpg": jpeg,
    "report.pdf": pdf,
    "tone.wav": wav,
}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    rest = [a for a in argv if a != "--check"]
    target = Path(rest[0]) if rest else Path(__file__).with_name("assets")
    target.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, make in ASSETS.items():
        data = make()
        path = target / name
        if check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(name)
        else:
            path.write_bytes(data)
    if stale:
        print(
            f"make_assets: {', '.join(stale)} differ from the generator; run make_assets.py", file=sys.stderr
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
