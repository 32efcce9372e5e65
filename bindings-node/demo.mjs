// `make demo DEMO_INPUT=<file>`: the Conversion of one tool result (JSON text) for each entry of
// conformance/demo/conversions.json, printed as compact JSON with payloads as base64 text
// (`payload: "wire"`); Python and Go print the same bytes. `--wasm` after the file runs the
// WebAssembly build of the package instead of the native addon.
import { readFileSync } from 'node:fs'

const { convertJson } = process.argv[3] === '--wasm' ? await import('mcp-tool-result/wasm') : await import('./index.mjs')

const text = readFileSync(process.argv[2])
const conversions = JSON.parse(readFileSync(new URL('../conformance/demo/conversions.json', import.meta.url), 'utf8'))
for (const { target, options } of conversions) {
  console.log(`== ${target} ${options}`)
  console.log(JSON.stringify(convertJson(text, target, { ...JSON.parse(options), payload: 'wire' })))
}
