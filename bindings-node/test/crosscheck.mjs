// The cross-check's runner (conformance/crosscheck/README.md): each case read from stdin goes
// through `convertJson` (the text as a string and as UTF-8 bytes), `convertJsonAsync`, and
// `convert` and `convertAsync` (the text's value, where JSON.parse reads it), or for the target
// `extract_images` through `extractImagesJson` (string and bytes) and `extractImages`; one JSON
// line of outcomes per case goes to stdout. `--wasm` runs the WebAssembly build instead of the
// addon.
//
// Options are passed as the case gives them, with `payload: "wire"` and `host: null` where it
// sets neither (the core's defaults, as the conformance runner does; the extraction gets them as
// given); Uint8Arrays come back as their base64 text.
import { createInterface } from 'node:readline'

import { unbytes } from './fixtures.mjs'

const api = process.argv[2] === '--wasm' ? await import('../wasm/node.mjs') : await import('../index.mjs')

async function outcome(call) {
  try {
    return { ok: unbytes(await call()).value }
  } catch (e) {
    if (!(e instanceof api.ConvertError)) throw e
    return { error: [e.code, e.path] }
  }
}

/** The outcome of each door for one case. */
async function run({ target, input: text, options: given }) {
  let value
  try {
    value = JSON.parse(text)
  } catch {}
  if (target === 'extract_images') {
    const doors = {
      json: await outcome(() => api.extractImagesJson(text, given)),
      json_bytes: await outcome(() => api.extractImagesJson(Buffer.from(text), given)),
    }
    if (value !== undefined) doors.value = await outcome(() => api.extractImages(value, given))
    return doors
  }
  const options = { payload: 'wire', host: null, ...given }
  const doors = {
    json: await outcome(() => api.convertJson(text, target, options)),
    json_bytes: await outcome(() => api.convertJson(Buffer.from(text), target, options)),
    json_async: await outcome(() => api.convertJsonAsync(text, target, options)),
  }
  if (value !== undefined) {
    doors.value = await outcome(() => api.convert(value, target, options))
    doors.value_async = await outcome(() => api.convertAsync(value, target, options))
  }
  return doors
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  process.stdout.write(JSON.stringify(await run(JSON.parse(line))) + '\n')
}
