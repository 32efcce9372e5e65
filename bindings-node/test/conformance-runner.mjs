// One conformance runner for every build of the package (the native addon in
// conformance.test.mjs, the wasm build in wasm/test/conformance.test.mjs): every fixture case
// through each door: the value door (`convert` of a JS value as `client.callTool()` returns it;
// a string input is a string value) and the two JSON-text doors of `convertJson` (a string, and
// its UTF-8 bytes). `input_json` cases, which JS values cannot always represent, use the text
// doors only. Likewise `extractImages` and `extractImagesJson`.
//
// Fixtures pin the core's defaults: the case's options go to the core as given, with
// `payload: "wire"` when the case sets no payload and `host: null` when it sets no host (the
// binding's own defaults, `payload: "sdk"` and `host: "node"`, are pinned by bytes.test.mjs).
// The places where a door returned a Uint8Array must be exactly the case's `bytes`; each is
// compared with `expected` as its base64 text. At each pointer of a case's `payloads` the fitted
// image's sha256 and byte bound are checked and `"$payload"` is compared in its place.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { after, test } from 'node:test'

import { loadCases, unbytes, withoutMessages } from './fixtures.mjs'

/**
 * Registers one test per fixture case against `api` (the package's exports), reports the count
 * as `conformance <name>: ran N cases` and writes it to CONFORMANCE_COUNT_FILE. `utf8` turns a
 * JSON text into the bytes the UTF-8 door is given (a Buffer, or a plain Uint8Array).
 */
export function runConformance({ api, name, utf8 }) {
  let ran = 0
  for (const fixture of loadCases()) {
    test(fixture.key, () => {
      ran++
      const c = fixture.case
      for (const [door, run] of Object.entries(doors(api, utf8, fixture))) {
        const got = outcome(api, run)
        if (got.conversion && c.payloads) checkPayloads(got.conversion, c.payloads, door)
        if (c.expected !== undefined) {
          assert.deepStrictEqual(got, { conversion: c.expected, bytes: [...(c.bytes ?? [])].sort() }, `door ${door}`)
        } else {
          assert.deepStrictEqual(got, { error: c.expected_error }, `door ${door}`)
        }
      }
    })
  }
  after(() => {
    console.log(`conformance ${name}: ran ${ran} cases`)
    if (process.env.CONFORMANCE_COUNT_FILE) writeFileSync(process.env.CONFORMANCE_COUNT_FILE, String(ran))
  })
}

function doors(api, utf8, { target, case: c }) {
  const text = c.input_json ?? JSON.stringify(c.input)
  const extract = target === 'extract_images'
  const options = extract ? c.options : coreOptions(c.options)
  const fromText = extract ? (t) => api.extractImagesJson(t, options) : (t) => api.convertJson(t, target, options)
  const out = { text: () => fromText(text) }
  // A lone surrogate has no UTF-8 form: such texts have no bytes door.
  if (text.isWellFormed()) out.utf8 = () => fromText(utf8(text))
  if (c.input_json === undefined) {
    out.value = extract ? () => api.extractImages(c.input, options) : () => api.convert(c.input, target, options)
  }
  return out
}

/** The case's options with the core's defaults for what it leaves out (see the top). */
function coreOptions(options) {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) return options
  const given = options ?? {}
  return { ...('payload' in given ? {} : { payload: 'wire' }), ...('host' in given ? {} : { host: null }), ...given }
}

/** Checks each pinned payload of `conversion` and replaces it by `"$payload"` (after a data URL's comma). */
function checkPayloads(conversion, payloads, door) {
  for (const [pointer, want] of Object.entries(payloads)) {
    const tokens = pointer.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    const parent = tokens.slice(0, -1).reduce((node, t) => node?.[t], conversion)
    const last = tokens.at(-1)
    assert.equal(typeof parent?.[last], 'string', `door ${door}: no payload at ${pointer}`)
    const comma = parent[last].startsWith('data:') ? parent[last].indexOf(',') + 1 : 0
    const prefix = parent[last].slice(0, comma)
    const data = Buffer.from(parent[last].slice(comma), 'base64')
    assert.equal(createHash('sha256').update(data).digest('hex'), want.sha256, `door ${door}: sha256 of ${pointer}`)
    assert.ok(data.length <= want.max_bytes, `door ${door}: ${data.length} bytes at ${pointer}`)
    parent[last] = `${prefix}$payload`
  }
}

function outcome(api, run) {
  try {
    const { value, found } = unbytes(run())
    return { conversion: withoutMessages(value), bytes: found.sort() }
  } catch (e) {
    if (!(e instanceof api.ConvertError)) throw e
    return { error: { code: e.code, path: e.path } }
  }
}
