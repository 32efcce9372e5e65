// Runs every conformance case through each door of the package: the object door (a JS value
// as `client.callTool()` returns it), the JSON-text door of `convert` and `convertJson`.
// `input_json` cases, which JSON values cannot always represent, use the two text doors, and
// so do inputs that are a JSON string: a JS string given to `convert` is JSON text.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { after, test } from 'node:test'

import { ConvertError, convert, convertJson, extractImages } from '../index.mjs'
import { loadCases, withoutMessages } from './fixtures.mjs'

const cases = loadCases()
let ran = 0

function doors({ target, case: c }) {
  if (target === 'extract_images') {
    // extract_images(value, options): a JS value only (a string is a value, not JSON text).
    return { object: () => extractImages(c.input_json === undefined ? c.input : JSON.parse(c.input_json), c.options) }
  }
  const text = c.input_json ?? JSON.stringify(c.input)
  const optionsJson = c.options === undefined ? undefined : JSON.stringify(c.options)
  const out = {
    text: () => convert(text, target, c.options),
    json: () => JSON.parse(convertJson(text, target, optionsJson)),
  }
  if (c.input_json === undefined && typeof c.input !== 'string') out.object = () => convert(c.input, target, c.options)
  return out
}

function outcome(run) {
  try {
    return { conversion: withoutMessages(run()) }
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
        assert.deepStrictEqual(got, { conversion: c.expected }, `door ${door}`)
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
