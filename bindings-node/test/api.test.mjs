// The public surface: exports of both entry points, ConvertError, the value and JSON-text doors, and that the
// hand-written types in index.d.ts stay in step with the core (targets) and the spec (codes).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

import * as esm from '../index.mjs'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const cjs = createRequire(import.meta.url)('../index.js')
const dts = readFileSync(join(packageDir, 'index.d.ts'), 'utf8')

/** The string literals of `export type <name> = 'a' | 'b' …` in index.d.ts. */
/** The ConvertError `run` throws. */
function failure(run) {
  try {
    run()
  } catch (e) {
    assert.ok(e instanceof esm.ConvertError, `not a ConvertError: ${e}`)
    return e
  }
  assert.fail('no error')
}

function union(name) {
  const match = dts.match(new RegExp(`export type ${name} =([^]*?)\\n(?:\\n|export|/\\*\\*)`))
  assert.ok(match, `no type ${name} in index.d.ts`)
  return [...match[1].matchAll(/'([a-z_-]+)'/g)].map((m) => m[1]).sort()
}

test('CommonJS and ES module entry points export the same values, each declared in index.d.ts', () => {
  const names = Object.keys(createRequire(import.meta.url)('../names.js'))
  for (const name of names) assert.equal(esm[name], cjs[name], name)
  assert.equal(esm.default, cjs)
  for (const name of names) assert.match(dts, new RegExp(`export declare (function|class|const) ${name}\\b`), name)
})

test("index.d.ts declares everything napi-rs declares for the addon, except the loader's own export", () => {
  const napi = readFileSync(process.env.NAPI_DTS ?? join(packageDir, '..', '.build', 'node', 'napi.d.ts'), 'utf8')
  const declared = [...napi.matchAll(/^export declare (?:function|class|const) (\w+)([^\n]*)/gm)]
  assert.ok(declared.some(([, name]) => name === 'targetNames'), 'napi declares targetNames')
  for (const [line, name] of declared) {
    if (name === '__napiBindingTarget') {
      assert.equal(cjs[name], undefined, 'the entry does not export the loader\'s __napiBindingTarget')
      continue
    }
    assert.ok(dts.includes(line), `index.d.ts lacks napi's declaration: ${line}`)
  }
})

test('an invalid option is named as the caller spelled it', () => {
  for (const [options, name] of [
    [{ fitImages: 'on' }, 'fitImages'],
    [{ fit_images: 'on' }, 'fit_images'],
  ]) {
    const e = failure(() => esm.convert({ content: [] }, 'copilot', options))
    assert.deepEqual([e.code, e.path], ['invalid_option', `/${name}`])
    assert.match(e.message, new RegExp(`option ${name} must be one of limits, recommended, off`))
  }
  const e = failure(() => esm.extractImages([], { validateBase64: 'yes' }))
  assert.match(e.message, /option validateBase64 must be a boolean/)
})

test('ConvertError: an Error with code, path and a readable message', () => {
  let error
  try {
    esm.convert({ content: [{ type: 'text', text: 'x' }], is_error: true }, 'copilot', { strict: true })
  } catch (e) {
    error = e
  }
  assert.ok(error instanceof esm.ConvertError && error instanceof Error)
  assert.equal(error.name, 'ConvertError')
  assert.equal(error.code, 'snake_case_key')
  assert.equal(error.path, '/is_error')
  assert.match(error.message, /^snake_case_key at \/is_error: \S/)
  assert.match(error.stack, /ConvertError/)
})

test('convert takes values: a string is a string value, not JSON text', () => {
  const text = '{"type":"text","text":"hi"}'
  assert.equal(esm.convert(text, 'anthropic-mcp').output.content, text)
  const e = failure(() => esm.convert(text, 'copilot'))
  assert.deepEqual([e.code, e.path], ['invalid_tool_result', ''])
})

