// Real images for the benchmarks: the core checks image structure by default, so a buffer that
// only starts with a PNG signature would be measured as a marker, not as an image.
import { crc32, deflateSync } from 'node:zlib'

function chunk(kind, data) {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(kind, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])))
  return Buffer.concat([head, data, crc])
}

/** A real RGB PNG of width x height (stored deflate: no compression), padded to `size` bytes
 *  with a tEXt chunk when `size` is given. */
export function storedPng(width, height, size = 0) {
  const raw = Buffer.alloc((3 * width + 1) * height)
  for (let i = 0; i < raw.length; i++) raw[i] = i % (3 * width + 1) === 0 ? 0 : (i * 2654435761) >>> 24
  const ihdr = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0])
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)]
  parts.push(chunk('IDAT', deflateSync(raw, { level: 0 })))
  const end = chunk('IEND', Buffer.alloc(0))
  if (size) {
    const used = parts.reduce((n, p) => n + p.length, 0) + end.length + 12 + 'Comment\0'.length
    if (used > size) throw new Error(`a ${width}x${height} PNG is over ${size} bytes`)
    parts.push(chunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(size - used, 0x78)])))
  }
  return Buffer.concat([...parts, end])
}
