// Shared by the soak tests: the driver's workload and hostile inputs (conformance/soak), the two
// builds (the native addon and the wasm build), one workload call, and the resident set size.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const DRIVER = fileURLToPath(new URL('../../conformance/soak/driver.py', import.meta.url))
export const MIB = 1 << 20

/** The number of conversions: SOAK_N when set (`make soak` sets a million), else `fallback`. */
export function soakN(fallback) {
  return Number(process.env.SOAK_N || fallback)
}

function drive(...args) {
  return JSON.parse(execFileSync('python3', [DRIVER, ...args], { maxBuffer: 1 << 30, encoding: 'utf8' }))
}

/** `{calls, schedule}`: each call `{id, op, target, options, input | input_json}`. */
export function workload() {
  return drive('workload')
}

/** `count` mutated inputs: `{op, target, text (base64 bytes), options}`. */
export function hostile(count) {
  return drive('hostile', '--count', String(count), '--seed', '13')
}

/** The build named `native` (the addon) or `wasm`, with the same API. */
export async function build(name) {
  if (name === 'native') return require('../index.js')
  if (name === 'wasm') return (await import('../wasm/node.mjs')).default
  throw new Error(`no build ${name}`)
}

export const BUILDS = ['native', 'wasm']

/** One workload call: its Conversion (or Extraction); a ConvertError propagates. */
export function run(api, call) {
  if (call.op === 'extract') {
    return 'input_json' in call ? api.extractImagesJson(call.input_json, call.options) : api.extractImages(call.input, call.options)
  }
  return 'input_json' in call ? api.convertJson(call.input_json, call.target, call.options) : api.convert(call.input, call.target, call.options)
}

/** What a call gives, comparable across runs and threads: the result as JSON text (bytes as
 * base64), or the error's class, code and path. Any other exception propagates. */
export function outcome(api, call) {
  try {
    // `this[key]` is the value before a Buffer's toJSON runs.
    return JSON.stringify(run(api, call), function (key, v) {
      const raw = this[key]
      return raw instanceof Uint8Array ? { bytes: Buffer.from(raw).toString('base64') } : v
    })
  } catch (e) {
    if (e instanceof api.ConvertError) return `error ${e.code} ${e.path}`
    throw e
  }
}