test('a string holding the JSON text of a tool result is read as that result (json_text_input)', () => {
  const result = { content: [{ type: 'text', text: 'hi' }, { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] }
  const text = JSON.stringify(result)
  const out = esm.convert(text, 'anthropic-mcp', { toolCallId: 'mcptoolu_1' })
  assert.deepEqual(out.output, esm.convert(result, 'anthropic-mcp', { toolCallId: 'mcptoolu_1' }).output)
  assert.deepEqual(out.diagnostics[0], { code: 'json_text_input', path: '', message: out.diagnostics[0].message })
  const e = failure(() => esm.convert(text, 'copilot', { strict: true }))
  assert.deepEqual([e.code, e.path], ['json_text_input', ''])
  assert.match(e.message, /convertJson/)
  const found = esm.extractImages(text)
  assert.deepEqual(found.images, esm.extractImages(result).images)
  assert.equal(found.diagnostics[0].code, 'json_text_input')
  assert.match(failure(() => esm.extractImages(text, { strict: true })).message, /extractImagesJson/)
})

test('extractImages refuses the options it does not read, in either spelling', () => {
  const body = dts.match(/export type ExtractOptions = Pick<\s*ConvertOptionFields,([^>]*)>/)[1]
  const reads = new Set([...body.matchAll(/'(\w+)'/g)].map((m) => m[1]))
  assert.ok(reads.has('maxImages') && !reads.has('maxTextChars'))
  for (const [name, value] of [['maxTextChars', 5], ['max_text_chars', 5], ['toolCallId', 'c'], ['binary', 'marker'], ['payload', 'wire'], ['host', null]]) {
    for (const run of [() => esm.extractImages([], { [name]: value }), () => esm.extractImagesJson('[]', { [name]: value })]) {
      const e = failure(run)
      assert.deepEqual([e.code, e.path], ['invalid_option', `/${name}`], name)
      assert.match(e.message, /extractImages/)
    }
  }
  assert.deepEqual(esm.extractImages([], { maxImages: 1, strict: true, fitImages: 'off' }), { images: [], text: '[]' })
})

test('convertJson and extractImagesJson take JSON text: a string, a Buffer or a Uint8Array of UTF-8', () => {
  const result = { content: [{ type: 'text', text: 'hé 😀' }, { type: 'image', data: 'R0lGODlhAQABAIEAAAAAAAAAAAAAAAAAACH+AXgALAAAAAABAAEAAAgEAAEEBAA7', mimeType: 'IMAGE/GIF' }], isError: 1 }
  const text = JSON.stringify(result)
  const backing = Buffer.from('xx' + text + 'yy')
  for (const input of [text, Buffer.from(text), new TextEncoder().encode(text), backing.subarray(2, backing.length - 2)]) {
    assert.deepEqual(esm.convertJson(input, 'mcp', { binary: 'marker' }), esm.convert(result, 'mcp', { binary: 'marker' }))
    assert.deepEqual(esm.extractImagesJson(input, { maxImages: 1 }), esm.extractImages(result, { maxImages: 1 }))
  }
})

test('the JSON-text doors refuse what is not JSON text', () => {
  for (const [run, code, path] of [
    [() => esm.convertJson('{', 'copilot'), 'invalid_json', ''],
    [() => esm.convertJson(Buffer.from([0x7b, 0xff, 0x7d]), 'copilot'), 'invalid_json', ''],
    [() => esm.convertJson({ content: [] }, 'copilot'), 'invalid_json', ''],
    [() => esm.convertJson(new Uint16Array(2), 'copilot'), 'invalid_json', ''],
    [() => esm.convertJson('{"content":[]}', 'nope'), 'unsupported_target', ''],
    [() => esm.convertJson('{"content":[]}', 'copilot', { strict: 1 }), 'invalid_option', '/strict'],
    [() => esm.extractImagesJson('[', {}), 'invalid_json', ''],
    [() => esm.extractImagesJson(['[]']), 'invalid_json', ''],
  ]) {
    const e = failure(run)
    assert.deepEqual([e.code, e.path], [code, path], e.message)
  }
  assert.match(failure(() => esm.convertJson(Buffer.from([0x7b, 0xff]), 'copilot')).message, /not UTF-8 \(at byte 1\)/)
  // Bytes that are not UTF-8 cannot be read at all: reported before the target's and the
  // options' errors, as in every binding (which come before the text's JSON errors).
  for (const run of [
    () => esm.convertJson(Buffer.from([0x7b, 0xff, 0x7d]), 'nope'),
    () => esm.convertJson(Buffer.from([0x7b, 0xff, 0x7d]), 'copilot', { strict: 5 }),
    () => esm.extractImagesJson(Buffer.from([0x5b, 0xff, 0x5d]), { strict: 5 }),
  ]) {
    assert.match(failure(run).message, /^invalid_json: .*not UTF-8/)
  }
})

test('the value doors refuse a Uint8Array as the whole value and name the JSON-text door', () => {
  const e = failure(() => esm.convert(Buffer.from('{"content":[]}'), 'copilot'))
  assert.deepEqual([e.code, e.path], ['unsupported_value', ''])
  assert.match(e.message, /convertJson/)
  assert.match(failure(() => esm.extractImages(new Uint8Array(1))).message, /extractImagesJson/)
})

test('the Target type lists exactly the targets of the core', () => {
  assert.deepEqual(union('Target'), [...esm.targetNames()].sort())
  const outputs = dts.match(/export interface TargetOutput<O = \{\}> \{([^}]*)\}/)[1]
  assert.deepEqual([...outputs.matchAll(/^\s*'?([a-z-]+)'?:/gm)].map((m) => m[1]).sort(), union('Target'))
})

test('the fitting options reach the core, camelCase as typed', () => {
  for (const [name, bad] of [
    ['fitImages', 'smaller'],
    ['imagesInRequest', -1],
    ['maxTextChars', 'many'],
  ]) {
    const e = failure(() => esm.convert({ content: [] }, 'anthropic', { [name]: bad }))
    assert.deepEqual([e.code, e.path], ['invalid_option', `/${name}`], name)
    assert.equal(failure(() => esm.extractImages([], { [name]: bad })).code, 'invalid_option', name)
  }
})

