// The browser build's loader, run in Node (which has fetch's Response and async compile): calls
// before init() fail with a clear message; init() takes bytes, a Response or a Module, loads
// once, and the API then answers like the Node wasm build.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'

import * as browser from '../browser.mjs'
import * as wasm from '../node.mjs'

const bytes = readFileSync(new URL('../mcp_tool_result.wasm', import.meta.url))
const result = { content: [{ type: 'text', text: 'hi' }] }

test('calls before init() say what to do', () => {
  assert.equal(browser.backend, 'wasm')
  assert.throws(() => browser.toCopilot(result), /await init\(\)/)
})

test('init() with a failed Response rejects and can be retried', async () => {
  await assert.rejects(browser.init(new Response('nope', { status: 404 })), /HTTP 404/)
  assert.throws(() => browser.toCopilot(result), /await init\(\)/)
})

test('init() with a Response loads the module once', async () => {
  const first = browser.init(new Response(bytes, { headers: { 'content-type': 'application/wasm' } }))
  assert.equal(browser.init(), first, 'a second call while loading returns the same promise')
  await first
  await browser.init(new Response('ignored: already loaded'))
  assert.deepEqual(browser.convert(result, 'anthropic', { toolCallId: 't' }), wasm.convert(result, 'anthropic', { toolCallId: 't' }))
  assert.deepEqual(browser.targetNames(), wasm.targetNames())
})
