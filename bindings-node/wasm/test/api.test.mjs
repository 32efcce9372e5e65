// The wasm build's API in Node: same answers and same errors as the native addon, and the
// package entry picks the native addon where it loads and the wasm build where it does not.
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

import * as wasm from '../node.mjs'
import * as selected from '../select.mjs'

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
    for (const file of ['package.json', 'index.js', 'binding.js', 'wasm']) {
      cpSync(join(packageDir, file), join(copy, file), { recursive: true, filter: (src) => !src.includes('/wasm/test') })
    }
    const api = createRequire(join(copy, 'package.json'))('./wasm/select.cjs')
    assert.equal(api.backend, 'wasm')
    assert.deepEqual(api.convert(demo, 'anthropic'), native.convert(demo, 'anthropic'))
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
})

for (const target of ['copilot', 'anthropic', 'openai-chat', 'openai-responses', 'gemini', 'bedrock', 'mcp', 'text']) {
  test(`the screenshot result for ${target}: wasm equals native`, () => {
    assert.deepEqual(wasm.convert(demo, target, { toolCallId: 'c1' }), native.convert(demo, target, { toolCallId: 'c1' }))
  })
}

test('a Uint8Array payload is read as its bytes', () => {
  const result = { content: [{ type: 'image', data: new Uint8Array(png), mimeType: 'image/png' }] }
  assert.deepEqual(wasm.convert(result, 'anthropic'), wasm.convert({ content: [demo.content[1]] }, 'anthropic'))
  assert.deepEqual(wasm.convert(result, 'anthropic'), native.convert(result, 'anthropic'))
})

test('toCopilot and extractImages equal the native ones', () => {
  assert.deepEqual(wasm.toCopilot(demo), native.toCopilot(demo))
  assert.deepEqual(wasm.extractImages({ nested: [demo] }), native.extractImages({ nested: [demo] }))
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

test('bad options and bad arguments fail with the codes the core uses', () => {
  assert.equal(failure(() => wasm.convert(demo, 'copilot', { strict: () => 1 })).code, 'invalid_option')
  assert.equal(failure(() => wasm.convert(demo, 'copilot', { strict: 'yes' })).code, 'invalid_option')
  assert.equal(failure(() => wasm.convert(demo, 42)).code, 'unsupported_target')
  assert.equal(failure(() => wasm.convertJson({}, 'copilot')).code, 'invalid_json')
  assert.equal(failure(() => wasm.convertJson('{', 'copilot')).code, 'invalid_json')
})

test('a string value is a value, not JSON text', () => {
  assert.equal(failure(() => wasm.convert('{"content":[]}', 'copilot')).code, 'invalid_tool_result')
  assert.deepEqual(wasm.convertJson('{"content":[]}', 'copilot'), wasm.convert({ content: [] }, 'copilot'))
})

test('lone surrogates reach the core as such', () => {
  const result = { content: [{ type: 'text', text: 'a\ud800b' }] }
  assert.deepEqual(wasm.convert(result, 'copilot'), native.convert(result, 'copilot'))
  assert.equal(wasm.convert(result, 'copilot').diagnostics[0].code, 'lone_surrogate')
})

test('inputs that grow the module memory convert right, and so do the calls after them', () => {
  const big = { content: [{ type: 'image', data: Buffer.alloc(3 << 20, 7).toString('base64'), mimeType: 'image/png' }] }
  for (let i = 0; i < 5; i++) assert.equal(wasm.convert(big, 'copilot').output.binaryResultsForLlm[0].data, big.content[0].data)
  assert.deepEqual(wasm.convert(demo, 'copilot'), native.convert(demo, 'copilot'))
})
