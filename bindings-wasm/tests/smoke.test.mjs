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
    'mtr_convert_leaves',
    'mtr_extract_images',
    'mtr_extract_images_leaves',
    'mtr_free',
    'mtr_json_pointer',
    'mtr_max_depth',
    'mtr_out_len',
    'mtr_out_ptr',
    'mtr_target_names',
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
  const input = '{"content":[{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=","mimeType":"image/png"}]}'
  const got = call('mtr_extract_images', input, '')
  assert.equal(got.status, 0)
  const extraction = JSON.parse(got.out)
  assert.equal(extraction.images.length, 1)
  assert.equal(extraction.images[0].data, 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=')
})

test('strict options reach the core', () => {
  const got = call('mtr_convert', '{"content":[{"type":"bogus"}]}', 'openai-chat', '{"strict":true}')
  assert.equal(got.status, 1)
  assert.deepEqual(
    { code: JSON.parse(got.out).code, path: JSON.parse(got.out).path },
    { code: 'unknown_block_type', path: '/content/0/type' },
  )
})

test('bytes pointers name where the Conversion holds bytes', () => {
  const input = '{"content":[{"type":"text","text":"a"},{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=","mimeType":"image/png"}]}'
  const sdk = call('mtr_convert', input, 'bedrock', '{"payload":"sdk","host":"node"}')
  assert.equal(sdk.status, 0)
  assert.deepEqual(JSON.parse(sdk.bytes), ['/output/toolResult/content/1/image/source/bytes'])
  assert.equal(JSON.parse(sdk.out).output.toolResult.content[1].image.source.bytes, 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=')
  assert.equal(call('mtr_convert', input, 'bedrock', '{"payload":"wire"}').bytes, '[]')
  assert.equal(call('mtr_convert', input, 'bedrock', '{"payload":"sdk"}').bytes, '[]')
})

test('target names and the depth limit come from the core', () => {
  assert.equal(abi.mtr_target_names(), 0)
  const names = JSON.parse(read(abi.mtr_out_ptr(), abi.mtr_out_len()))
  assert.ok(names.includes('copilot') && names.includes('bedrock'), names.join())
  assert.equal(call('mtr_convert', '{"content":[]}', 'nope', '').status, 1)
  for (const name of names) assert.equal(call('mtr_convert', '{"content":[]}', name, '').status, 0, name)
  assert.equal(abi.mtr_max_depth(), 512)
})

test('JSON Pointers of host paths come from the core', () => {
  assert.deepEqual(call('mtr_json_pointer', '["_meta","a/b~c","0"]'), { status: 0, out: '"/_meta/a~1b~0c/0"', bytes: '[]' })
  assert.equal(call('mtr_json_pointer', '[]').out, '""')
  const bad = call('mtr_json_pointer', '["a",1]')
  assert.equal(bad.status, 1)
  assert.equal(JSON.parse(bad.out).code, 'invalid_json')
})

/** Copies `leaves` into the module: `[table, count]` as mtr_*_leaves take them. */
function putLeaves(leaves) {
  const entries = leaves.map(put)
  const table = abi.mtr_alloc(entries.length * 8)
  const view = new DataView(abi.memory.buffer, table, entries.length * 8)
  entries.forEach(([ptr, len], i) => {
    view.setUint32(i * 8, ptr, true)
    view.setUint32(i * 8 + 4, len, true)
  })
  return [table, entries.length]
}

test('leaves stay out of the text and come back as placeholders', () => {
  const input = '{"content":[{"type":"text","text":"\\u00000"},{"type":"image","data":"\\u00001","mimeType":"image/png"}]}'
  const [target, targetLen] = put('anthropic')
  const [text, textLen] = put(input)
  const status = abi.mtr_convert_leaves(text, textLen, target, targetLen, 0, 0, ...putLeaves(['\u0000note', 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=']))
  assert.equal(status, 0)
  const content = JSON.parse(read(abi.mtr_out_ptr(), abi.mtr_out_len())).output.content
  assert.equal(content[0].text, '\u00000', 'the unchanged text is its placeholder')
  assert.equal(content[1].source.data, '\u00001', 'the unchanged payload is its placeholder')
})

test('a new output string starting with U+0000 gets one more U+0000', () => {
  const input = '{"content":[{"type":"text","text":"\\u00000"},{"type":"text","text":"b"}]}'
  const [target, targetLen] = put('copilot')
  const [text, textLen] = put(input)
  assert.equal(abi.mtr_convert_leaves(text, textLen, target, targetLen, 0, 0, ...putLeaves(['\u0000a'])), 0)
  const output = JSON.parse(read(abi.mtr_out_ptr(), abi.mtr_out_len())).output
  assert.equal(output.textResultForLlm, '\u0000\u0000a\nb')
})

test('leaves for extract_images, and a placeholder without its leaf', () => {
  const [text, textLen] = put('{"type":"image","data":"\\u00000","mimeType":"image/png"}')
  assert.equal(abi.mtr_extract_images_leaves(text, textLen, 0, 0, ...putLeaves(['iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII='])), 0)
  assert.equal(JSON.parse(read(abi.mtr_out_ptr(), abi.mtr_out_len())).images[0].data, '\u00000')
  assert.equal(abi.mtr_extract_images_leaves(text, textLen, 0, 0, ...putLeaves([])), 1)
  assert.equal(JSON.parse(read(abi.mtr_out_ptr(), abi.mtr_out_len())).code, 'internal_error')
})
