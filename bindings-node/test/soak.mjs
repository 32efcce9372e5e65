// Leak soak of one build: `node --expose-gc test/soak.mjs native|wasm` converts the driver's
// mixed workload (conformance/soak) SOAK_N times (default 3000) and fails when the resident set
// grew by more than RSS_BOUND after the warm-up (one pass of the schedule, or half the run).
//
// The bound: a leak of one small allocation per call (a 32-byte string, a napi reference, a
// few bytes of linear memory) grows a million calls by 32 MB or more. V8's heap is collected
// (global.gc) before each measurement, and the wasm module's linear memory reaches its high
// water mark within the warm-up pass (it never shrinks, and a later call needs no more), so
// their own growth stays below this.
import { BUILDS, MIB, build, run, soakN, workload } from './soak-support.mjs'

export const RSS_BOUND = 24 * MIB

const name = process.argv[2]
if (!BUILDS.includes(name)) throw new Error(`usage: node --expose-gc soak.mjs ${BUILDS.join('|')}`)
if (typeof global.gc !== 'function') throw new Error('run with --expose-gc')
const api = await build(name)
const { calls, schedule } = workload()
const n = soakN(3000)
const warmUp = Math.min(Math.floor(n / 2), schedule.length)
const kinds = new Map()
let results = 0
let errors = 0
let warm = 0
// The resident set every tenth of the run after the warm-up: a leak grows it steadily, an
// allocator or heap settling does not.
const samples = []
const start = process.hrtime.bigint()
for (let k = 0; k < n; k++) {
  if (k === warmUp) {
    global.gc()
    warm = process.memoryUsage.rss()
  }
  if (k > warmUp && (k - warmUp) % Math.max(1, Math.floor((n - warmUp) / 10)) === 0) {
    global.gc()
    samples.push((process.memoryUsage.rss() / MIB).toFixed(1))
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
global.gc()
const end = process.memoryUsage.rss()
const seconds = Number(process.hrtime.bigint() - start) / 1e9
const growth = end - warm
console.log(
  `soak node-${name}: N=${n} results=${results} errors=${errors} rss warm=${(warm / MIB).toFixed(1)} MiB ` +
    `end=${(end / MIB).toFixed(1)} MiB growth=${growth >= 0 ? '+' : ''}${(growth / MIB).toFixed(1)} MiB ` +
    `(bound ${RSS_BOUND / MIB} MiB) time=${seconds.toFixed(1)}s`,
)
console.log(`soak node-${name}: rss MiB every tenth after the warm-up: ${samples.join(' ')}`)
if (results === 0 || errors === 0) throw new Error('the workload must give both results and errors')
if (growth > RSS_BOUND) {
  console.error(`soak node-${name}: the resident set grew by more than ${RSS_BOUND / MIB} MiB`)
  process.exit(1)
}
