"""Writes a deterministic 3840x2160 RGB PNG that looks like a screenshot (title bar, sidebar, rows
of glyph-like text, a photo-like panel with noise), 8-12 MB like a real 4K screenshot holding a
photo: the large image of the e2e suite's fitting tests and of ``make bench-fit``. Made at test
time (too large to commit). Usage: make_screenshot.py OUT.png"""

from __future__ import annotations

import random
import struct
import sys
import zlib

WIDTH, HEIGHT = 3840, 2160


def rows() -> bytes:
    rng = random.Random(20261201)
    glyphs = [bytes(rng.choice((0x20, 0x30, 0xE8)) for _ in range(9)) for _ in range(64)]
    out = bytearray()
    for y in range(HEIGHT):
        row = bytearray()
        if y < 90:  # title bar
            row += bytes((0x2B, 0x2D, 0x31)) * WIDTH
        else:
            row += bytes((0x1E, 0x1F, 0x22)) * 640  # sidebar
            line, inner = divmod(y - 90, 36)
            text = bytearray()
            for x in range(1600 // 9):
                glyph = glyphs[(line * 131 + x * 17) % 64] if inner < 24 and (x * 7 + line) % 11 else b"\xf0" * 9
                text += bytes(v for v in glyph for _ in range(3))
            row += bytes(text[: 1600 * 3].ljust(1600 * 3, b"\xf0"))
            # photo-like panel: a colour ramp with noise
            noise = rng.randbytes(1600)
            panel = bytearray(1600 * 3)
            for x in range(1600):
                n = noise[x] >> 3
                panel[3 * x] = min(255, x * 255 // 1600 + n)
                panel[3 * x + 1] = min(255, y * 255 // HEIGHT + n)
                panel[3 * x + 2] = 128 + n
            row += panel
        out += b"\0" + row
    return bytes(out)


def png(raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    data = png(rows())
    with open(sys.argv[1], "wb") as f:
        f.write(data)
    print(f"{sys.argv[1]}: {WIDTH}x{HEIGHT} PNG, {len(data) / 1e6:.1f} MB")
