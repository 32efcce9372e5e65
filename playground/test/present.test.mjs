// What the page shows of a Conversion: sizes as the core's own markers write them, payloads
// (base64, data URLs, bytes) abbreviated and nothing else, media found by their bytes.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { test } from 'node:test'

import { abbreviate, costSummary, findMedia, formatSize, rawJson } from '../src/present.mjs'

const native = createRequire(import.meta.url)('../../bindings-node/index.js')
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function bytesOf(length, head = PNG) {
  const bytes = new Uint8Array(length)
  bytes.set(head.slice(0, length))
  for (let i = head.length; i < length; i++) bytes[i] = (i * 7) & 0xff
  return bytes
}

test('sizes read as the core writes them in its markers', () => {
  const sizes = [1, 1023, 1024, 1535, 1536, 2047, 10_240, 1_048_575, 1_048_576, 1_101_004, 1_101_005, 5_000_000]
  for (const size of sizes) {
    const { output } = native.convert({ content: [{ type: 'audio', data: Buffer.from(bytesOf(size, [])), mimeType: 'audio/x-none' }] }, 'text')
    const marker = /^\[audio audio\/x-none, ([^\]]+)\]$/.exec(output)
    assert.ok(marker, output)
    assert.equal(formatSize(size), marker[1], `${size} bytes`)
  }
})

test('payloads become [kind, size] labels; other strings stay', () => {
  const png = Buffer.from(bytesOf(3000)).toString('base64')
  const value = {
    data: png,
    url: `data:image/png;base64,${png}`,
    bytes: bytesOf(10),
    hex: 'a'.repeat(64) + '0123456789abcdef'.repeat(4),
    short: 'iVBORw0KGgo=',
    text: 'The build passed: 42 tests.',
    nested: [{ blob: png }, 3, null, true],
  }
  assert.deepEqual(abbreviate(value), {
    data: '[base64, 2.93 KiB]',
    url: '[data:image/png;base64, 2.93 KiB]',
    bytes: '[bytes, 10 B]',
    hex: value.hex,
    short: 'iVBORw0KGgo=',
    text: 'The build passed: 42 tests.',
    nested: [{ blob: '[base64, 2.93 KiB]' }, 3, null, true],
  })
  assert.equal(rawJson({ bytes: new Uint8Array([104, 105]) }), '{"bytes":"aGk="}')
})

test('media are found by their bytes, under the path they sit at', () => {
  const png = Buffer.from(bytesOf(100)).toString('base64')
  const wav = Buffer.from(bytesOf(100, [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45])).toString('base64')
  const other = Buffer.from(bytesOf(100, [1, 2, 3, 4])).toString('base64')
  const found = findMedia({ a: [{ 'x/y': png }], b: `data:audio/wav;base64,${wav}`, c: other, d: bytesOf(100) }, '/output')
  assert.deepEqual(
    found.map(({ path, kind, type, size }) => ({ path, kind, type, size })),
    [
      { path: '/output/a/0/x~1y', kind: 'image', type: 'image/png', size: 100 },
      { path: '/output/b', kind: 'audio', type: 'audio/wav', size: 100 },
      { path: '/output/d', kind: 'image', type: 'image/png', size: 100 },
    ],
  )
  assert.equal(found[0].src, `data:image/png;base64,${png}`)
})

test('the summary gives the estimate and what was omitted', () => {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
  const result = { content: [{ type: 'text', text: 'x'.repeat(4000) }, { type: 'image', data: png, mimeType: 'image/png' }] }
  assert.equal(costSummary(native.convert(result, 'text')), '')
  // gpt-4o: the 1x1 image is 85 + 170 = 255; 4000 characters are 1000 tokens.
  const full = native.convert(result, 'openai-responses', { toolCallId: 'c', model: 'gpt-4o', estimateTokens: true })
  assert.equal(costSummary(full), ' About 1,255 tokens (1,000 text, 255 media).')
  // max_text_chars cuts the text: one item omitted, its handle in the marker.
  const cut = native.convert(result, 'openai-responses', { toolCallId: 'c', maxTextChars: 10 })
  assert.equal(costSummary(cut), ' 1 item omitted (see omitted: handles).')
  assert.match(cut.output.output[0].text, new RegExp(`characters omitted, ${cut.omitted[0].handle} …`))
})
