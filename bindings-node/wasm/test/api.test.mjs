// The wasm build's API in Node: same answers and same errors as the native addon, and the
// package entry picks the native addon where it loads and the wasm build where it does not.
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

import { png as makePng } from '../../test/media.mjs'
import * as wasm from '../node.mjs'
import * as selected from '../select.mjs'
import backendModule from '../backend.js'

const { MAX_DEPTH } = backendModule

const require = createRequire(import.meta.url)
const packageDir = fileURLToPath(new URL('../..', import.meta.url))
const native = require('../../index.js')
const demo = JSON.parse(readFileSync(join(packageDir, '..', 'conformance', 'demo', 'browser-screenshot.json'), 'utf8'))
const png = Buffer.from(demo.content[1].data, 'base64')

function failure(run) {
  try {
    run()
  } catch (e) {
    return { class: e.constructor.name, code: e.code, path: e.path, message: e.message, cause: e.cause !== undefined }
  }
  assert.fail('expected a ConvertError')
}

test('the wasm entry says it is the wasm build and needs no init', async () => {
  assert.equal(wasm.backend, 'wasm')
  assert.equal(await wasm.init(), undefined)
})

test('the package entry in Node is the native addon when it loads', () => {
  assert.equal(selected.backend, 'native')
  assert.equal(selected.convert, native.convert)
})

test('the package entry falls back to the wasm build where no addon loads', () => {
  const copy = mkdtempSync(join(tmpdir(), 'mtr-no-addon-'))
  try {
    for (const file of ['package.json', 'api.js', 'names.js', 'placeholders.js', 'index.js', 'binding.js', 'wasm']) {
      cpSync(join(packageDir, file), join(copy, file), { recursive: true, filter: (src) => !src.includes('/wasm/test') })
    }
    const api = createRequire(join(copy, 'package.json'))('./wasm/select.cjs')
    assert.equal(api.backend, 'wasm')
    assert.deepEqual(api.convert(demo, 'anthropic'), native.convert(demo, 'anthropic'))
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
})

/** A value with every Uint8Array replaced by its base64 text. */
function asBase64(value) {
  return JSON.parse(
    JSON.stringify(value, function (key, v) {
      return this[key] instanceof Uint8Array ? Buffer.from(this[key]).toString('base64') : v
    }),
  )
}

for (const target of ['copilot', 'anthropic', 'openai-chat', 'openai-responses', 'gemini', 'bedrock', 'mcp', 'text']) {
  test(`the screenshot result for ${target}: wasm equals native`, () => {
    assert.deepEqual(asBase64(wasm.convert(demo, target, { toolCallId: 'c1' })), asBase64(native.convert(demo, target, { toolCallId: 'c1' })))
  })
}

test('with payload sdk a payload is bytes where the Node SDK types it so, base64 text elsewhere', () => {
  const sdk = { toolCallId: 'c1', payload: 'sdk', host: 'node' }
  const bedrock = wasm.convert(demo, 'bedrock', sdk).output.toolResult.content[1].image.source.bytes
  assert.ok(Buffer.isBuffer(bedrock), 'bedrock source.bytes is a Buffer, as natively')
  assert.equal(bedrock.buffer.byteLength, png.length, 'the bytes own their buffer')
  assert.deepEqual(Buffer.from(bedrock), png)
  assert.equal(wasm.convert(demo, 'gemini', sdk).output.functionResponse.parts[0].inlineData.data, demo.content[1].data)
  const wire = wasm.convertJson(JSON.stringify(demo), 'bedrock', { ...sdk, payload: 'wire' })
  assert.equal(wire.output.toolResult.content[1].image.source.bytes, demo.content[1].data)
})

test('the default payload form is the native one', () => {
  assert.deepEqual(asBase64(wasm.convert(demo, 'bedrock')), asBase64(native.convert(demo, 'bedrock')))
  const kind = (api) => api.convert(demo, 'bedrock').output.toolResult.content[1].image.source.bytes.constructor.name
  assert.equal(kind(wasm), kind(native))
})

test('large strings and strings that start with U+0000 reach the core as they are', () => {
  const long = 'x'.repeat(5000) + '"\\u0000\u0000'
  const tricky = ['\u00000', 'a"\u00001', '\\u00002', 'q\\', '']
  const result = { content: [{ type: 'text', text: long }, ...tricky.map((text) => ({ type: 'text', text }))] }
  assert.deepEqual(wasm.convert(result, 'copilot'), native.convert(result, 'copilot'))
  assert.equal(wasm.convert(result, 'copilot').output.textResultForLlm.split('\n')[0], long)
})

test('JSON text as UTF-8 bytes converts like the string', () => {
  const text = JSON.stringify(demo)
  assert.deepEqual(wasm.convertJson(new TextEncoder().encode(text), 'anthropic'), wasm.convertJson(text, 'anthropic'))
  assert.equal(failure(() => wasm.convertJson(new Uint8Array([0xc3, 0x28]), 'anthropic')).code, 'invalid_json')
})

test('the nesting limit known before loading is the module\'s', () => {
  const abi = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(new URL('../mcp_tool_result.wasm', import.meta.url))), {})
  assert.equal(abi.exports.mtr_max_depth(), MAX_DEPTH)
})

test('targetNames are the core\'s', () => {
  assert.deepEqual(wasm.targetNames(), native.targetNames())
})

