// make bench-tokens: the text approximation of `estimate_tokens` (⌈UTF-8 bytes / 4⌉, in the
// core) against a real tokenizer, o200k_base (js-tiktoken: the tokenizer of the gpt-4o and gpt-5
// generation, with its ranks shipped in the package), and the cost of `estimate_tokens` per
// small call.
//
// The estimate is read from the core itself (the native addon, target `text`, one text block
// per sample), so the figure measures what ships. Samples, by group:
// - conformance: every non-empty `text` of a fixture's input (the suite's texts);
// - servers: the text results of the e2e suite's MCP servers (conformance/e2e/tools.json) and
//   the demo's captured browser result;
// - json: every fixture's structuredContent as the compact JSON a target sends;
// - prose: each paragraph of the Markdown docs (README.md, docs/*.md) of 40 bytes or more;
// - code: each Rust source file of the core.
// For each group: the sum of both counts and the error of the sums, and per sample of at least
// 20 real tokens the mean, median and 90th percentile of |estimate − real| / real.
//
// Usage: node bench.mjs NODE_MODULES_DIR (where js-tiktoken is installed)
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')
const require = createRequire(import.meta.url)
const native = require(join(ROOT, 'bindings-node/index.js'))
const { getEncoding } = createRequire(join(resolve(process.argv[2]), 'noop.js'))('js-tiktoken')
const o200k = getEncoding('o200k_base')

function files(dir, suffix) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path, suffix)
    return path.endsWith(suffix) ? [path] : []
  })
}

/** Every string under a `text` key, and every structuredContent, of `value`. */
function collect(value, texts, json) {
  if (Array.isArray(value)) return value.forEach((v) => collect(v, texts, json))
  if (value === null || typeof value !== 'object') return
  for (const [key, v] of Object.entries(value)) {
    if (key === 'text' && typeof v === 'string' && v.length > 0) texts.push(v)
    else if (key === 'structuredContent' && v !== null && typeof v === 'object') json.push(JSON.stringify(v))
    else collect(v, texts, json)
  }
}

const groups = { conformance: [], servers: [], json: [], prose: [], code: [] }
for (const path of files(join(ROOT, 'conformance/fixtures'), '.json')) {
  for (const c of JSON.parse(readFileSync(path, 'utf8')).cases) {
    if (c.input !== undefined) collect(c.input, groups.conformance, groups.json)
  }
}
collect(JSON.parse(readFileSync(join(ROOT, 'conformance/e2e/tools.json'), 'utf8')).tools, groups.servers, [])
collect(JSON.parse(readFileSync(join(ROOT, 'conformance/demo/browser-screenshot.json'), 'utf8')), groups.servers, [])
for (const path of [join(ROOT, 'README.md'), ...files(join(ROOT, 'docs'), '.md')]) {
  for (const paragraph of readFileSync(path, 'utf8').split(/\n\s*\n/)) {
    if (Buffer.byteLength(paragraph) >= 40) groups.prose.push(paragraph)
  }
}
for (const path of files(join(ROOT, 'core/src'), '.rs')) groups.code.push(readFileSync(path, 'utf8'))

/** The core's estimate of `text` as one text block. */
function estimate(text) {
  const conversion = native.convert({ content: [{ type: 'text', text }] }, 'text', { estimateTokens: true })
  return conversion.tokens.text
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const pct = (x) => `${(100 * x).toFixed(1)}%`
console.log('text approximation ⌈UTF-8 bytes / 4⌉ vs o200k_base')
console.log('group        samples  real tokens  estimated  error of sums  |error| ≥20 tokens: mean  median  p90')
for (const [name, texts] of Object.entries(groups)) {
  const unique = [...new Set(texts)]
  let real = 0
  let est = 0
  const errors = []
  for (const text of unique) {
    const r = o200k.encode(text).length
    const e = estimate(text)
    real += r
    est += e
    if (r >= 20) errors.push(Math.abs(e - r) / r)
  }
  errors.sort((a, b) => a - b)
  const mean = errors.reduce((a, b) => a + b, 0) / Math.max(1, errors.length)
  console.log(
    `${name.padEnd(12)} ${String(unique.length).padStart(7)}  ${String(real).padStart(11)}  ${String(est).padStart(9)}` +
      `  ${pct(est / real - 1).padStart(13)}  ${String(errors.length).padStart(5)} × ${pct(mean).padStart(6)}` +
      `  ${pct(quantile(errors, 0.5) ?? 0).padStart(6)}  ${pct(quantile(errors, 0.9) ?? 0).padStart(6)}`,
  )
}

// The cost of estimate_tokens on a small call: one text block and one 1×1 PNG for anthropic,
// CPU time per call over many calls, the median of 7 rounds.
const small = {
  content: [
    { type: 'text', text: 'The build passed: 42 tests.' },
    {
      type: 'image',
      data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNg+N8AAAKCAYAQWoUWAAAAAElFTkSuQmCC',
      mimeType: 'image/png',
    },
  ],
}
const CALLS = 20000
function perCall(options) {
  const rounds = []
  for (let round = 0; round < 8; round++) {
    const cpu = process.cpuUsage()
    for (let i = 0; i < CALLS; i++) native.convert(small, 'anthropic', options)
    const used = process.cpuUsage(cpu)
    if (round > 0) rounds.push(((used.user + used.system) * 1000) / CALLS)
  }
  return rounds.sort((a, b) => a - b)[rounds.length >> 1]
}
const off = perCall({ toolCallId: 't1' })
const on = perCall({ toolCallId: 't1', estimateTokens: true })
console.log(`small call (text + 1x1 PNG, anthropic), CPU ns per call: off ${off.toFixed(0)}, estimate_tokens ${on.toFixed(0)} (+${(on - off).toFixed(0)} ns)`)
