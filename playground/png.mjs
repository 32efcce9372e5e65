// A tiny PNG writer for the playground's large example image (8-bit RGB, no filter, deflate):
// the image is drawn by a function of the pixel position, so the example needs no binary file.
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes) {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/** The PNG of a `width` × `height` RGB image whose row `y` `drawRow(y, row)` fills (3 bytes a pixel). */
export function png(width, height, drawRow) {
  const stride = width * 3 + 1
  const raw = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) drawRow(y, raw.subarray(y * stride + 1, (y + 1) * stride))
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A full-page screenshot of a made-up dashboard, `width` × `height`: a dark top bar, then
 * cards of grey "text lines" on a light page, one accent bar per card.
 */
export function pageScreenshot(width, height) {
  const fill = (row, from, to, rgb) => row.fill(Buffer.from(rgb), Math.max(0, from) * 3, Math.min(width, to) * 3)
  return png(width, height, (y, row) => {
    if (y < 72) {
      fill(row, 0, width, [30, 35, 48])
      if (y >= 24 && y < 48) fill(row, 32, 200, [142, 166, 255])
      return
    }
    fill(row, 0, width, [244, 246, 249])
    const card = Math.floor((y - 72) / 420)
    const inCard = (y - 72) % 420
    if (inCard < 24 || inCard >= 396) return
    const margin = 48 + (card % 3) * 16
    fill(row, margin, width - margin, [255, 255, 255])
    if (inCard >= 48 && inCard < 60) fill(row, margin + 24, margin + 24 + 220 + (card % 5) * 40, [59, 91, 219])
    const line = inCard - 88
    if (line >= 0 && line % 28 < 10 && line < 280) {
      const length = (width - 2 * margin - 48) * (0.55 + (((card * 7 + Math.floor(line / 28) * 3) % 9) / 20))
      fill(row, margin + 24, margin + 24 + Math.floor(length), [205, 211, 221])
    }
  })
}
