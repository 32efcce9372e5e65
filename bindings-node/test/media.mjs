// Real media for the tests (no tests here): a PNG built chunk by chunk, and a one-page PDF.
import { crc32, deflateSync } from 'node:zlib'

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid `width` × `height` RGB PNG with a colour gradient, padded to `size` bytes with a tEXt
 *  chunk when `size` is given. */
export function png(width, height, size = 0) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per sample, truecolour, deflate, no filter, no interlace
  const rows = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x++) row.set([(x * 255) / width, (y * 255) / height, 128], 1 + x * 3)
    rows.push(row)
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const parts = [signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows)))]
  const end = chunk('IEND', Buffer.alloc(0))
  if (size) {
    const pad = size - parts.reduce((n, p) => n + p.length, 0) - end.length - 12 - 'Comment\0'.length
    if (pad < 0) throw new Error(`a ${width}x${height} PNG is over ${size} bytes`)
    parts.push(chunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(pad, 0x78)])))
  }
  return Buffer.concat([...parts, end])
}

/** A minimal one-page PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
