// The public surface: exports of both entry points, ConvertError, convertJson, and that the
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
function union(name) {
  const match = dts.match(new RegExp(`export type ${name} =([^]*?)\\n(?:\\n|export|/\\*\\*)`))
  assert.ok(match, `no type ${name} in index.d.ts`)
  return [...match[1].matchAll(/'([a-z_-]+)'/g)].map((m) => m[1]).sort()
}

test('CommonJS and ES module entry points export the same functions', () => {
  const names = ['ConvertError', 'convert', 'convertJson', 'extractImages', 'targetNames', 'toCopilot']
  for (const name of names) assert.equal(esm[name], cjs[name], name)
  assert.equal(esm.default, cjs)
  for (const name of names) assert.match(dts, new RegExp(`export declare (function|class) ${name}\\b`), name)
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

test('convertJson returns the core JSON text, and raises ConvertErrors', () => {
  assert.equal(
    esm.convertJson('{"content":[{"type":"text","text":"hi"}]}', 'copilot'),
    '{"output":{"textResultForLlm":"hi","resultType":"success"}}',
  )
  const withOptions = JSON.parse(esm.convertJson('{"content":[{"type":"image","data":"@@","mimeType":"image/png"}]}', 'copilot', '{"validateBase64":false}'))
  assert.deepEqual(withOptions.output.binaryResultsForLlm, [{ type: 'image', data: '@@', mimeType: 'image/png' }])
  for (const [args, code] of [
    [['{', 'copilot'], 'invalid_json'],
    [['{"content":[]}', 'nope'], 'unsupported_target'],
    [['{"content":[]}', 'copilot', '{"strict":1}'], 'invalid_option'],
    [[{}, 'copilot'], 'invalid_json'],
  ]) {
    assert.throws(() => esm.convertJson(...args), (e) => e instanceof esm.ConvertError && e.code === code)
  }
})

test('the Target type lists exactly the targets of the core', () => {
  assert.deepEqual(union('Target'), [...esm.targetNames()].sort())
  const outputs = dts.match(/export interface TargetOutput \{([^}]*)\}/)[1]
  assert.deepEqual([...outputs.matchAll(/^\s*'?([a-z-]+)'?:/gm)].map((m) => m[1]).sort(), union('Target'))
})

test('the code types list exactly the codes of conformance/README.md', () => {
  const spec = readFileSync(join(packageDir, '..', 'conformance', 'README.md'), 'utf8')
  const codes = { error: [], repair: [], notice: [] }
  for (const [, code, kind] of spec.matchAll(/^\| `([a-z_]+)` \| (error|repair|notice) \|/gm)) codes[kind].push(code)
  assert.deepEqual(union('FatalCode'), codes.error.sort())
  assert.deepEqual(union('RepairCode'), codes.repair.sort())
  assert.deepEqual(union('NoticeCode'), codes.notice.sort())
})

test('every option of the ConvertOptions type is accepted by the core', () => {
  const body = dts.match(/export interface ConvertOptions \{([^}]*)\}/)[1]
  const declared = [...body.matchAll(/^\s*(\w+)\?: (.+)$/gm)]
  assert.ok(declared.length >= 5)
  for (const [, name, type] of declared) {
    const literal = type.match(/'([^']+)'/)
    const value = literal ? literal[1] : { boolean: true, string: 'x', number: 1 }[type.trim()]
    assert.notEqual(value, undefined, `no sample value for ${name}: ${type}`)
    assert.doesNotThrow(() => esm.convert({ content: [] }, 'copilot', { [name]: value }), name)
  }
})