test('a Uint8Array payload is read as its bytes', () => {
  const result = { content: [{ type: 'image', data: new Uint8Array(png), mimeType: 'image/png' }] }
  assert.deepEqual(wasm.convert(result, 'anthropic'), wasm.convert({ content: [demo.content[1]] }, 'anthropic'))
  assert.deepEqual(wasm.convert(result, 'anthropic'), native.convert(result, 'anthropic'))
})

test('toCopilot and extractImages equal the native ones, with small and large payloads', () => {
  assert.deepEqual(wasm.toCopilot(demo), native.toCopilot(demo))
  assert.deepEqual(wasm.extractImages({ nested: [demo] }), native.extractImages({ nested: [demo] }))
  const large = makePng(1, 1, png.length + 4096).toString('base64') // a real PNG: images are checked
  const value = { shots: [{ type: 'image', data: large, mimeType: 'image/png' }, { type: 'image', data: new Uint8Array(png), mimeType: 'image/png' }] }
  assert.deepEqual(wasm.extractImages(value), native.extractImages(value))
  assert.equal(wasm.extractImages(value).images[0].data, large)
})

const bad = {
  'a function': { content: [{ type: 'text', text: () => 1 }] },
  'a Map': { content: [new Map([['a', 1]])] },
  'a bigint': { content: [{ type: 'text', text: 1n }] },
  'a Float32Array': { content: [{ type: 'image', data: new Float32Array(2), mimeType: 'image/png' }] },
  'a Promise': { content: Promise.resolve([]) },
  'a getter that throws': {
    content: [
      {
        get text() {
          throw new Error('boom')
        },
      },
    ],
  },
  'a key that needs escaping': { 'a/b~c': [{ x: Symbol('s') }] },
}
for (const [what, value] of Object.entries(bad)) {
  test(`${what} fails as it does natively`, () => {
    const got = failure(() => wasm.convert(value, 'anthropic'))
    assert.equal(got.class, 'ConvertError')
    assert.deepEqual(got, failure(() => native.convert(value, 'anthropic')))
  })
}

test('too deep input and a cycle fail with too_deep as natively', () => {
  let deep = []
  for (let i = 0; i < 600; i++) deep = [deep]
  const cycle = { content: [] }
  cycle.content.push(cycle)
  for (const value of [{ content: deep }, cycle]) {
    assert.deepEqual(failure(() => wasm.convert(value, 'copilot')), failure(() => native.convert(value, 'copilot')))
  }
})

test('the path of a value that cannot be lowered is the core\'s JSON Pointer, as natively', () => {
  const value = { content: [{ type: 'text', text: 'x', _meta: { 'a/b~c': [1, () => 1] } }] }
  const e = failure(() => wasm.convert(value, 'mcp'))
  assert.deepEqual([e.code, e.path], ['unsupported_value', '/content/0/_meta/a~1b~0c/1'])
  assert.deepEqual(e, failure(() => native.convert(value, 'mcp')))
  assert.equal(failure(() => wasm.convert({ content: [] }, 'copilot', { '~/': () => 1 })).path, '/~0~1')
})

test('bad options and bad arguments fail with the codes the core uses', () => {
  assert.equal(failure(() => wasm.convert(demo, 'copilot', { strict: () => 1 })).code, 'invalid_option')
  assert.equal(failure(() => wasm.convert(demo, 'copilot', { strict: 'yes' })).code, 'invalid_option')
  assert.equal(failure(() => wasm.convert(demo, 42)).code, 'unsupported_target')
  assert.equal(failure(() => wasm.convertJson({}, 'copilot')).code, 'invalid_json')
  assert.equal(failure(() => wasm.convertJson('{', 'copilot')).code, 'invalid_json')
})

test('a string holding the JSON text of a result is read as that result, as natively', () => {
  const text = JSON.stringify(demo)
  const out = wasm.convert(text, 'copilot')
  assert.deepEqual(out, native.convert(text, 'copilot'))
  assert.deepEqual(out.output, wasm.convert(demo, 'copilot').output)
  assert.equal(out.diagnostics[0].code, 'json_text_input')
  assert.equal(failure(() => wasm.convert(text, 'copilot', { strict: true })).code, 'json_text_input')
  assert.equal(failure(() => wasm.convert('not json', 'copilot')).code, 'invalid_tool_result')
})

test('lone surrogates reach the core as such, in short and in large strings', () => {
  for (const text of ['a\ud800b', 'y'.repeat(3000) + '\udc00']) {
    const result = { content: [{ type: 'text', text }] }
    assert.deepEqual(wasm.convert(result, 'copilot'), native.convert(result, 'copilot'))
    assert.deepEqual(wasm.convert(result, 'copilot').diagnostics.map((d) => d.code), ['lone_surrogate'])
  }
})

test('inputs that grow the module memory convert right, and so do the calls after them', () => {
  const big = { content: [{ type: 'image', data: makePng(1, 1, 3 << 20).toString('base64'), mimeType: 'image/png' }] }
  for (let i = 0; i < 5; i++) assert.equal(wasm.convert(big, 'copilot').output.binaryResultsForLlm[0].data, big.content[0].data)
  assert.deepEqual(wasm.convert(demo, 'copilot'), native.convert(demo, 'copilot'))
})
