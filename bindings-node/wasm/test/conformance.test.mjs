// The fifth conformance runner: every fixture case through the wasm build in Node, by each
// door (a JS value through convert / extractImages; JSON text, as a string and as UTF-8
// bytes, through convertJson / extractImagesJson). Bytes values come back as Uint8Array: they are turned back into base64
// before comparing, and the set of their pointers must equal the case's `bytes` (absent = none).
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { after, test } from 'node:test'

import { ConvertError, backend, convert, convertJson, extractImages, extractImagesJson } from '../node.mjs'
import { loadCases, withoutMessages } from '../../test/fixtures.mjs'

const cases = loadCases()
let ran = 0

/**
 * Fixtures pin the core's defaults: the case's options as given, with `payload: "wire"` and
 * `host: null` where the case sets none (the binding's own defaults are pinned by its tests).
 */
function optionsOf(c) {
  const given = c.options
  if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given))) return given
  return { ...(given && 'payload' in given ? {} : { payload: 'wire' }), ...(given && 'host' in given ? {} : { host: null }), ...given }
}

function doors({ target, case: c }) {
  const text = c.input_json ?? JSON.stringify(c.input)
  const extract = target === 'extract_images'
  const options = extract ? c.options : optionsOf(c)
  const fromText = extract ? (t) => extractImagesJson(t, options) : (t) => convertJson(t, target, options)
  const out = { text: () => fromText(text) }
  // A lone surrogate has no UTF-8 form: such texts have no bytes door.
  if (text.isWellFormed()) out.utf8 = () => fromText(new TextEncoder().encode(text))
  if (c.input_json === undefined) {
    out.value = extract ? () => extractImages(c.input, options) : () => convert(c.input, target, options)
  }
  return out
}

/** Replaces every Uint8Array by its base64 text; returns their JSON Pointers. */
function unbytes(value, path = '', found = []) {
  if (value instanceof Uint8Array) {
    found.push(path)
    return { value: Buffer.from(value).toString('base64'), found }
  }
  if (Array.isArray(value)) {
    return { value: value.map((item, i) => unbytes(item, `${path}/${i}`, found).value), found }
  }
  if (value !== null && typeof value === 'object') {
    const out = {}
    for (const [k, v] of Object.entries(value)) out[k] = unbytes(v, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, found).value
    return { value: out, found }
  }
  return { value, found }
}

function outcome(run) {
  try {
    const { value, found } = unbytes(run())
    return { conversion: withoutMessages(value), bytes: found.sort() }
  } catch (e) {
    if (!(e instanceof ConvertError)) throw e
    return { error: { code: e.code, path: e.path } }
  }
}

test('the runner uses the wasm build', () => assert.equal(backend, 'wasm'))

for (const fixture of cases) {
  test(fixture.key, () => {
    ran++
    const c = fixture.case
    for (const [door, run] of Object.entries(doors(fixture))) {
      const got = outcome(run)
      if (c.expected !== undefined) {
        assert.deepStrictEqual(got, { conversion: c.expected, bytes: [...(c.bytes ?? [])].sort() }, `door ${door}`)
      } else {
        assert.deepStrictEqual(got, { error: c.expected_error }, `door ${door}`)
      }
    }
  })
}

after(() => {
  console.log(`conformance node-wasm: ran ${ran} cases`)
  if (process.env.CONFORMANCE_COUNT_FILE) writeFileSync(process.env.CONFORMANCE_COUNT_FILE, String(ran))
})
