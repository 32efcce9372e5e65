// Runs every conformance case through each door of the package: the value door (`convert` of a
// JS value as `client.callTool()` returns it; a string input is a string value) and the two
// JSON-text doors of `convertJson` (a string, and a Buffer of its UTF-8). `input_json` cases,
// which JS values cannot always represent, use the text doors only. Likewise `extractImages`
// and `extractImagesJson`.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { after, test } from 'node:test'

import { ConvertError, convert, convertJson, extractImages, extractImagesJson } from '../index.mjs'
import { loadCases, withoutMessages } from './fixtures.mjs'

const cases = loadCases()
let ran = 0

function doors({ target, case: c }) {
  const text = c.input_json ?? JSON.stringify(c.input)
  const fromText = target === 'extract_images' ? (t) => extractImagesJson(t, c.options) : (t) => convertJson(t, target, c.options)
  const out = { text: () => fromText(text) }
  // A lone surrogate has no UTF-8 form: such texts have no Buffer door.
  if (text.isWellFormed()) out.utf8 = () => fromText(Buffer.from(text))
  if (c.input_json === undefined) {
    out.value = target === 'extract_images' ? () => extractImages(c.input, c.options) : () => convert(c.input, target, c.options)
  }
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
