// Differential test: on every `copilot` conformance input not marked `peer_difference`, our
// `toCopilot` must agree with `convertMcpCallToolResult` of the installed @github/copilot-sdk:
// the same output, or both rejecting the input. Inputs given as JSON text are parsed first
// (text JSON cannot parse counts as rejected by the peer). Known differences are listed with
// their reason and must still differ, so the list cannot go stale.
import assert from 'node:assert/strict'
import { test } from 'node:test'

import { convertMcpCallToolResult } from '@github/copilot-sdk'

import { ConvertError, convertJson, toCopilot } from '../index.mjs'
import { loadCases } from './fixtures.mjs'

/**
 * Errors that come from our options (a wrong option, strict mode) say nothing about the peer,
 * which has none: those cases are not compared.
 */
function optionError(c) {
  return c.expected_error !== undefined && (c.expected_error.code === 'invalid_option' || c.options?.strict === true)
}

/**
 * Cases where the Node converter (1.0.14) differs from ours although the fixture has no
 * `peer_difference` (the marks follow the Python and Rust converters; reported upstream).
 */
const TRUTHY = 'the Node converter tests isError for truthiness ("false", "no", "0", [] and {} mean failure)'
const NOT_ITERABLE = 'the Node converter throws a TypeError on a non-iterable content ({}); ours repairs it'
const NON_FINAL = 'a result that is not final is rejected; the Node converter reports it as a success'
const SURROGATE = 'lone surrogates are replaced by U+FFFD; the Node converter passes them on'
const STRUCTURED = 'without text, structuredContent is given to the model as JSON; the Node converter ignores it'
const TOO_DEEP = 'nesting beyond 512 levels is rejected; the Node converter ignores structuredContent'
const DESCRIPTION = 'the Node converter copies a non-string or empty uri into description'
const BLOB = 'the Node converter copies a non-string blob into data'
const NODE_ONLY_DIFFERENCES = {
  'copilot/content#content-empty-object': NOT_ITERABLE,
  'copilot/peer-tests#row-13-content-empty-object': NOT_ITERABLE,
  'copilot/envelope#result-type-input-required-with-content': NON_FINAL,
  'copilot/envelope#result-type-task': NON_FINAL,
  'copilot/envelope#unknown-result-type-with-content': NON_FINAL,
  'copilot/is-error#string-false': TRUTHY,
  'copilot/is-error#string-no': TRUTHY,
  'copilot/is-error#string-false-padded-uppercase': TRUTHY,
  'copilot/is-error#string-false-capitalized': TRUTHY,
  'copilot/is-error#string-zero': TRUTHY,
  'copilot/is-error#empty-array': TRUTHY,
  'copilot/is-error#empty-object': TRUTHY,
  'copilot/peer-tests#row-1-string-false': TRUTHY,
  'copilot/peer-tests#row-1-empty-array': TRUTHY,
  'copilot/json-text#lone-high-surrogate': SURROGATE,
  'copilot/json-text#lone-low-surrogate': SURROGATE,
  'copilot/json-text#lone-surrogate-in-structured-content': STRUCTURED,
  'copilot/json-text#deep-200': STRUCTURED,
  'copilot/json-text#deep-512-levels': STRUCTURED,
  'copilot/json-text#big-integers': STRUCTURED,
  'copilot/json-text#integer-2-pow-64': STRUCTURED,
  'copilot/json-text#deep-513-levels': TOO_DEEP,
  'copilot/json-text#deep-600': TOO_DEEP,
  'copilot/peer-tests#row-8-blob-empty-uri': DESCRIPTION,
  'copilot/peer-tests#row-9-blob-number-uri': DESCRIPTION,
  'copilot/resource#uri-empty-blob': DESCRIPTION,
  'copilot/resource#uri-number-blob': DESCRIPTION,
  'copilot/resource#blob-number-with-text': BLOB,
}

function ours(c) {
  try {
    const output = c.input_json === undefined ? toCopilot(c.input, c.options) : convertJson(c.input_json, 'copilot', c.options).output
    return { output }
  } catch (e) {
    if (!(e instanceof ConvertError)) throw e
    return { rejected: e.code }
  }
}

function peer(c) {
  let input
  try {
    input = c.input_json === undefined ? structuredClone(c.input) : JSON.parse(c.input_json)
  } catch {
    return { rejected: 'invalid JSON' }
  }
  try {
    // Through JSON like the SDK's own RPC layer: drops `description: undefined`.
    return { output: JSON.parse(JSON.stringify(convertMcpCallToolResult(input))) }
  } catch (e) {
    return { rejected: e.name }
  }
}

const cases = loadCases().filter(
  (f) => f.target === 'copilot' && f.case.peer_difference === undefined && !optionError(f.case),
)

test('there are copilot cases to compare', () => {
  assert.ok(cases.length > 0, 'no copilot cases without peer_difference')
})

for (const { key, case: c } of cases) {
  test(key, () => {
    const a = ours(c)
    const b = peer(c)
    const agree = a.output !== undefined && b.output !== undefined ? deepEqual(a, b) : a.output === undefined && b.output === undefined
    const known = NODE_ONLY_DIFFERENCES[key]
    if (known) {
      assert.ok(!agree, `a known difference (${known}), but the outputs agree`)
    } else {
      assert.ok(agree, `ours ${JSON.stringify(a)}\npeer ${JSON.stringify(b)}`)
    }
  })
}

function deepEqual(a, b) {
  try {
    assert.deepStrictEqual(a, b)
    return true
  } catch {
    return false
  }
}
