// make bench-fit, Node half: fitting a 4K PNG screenshot for Anthropic with mcp-tool-result (the
// native addon, its async form and the wasm build), next to sharp (libvips) doing the same job,
// in one run; then the cost of the async form itself on a small result.
//
// Each job takes the screenshot as base64 (as a tool result holds it) and gives base64 back. For
// each mode (fitImages 'limits': Anthropic's 5 MB limit; 'recommended': also 1568 px / 1.15 MP),
// mcp-tool-result's output sets the geometry and format that sharp must produce:
// resize(width, height, {fit: 'inside', kernel: 'lanczos3'}), then png() (sharp's defaults) or
// jpeg({quality: 85}). Figures are CPU time of the process (every thread, so libvips' pool
// counts; the machine is shared, so wall time would count other processes) and wall time, the
// median of ROUNDS rounds that time each job in turn (each round starting one job later), after
// one warm-up, each after a full GC. Prints one JSON line per row for the Makefile's table (see
// table.py, which merges the rows of the processes the Makefile runs).
//
// Usage: node bench_node.mjs SCREENSHOT.png NODE_MODULES_DIR (where sharp is installed)
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'

const require = createRequire(import.meta.url)
const native = require('../../bindings-node/index.js')
const wasm = require('../../bindings-node/wasm/node.cjs')
const sharp = createRequire(join(resolve(process.argv[3]), 'noop.js'))('sharp')

// The Makefile runs this script in 3 processes (table.py takes the median of their medians): a
// process's own state (where the allocator and V8 put things, whether sharp's threads run next
// to it) shifts one build's times by up to a quarter for the whole process, which more rounds in
// one process cannot average out.
const ROUNDS = 8
const png = readFileSync(process.argv[2])
const data = png.toString('base64')
const result = { content: [{ type: 'image', data, mimeType: 'image/png' }] }

/** CPU and wall milliseconds of one (awaited) run of `job`. */
async function measure(job) {
  // The heap is collected first (node --expose-gc), so the previous job's garbage is not
  // collected on this one's clock.
  globalThis.gc?.()
  const cpu = process.cpuUsage()
  const wall = process.hrtime.bigint()
  await job()
  const used = process.cpuUsage(cpu)
  return { cpu: (used.user + used.system) / 1000, wall: Number(process.hrtime.bigint() - wall) / 1e6 }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1]
}

/** The fitted image's base64 from a Conversion; fails unless the image was fitted. */
function fitted(conversion, mode) {
  const codes = (conversion.diagnostics ?? []).map((d) => d.code)
  if (!codes.includes('image_resized')) throw new Error(`fitImages ${mode}: not fitted (diagnostics ${codes})`)
  return conversion.output.content[0].source.data
}

async function withSharp(base64, { width, height, format }) {
  const resized = sharp(Buffer.from(base64, 'base64')).resize(width, height, { fit: 'inside', kernel: 'lanczos3' })
  const encoded = format === 'jpeg' ? resized.jpeg({ quality: 85 }) : resized.png()
  return (await encoded.toBuffer()).toString('base64')
}

async function describe(base64) {
  const bytes = Buffer.from(base64, 'base64')
  const { width, height, format } = await sharp(bytes).metadata()
  return { width, height, format: format.toUpperCase(), bytes: bytes.length }
}

const options = (mode) => ({ fitImages: mode, toolCallId: 'call_1', payload: 'wire' })
const input = await describe(data)
for (const mode of ['limits', 'recommended']) {
  const shape = await describe(fitted(native.convert(result, 'anthropic', options(mode)), mode))
  const target = { width: shape.width, height: shape.height, format: shape.format.toLowerCase() }
  const jobs = {
    'mcp-tool-result (Node, native)': async () => fitted(native.convert(result, 'anthropic', options(mode)), mode),
    'mcp-tool-result (Node, native, convertAsync)': async () =>
      fitted(await native.convertAsync(result, 'anthropic', options(mode)), mode),
    'mcp-tool-result (Node, wasm)': async () => fitted(wasm.convert(result, 'anthropic', options(mode)), mode),
    [`sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips})`]: () => withSharp(data, target),
  }
  const outputs = {}
  for (const [name, job] of Object.entries(jobs)) outputs[name] = await describe(await job())
  const times = Object.fromEntries(Object.keys(jobs).map((name) => [name, { cpu: [], wall: [] }]))
  // Each round starts one job later, so no job always follows the same one (libvips' threads
  // can still be busy when sharp's promise resolves, and that CPU time lands on the next job).
  const entries = Object.entries(jobs)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, job] of entries.map((_, i) => entries[(i + round) % entries.length])) {
      const { cpu, wall } = await measure(job)
      times[name].cpu.push(cpu)
      times[name].wall.push(wall)
    }
  }
  for (const name of Object.keys(jobs)) {
    const row = { language: 'Node', mode, tool: name, cpu_ms: median(times[name].cpu), wall_ms: median(times[name].wall) }
    console.log(JSON.stringify({ ...row, input, output: outputs[name] }))
  }
}

// The async form's own cost: one small result, calls one after another (each awaited).
const small = { content: [{ type: 'text', text: '3 files found' }] }
const calls = 20000
for (const [name, call] of [
  ['convert', async () => native.convert(small, 'anthropic')],
  ['convertAsync', () => native.convertAsync(small, 'anthropic')],
]) {
  const rounds = []
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < calls; i++) await call()
    rounds.push(Number(process.hrtime.bigint() - start) / 1e3 / calls)
  }
  console.log(JSON.stringify({ language: 'Node', mode: 'small result', tool: `native ${name}`, wall_us: median(rounds) }))
}