test('every option of the ConvertOptions type is accepted by the core', () => {
  const body = dts.match(/export interface ConvertOptionFields \{([^}]*)\}/)[1]
  const declared = [...body.matchAll(/^\s*(\w+)\?: (.+)$/gm)]
  assert.ok(declared.length >= 5)
  for (const [, name, type] of declared) {
    const literal = type.match(/'([^']+)'/)
    const value = literal ? literal[1] : { boolean: true, string: 'x', number: 1 }[type.split('|')[0].trim()]
    assert.notEqual(value, undefined, `no sample value for ${name}: ${type}`)
    assert.doesNotThrow(() => esm.convert({ content: [] }, 'copilot', { [name]: value }), name)
  }
})

// Test runners that reset their module registry (jest) load index.js again in the same env,
// where the addon and its compiled builders stay: every copy must still build its outputs.
test('a second copy of index.js in the same env converts like the first', () => {
  const require = createRequire(import.meta.url)
  const entry = require.resolve('../index.js')
  const first = require(entry)
  const input = { content: [{ type: 'text', text: 'hi' }] }
  const want = { textResultForLlm: 'hi', resultType: 'success' }
  for (let i = 0; i < 3; i++) assert.deepEqual(first.toCopilot(input), want)
  for (const file of ['index.js', 'api.js', 'placeholders.js', 'binding.js']) delete require.cache[join(packageDir, file)]
  const second = require(entry)
  assert.notEqual(second, first)
  // One ConvertError class for both: the addon throws the first copy's, and the second copy
  // exports and throws that one too.
  assert.equal(second.ConvertError, first.ConvertError)
  for (const api of [first, second]) {
    for (const run of [() => api.convert({}, 'no-such-target'), () => api.convert(input, 'copilot', { strict: 1 }), () => api.convert(1n, 'copilot')]) {
      assert.throws(run, (e) => e instanceof first.ConvertError && e instanceof second.ConvertError)
    }
  }
  for (const api of [second, first, second, first]) {
    assert.deepEqual(api.toCopilot(input), want)
    assert.deepEqual(api.toCopilot({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }), {
      textResultForLlm: 'a\nb',
      resultType: 'success',
    })
  }
  // More distinct options than one copy caches: the second copy forgets its own configs only,
  // so the first one's cached copilot config still converts for copilot.
  for (let i = 0; i < 100; i++) {
    const output = second.convert(input, 'anthropic', { toolCallId: 'c', maxTextChars: 100 + i }).output
    assert.deepEqual(output.content, [{ type: 'text', text: 'hi' }])
    assert.deepEqual(first.toCopilot(input), want)
  }
})

test('per-call options (toolCallId, toolName) convert as in one options text, without configuring anew', async () => {
  const native = createRequire(import.meta.url)('../binding.js')
  const configure = native.configure
  let configured = 0
  native.configure = (...args) => {
    configured++
    return configure(...args)
  }
  const input = { content: [{ type: 'text', text: 'hi' }] }
  try {
    for (let i = 0; i < 100; i++) {
      const options = { validateBase64: false, toolCallId: `call_${i}`, toolName: `tool_${i % 3}` }
      const sync = cjs.convert(input, 'gemini', options)
      assert.deepEqual(sync.output.functionResponse.id, `call_${i}`)
      assert.deepEqual(sync.output.functionResponse.name, `tool_${i % 3}`)
      // The async door passes every option in one text.
      assert.deepEqual(sync, await cjs.convertAsync(input, 'gemini', options))
    }
    assert.ok(configured <= 1, `configured ${configured} times for one set of options`)
  } finally {
    native.configure = configure
  }
  // An id given once is not kept for the next call with the same other options.
  assert.equal(cjs.convert(input, 'openai-chat', { strict: false, tool_call_id: 'a' }).output.tool_call_id, 'a')
  const without = cjs.convert(input, 'openai-chat', { strict: false })
  assert.equal(without.output.tool_call_id, undefined)
  assert.deepEqual(without.diagnostics.map((d) => d.code), ['missing_tool_call_id'])
  assert.deepEqual(without, await cjs.convertAsync(input, 'openai-chat', { strict: false }))
  // Both spellings in one call: the later wins, as in one text.
  assert.equal(cjs.convert(input, 'anthropic', { tool_call_id: 'a', toolCallId: 'b' }).output.tool_use_id, 'b')
  // Bad per-call values fail at their key, after the errors of the other options.
  const throwing = { get toolCallId() { throw new Error('no id') } }
  for (const [options, path] of [
    [{ toolCallId: 3 }, '/toolCallId'],
    [{ toolName: 'x', strict: 'yes', tool_call_id: [] }, '/strict'],
    [throwing, '/toolCallId'],
  ]) {
    const error = failure(() => cjs.convert(input, 'anthropic', options))
    assert.deepEqual([error.code, error.path], ['invalid_option', path])
    await assert.rejects(cjs.convertAsync(input, 'anthropic', options), { code: 'invalid_option', path })
  }
})
