// The module as a host sees it: no imports, the ABI's exports, one conversion, one error.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'

const path = new URL('../../.build/wasm/mcp_tool_result.wasm', import.meta.url)
const module = new WebAssembly.Module(readFileSync(path))
const abi = new WebAssembly.Instance(module, {}).exports
const encoder = new TextEncoder()
const decoder = new TextDecoder()

function put(text) {
  const bytes = encoder.encode(text)
  const ptr = abi.mtr_alloc(bytes.length)
  new Uint8Array(abi.memory.buffer, ptr, bytes.length).set(bytes)
  return [ptr, bytes.length]
}

function read(ptr, len) {
  return decoder.decode(new Uint8Array(abi.memory.buffer, ptr, len))
}

function call(name, ...texts) {
  const args = texts.map(put)
  const status = abi[name](...args.flat())
  for (const [ptr, len] of args) abi.mtr_free(ptr, len)
  return { status, out: read(abi.mtr_out_ptr(), abi.mtr_out_len()), bytes: read(abi.mtr_bytes_ptr(), abi.mtr_bytes_len()) }
}

test('imports nothing and exports the ABI', () => {
  assert.deepEqual(WebAssembly.Module.imports(module), [])
  const functions = WebAssembly.Module.exports(module)
    .filter((e) => e.kind === 'function')
    .map((e) => e.name)
    .sort()
  assert.deepEqual(functions, [
    'mtr_alloc',
    'mtr_bytes_len',
    'mtr_bytes_ptr',
    'mtr_convert',
    'mtr_extract_images',
    'mtr_free',
    'mtr_out_len',
    'mtr_out_ptr',
  ])
  assert.ok(abi.memory instanceof WebAssembly.Memory)
})

test('converts a text result for copilot', () => {
  const got = call('mtr_convert', '{"content":[{"type":"text","text":"hi"}]}', 'copilot', '')
  assert.deepEqual(got, {
    status: 0,
    out: '{"output":{"textResultForLlm":"hi","resultType":"success"}}',
    bytes: '[]',
  })
})

test('an unknown target is status 1 with the error object', () => {
  const got = call('mtr_convert', '{"content":[]}', 'nope', '{}')
  assert.equal(got.status, 1)
  const error = JSON.parse(got.out)
  assert.equal(error.code, 'unsupported_target')
  assert.equal(error.path, '')
  assert.match(error.message, /nope/)
  assert.equal(got.bytes, '[]')
})

test('input that is not UTF-8 is invalid_json', () => {
  const ptr = abi.mtr_alloc(2)
  new Uint8Array(abi.memory.buffer, ptr, 2).set([0xc3, 0x28])
  const [target, targetLen] = put('copilot')
  const status = abi.mtr_convert(ptr, 2, target, targetLen, 0, 0)
  assert.equal(status, 1)
  assert.equal(JSON.parse(read(abi.mtr_out_ptr(), abi.mtr_out_len())).code, 'invalid_json')
})

test('extract_images finds an image and leaves a marker', () => {
  const input = '{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}]}'
  const got = call('mtr_extract_images', input, '')
  assert.equal(got.status, 0)
  const extraction = JSON.parse(got.out)
  assert.equal(extraction.images.length, 1)
  assert.equal(extraction.images[0].data, 'iVBORw0KGgo=')
})

test('strict options reach the core', () => {
  const got = call('mtr_convert', '{"content":[{"type":"bogus"}]}', 'openai-chat', '{"strict":true}')
  assert.equal(got.status, 1)
  assert.deepEqual(
    { code: JSON.parse(got.out).code, path: JSON.parse(got.out).path },
    { code: 'unknown_block_type', path: '/content/0/type' },
  )
})
