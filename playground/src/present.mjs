// How the page shows a Conversion: the exact JSON (bytes as base64) for the test to compare,
// the same JSON with each payload abbreviated to `[base64, 48 KiB]` for people, and the images
// and audio found in a value so the page can show and play them. Runs in the page and in the Node test alike.

/** A string this long or longer, of canonical base64 with a letter no hex digit has, is a payload. */
const PAYLOAD_MIN = 64
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const NOT_HEX = /[g-zG-Z+/]/
const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*);base64,(.*)$/s

/** Base64 of bytes (btoa exists in browsers and in Node). */
export function toBase64(bytes) {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The Conversion as JSON text, a Uint8Array as its base64 string: what the page and the test compare. */
export function rawJson(value) {
  return JSON.stringify(value, function (key, v) {
    const raw = this[key]
    return raw instanceof Uint8Array ? toBase64(raw) : v
  })
}

/**
 * A byte count as the core's markers write it: `N B` below 1 KiB, else KiB, MiB or GiB (the
 * largest unit not above it) rounded half up to two decimals, trailing zeros trimmed; a value
 * that rounds to 1024 is written in the next unit.
 */
export function formatSize(bytes) {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KiB', 'MiB', 'GiB']
  const hundredths = (unit) => Math.floor((bytes * 200 + unit) / (unit * 2))
  let level = 0
  let unit = 1024
  while (level < 2 && (bytes >= unit * 1024 || hundredths(unit) >= 102400)) {
    level += 1
    unit *= 1024
  }
  const h = hundredths(unit)
  const value = `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`.replace(/\.?0+$/, '')
  return `${value} ${units[level]}`
}

function isPayload(s) {
  return s.length >= PAYLOAD_MIN && s.length % 4 === 0 && BASE64.test(s) && NOT_HEX.test(s)
}

function decodedLength(b64) {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0
  return (b64.length / 4) * 3 - pad
}

/** `{base64, prefix}` when `v` is a payload (base64, a base64 data URL or bytes), else null. */
function payloadOf(v) {
  if (v instanceof Uint8Array) return { bytes: v, prefix: 'bytes' }
  if (typeof v !== 'string') return null
  const url = DATA_URL.exec(v)
  if (url !== null && BASE64.test(url[3])) return { base64: url[3], prefix: `data:${url[1]}${url[2]};base64` }
  return isPayload(v) ? { base64: v, prefix: 'base64' } : null
}

/** `value` with every payload replaced by a short label such as `[base64, 48 KiB]`. */
export function abbreviate(value) {
  const payload = payloadOf(value)
  if (payload !== null) {
    const size = payload.bytes ? payload.bytes.length : decodedLength(payload.base64)
    return `[${payload.prefix}, ${formatSize(size)}]`
  }
  if (Array.isArray(value)) return value.map(abbreviate)
  if (value !== null && typeof value === 'object') {
    const out = {}
    for (const [key, v] of Object.entries(value)) out[key] = abbreviate(v)
    return out
  }
  return value
}

/** Media formats a browser plays or shows, by their first bytes (-1: any byte). */
const MAGIC = [
  ['image', 'image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image', 'image/jpeg', [0xff, 0xd8, 0xff]],
  ['image', 'image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['image', 'image/webp', [0x52, 0x49, 0x46, 0x46, -1, -1, -1, -1, 0x57, 0x45, 0x42, 0x50]],
  ['audio', 'audio/wav', [0x52, 0x49, 0x46, 0x46, -1, -1, -1, -1, 0x57, 0x41, 0x56, 0x45]],
  ['audio', 'audio/mpeg', [0x49, 0x44, 0x33]],
  ['audio', 'audio/ogg', [0x4f, 0x67, 0x67, 0x53]],
  ['audio', 'audio/flac', [0x66, 0x4c, 0x61, 0x43]],
]

function headOf(payload) {
  if (payload.bytes) return payload.bytes.subarray(0, 16)
  try {
    return Uint8Array.from(atob(payload.base64.slice(0, 24)), (c) => c.charCodeAt(0))
  } catch {
    return new Uint8Array(0)
  }
}

function mediaType(head) {
  return MAGIC.find(([, , magic]) => magic.every((b, i) => b < 0 || head[i] === b)) ?? null
}

function escapeToken(key) {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1')
}

/**
 * Every image and audio payload in `value` (found by its bytes, wherever it is):
 * `{path, kind, type, size, src}` with `kind` `image` or `audio`, `path` a JSON Pointer under
 * `base` and `src` a data URL the page can show or play.
 */
export function findMedia(value, base = '') {
  const found = []
  const walk = (v, path) => {
    const payload = payloadOf(v)
    if (payload !== null) {
      const media = mediaType(headOf(payload))
      if (media === null) return
      const [kind, type] = media
      const base64 = payload.base64 ?? toBase64(payload.bytes)
      found.push({ path, kind, type, size: decodedLength(base64), src: `data:${type};base64,${base64}` })
    } else if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${path}/${i}`))
    else if (v !== null && typeof v === 'object') for (const [key, item] of Object.entries(v)) walk(item, `${path}/${escapeToken(key)}`)
  }
  walk(value, base)
  return found
}

/**
 * What a Conversion costs and leaves out, for the summary line: ` About 4,000 tokens (3,223
 * text, 777 media); 1 item omitted.` (with `estimateTokens`), `''` when there is neither.
 */
export function costSummary(conversion) {
  const parts = []
  const tokens = conversion?.tokens
  if (tokens) {
    const n = (x) => x.toLocaleString('en-US')
    const unknown = tokens.items.filter((i) => i.tokens === null).length
    parts.push(`about ${n(tokens.total)} tokens (${n(tokens.text)} text, ${n(tokens.media)} media${unknown ? `, ${unknown} of unknown cost` : ''})`)
  }
  const omitted = conversion?.omitted?.length ?? 0
  if (omitted) parts.push(`${omitted} item${omitted === 1 ? '' : 's'} omitted (see omitted: handles)`)
  if (parts.length === 0) return ''
  const text = parts.join('; ')
  return ` ${text[0].toUpperCase()}${text.slice(1)}.`
}
