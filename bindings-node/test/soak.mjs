// Leak soak of one build: `node --expose-gc test/soak.mjs native|wasm` converts the driver's
// mixed workload (conformance/soak) SOAK_N times (default 3000) and fails when, after the warm-up
// (one pass of the schedule, or half the run), the memory outside V8's heap grew by more than
// NATIVE_BOUND or the live V8 heap by more than HEAP_BOUND.
//
// The bounds: a leak of one small allocation per call (a 32-byte string, a napi reference, a few
// bytes of the wasm module's linear memory) grows a million calls by 32 MB or more. The memory
// outside V8's heap (resident set minus the heap V8 reserved) holds the addon's and the core's
// allocations and the wasm module's linear memory; the core's allocator and the linear memory
// (which never shrinks) reach their high-water marks within the warm-up pass. The live heap is
// measured after a full collection (global.gc). V8 grows its reserved heap (heapTotal) in steps of
// several MiB whatever the live heap, so the resident set alone is reported, not bounded.
//
// The wasm build is compiled by the optimizing compiler up front (`--no-liftoff`): with V8's
// default tiering, the optimized code of the 1 MB module is made in the background during the run
// and the baseline code freed, which moved the memory outside the heap of a 3000-call run by
// -34 to +27 MiB between runs (and failed the bound about once in 15) while a 30 000-call run
// grew by under 1 MiB. Compiled up front, 15 3000-call runs stayed within -2.2 to +1.2 MiB, as the
// addon's do (-1.0 to +1.4).
import v8 from 'node:v8'

import { BUILDS, MIB, build, run, soakN, workload } from './soak-support.mjs'

export const NATIVE_BOUND = 16 * MIB
export const HEAP_BOUND = 8 * MIB

const name = process.argv[2]
if (!BUILDS.includes(name)) throw new Error(`usage: node --expose-gc soak.mjs ${BUILDS.join('|')}`)
if (typeof global.gc !== 'function') throw new Error('run with --expose-gc')
v8.setFlagsFromString('--no-liftoff')
const api = await build(name)
const { calls, schedule } = workload()
const n = soakN(3000)
const warmUp = Math.min(Math.floor(n / 2), schedule.length)
const kinds = new Map()
let results = 0
let errors = 0
let warm = null
/** The resident set, the memory outside V8's heap and V8's live heap, after a full collection. */
function measure() {
  global.gc()
  const m = process.memoryUsage()
  return { rss: m.rss, native: m.rss - m.heapTotal, heap: m.heapUsed }
}
// The measures every tenth of the run after the warm-up: a leak grows them steadily, an
// allocator or heap settling does not.
const samples = []
const start = process.hrtime.bigint()
for (let k = 0; k < n; k++) {
  if (k === warmUp) warm = measure()
  if (k > warmUp && (k - warmUp) % Math.max(1, Math.floor((n - warmUp) / 10)) === 0) {
    const m = measure()
    samples.push(`${(m.rss / MIB).toFixed(1)}/${(m.native / MIB).toFixed(1)}/${(m.heap / MIB).toFixed(1)}`)
  }
  const index = schedule[k % schedule.length]
  const call = calls[index]
  let ok = true
  try {
    const got = run(api, call)
    if (got === null || typeof got !== 'object') throw new Error(`${call.id}: no result`)
  } catch (e) {
    if (!(e instanceof api.ConvertError)) throw e
    ok = false
  }
  if (ok) results++
  else errors++
  // Each call gives the same kind of outcome every time it runs.
  if (!kinds.has(index)) kinds.set(index, ok)
  else if (kinds.get(index) !== ok) throw new Error(`${call.id}: outcome changed`)
}
const end = measure()
const seconds = Number(process.hrtime.bigint() - start) / 1e9
const mib = (x) => (x / MIB).toFixed(1)
const growth = (key) => `${end[key] - warm[key] >= 0 ? '+' : ''}${mib(end[key] - warm[key])}`
console.log(
  `soak node-${name}: N=${n} results=${results} errors=${errors} rss warm=${mib(warm.rss)} MiB end=${mib(end.rss)} MiB ` +
    `growth=${growth('rss')} MiB; outside the V8 heap growth=${growth('native')} MiB (bound ${NATIVE_BOUND / MIB} MiB); ` +
    `live V8 heap growth=${growth('heap')} MiB (bound ${HEAP_BOUND / MIB} MiB) time=${seconds.toFixed(1)}s`,
)
console.log(`soak node-${name}: rss/outside-heap/live-heap MiB every tenth after the warm-up: ${samples.join(' ')}`)
if (results === 0 || errors === 0) throw new Error('the workload must give both results and errors')
if (end.native - warm.native > NATIVE_BOUND || end.heap - warm.heap > HEAP_BOUND) {
  console.error(`soak node-${name}: memory grew past a bound`)
  process.exit(1)
}
