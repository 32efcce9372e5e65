// Runs every conformance case through each door of the package: the value door (`convert` of a
// JS value as `client.callTool()` returns it; a string input is a string value) and the two
// JSON-text doors of `convertJson` (a string, and a Buffer of its UTF-8). `input_json` cases,
// which JS values cannot always represent, use the text doors only. Likewise `extractImages`
// and `extractImagesJson`.
//
// Fixtures pin the core's defaults: the case's options go to the core as given, with
// `payload: "wire"` when the case sets no payload and `host: null` when it sets no host (this
// binding's own defaults, `payload: "sdk"` and `host: "node"`, are pinned by bytes.test.mjs).
// The places where a door returned a Uint8Array must be exactly the case's `bytes`; each is
// compared with `expected` as its base64 text.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { after, test } from 'node:test'

import { ConvertError, convert, convertJson, extractImages, extractImagesJson } from '../index.mjs'
import { loadCases, withoutMessages } from './fixtures.mjs'

const cases = loadCases()
let ran = 0

function doors({ target, case: c }) {
  const text = c.input_json ?? JSON.stringify(c.input)
  if (target === 'extract_images') {
    const out = { text: () => extractImagesJson(text, c.options) }
    if (text.isWellFormed()) out.utf8 = () => extractImagesJson(Buffer.from(text), c.options)
    if (c.input_json === undefined) out.value = () => extractImages(c.input, c.options)
    return out
  }
  const options = coreOptions(c.options)
  const fromText = (t) => convertJson(t, target, options)
  const out = { text: () => fromText(text) }
  // A lone surrogate has no UTF-8 form: such texts have no Buffer door.
  if (text.isWellFormed()) out.utf8 = () => fromText(Buffer.from(text))
  if (c.input_json === undefined) out.value = () => convert(c.input, target, options)
  return out
}

/** The case's options with the core's defaults for what it leaves out (see the top). */
function coreOptions(options) {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) return options
  const given = options ?? {}
  return { ...('payload' in given ? {} : { payload: 'wire' }), ...('host' in given ? {} : { host: null }), ...given }
}

/** The Conversion with each Uint8Array replaced by its base64 text, and the pointers where they were. */
function unbytes(value, path = '', found = []) {
  if (value instanceof Uint8Array) {
    found.push(path)
    return { value: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'), found }
  }
  if (typeof value !== 'object' || value === null) return { value, found }
  const out = Array.isArray(value) ? [] : {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = unbytes(item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found).value
  }
  return { value: out, found }
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
  console.log(`conformance node: ran ${ran} cases`)
  if (process.env.CONFORMANCE_COUNT_FILE) writeFileSync(process.env.CONFORMANCE_COUNT_FILE, String(ran))
})
