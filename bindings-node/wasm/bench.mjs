// `make bench` (wasm): in one run, the wasm build in Node next to the native addon and the
// Copilot SDK's convertMcpCallToolResult (toCopilot) on one text block and on one 5 MiB image
// (base64 validated); first-call latency of each build in a fresh process; module size.
// Per-call figures are CPU time, medians of 15 rounds that time the three converters in turn,
// after a warm-up; first calls (wall time) are the median of 5 fresh processes.
import { convertMcpCallToolResult } from '@github/copilot-sdk'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'

import * as wasm from './node.mjs'

const require = createRequire(import.meta.url)
const native = require('../index.js')
const MIB = 1 << 20
const png = Buffer.alloc(5 * MIB)
for (let i = 0; i < png.length; i++) png[i] = (i * 2654435761) >>> 24
png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const inputs = {
  'small (1 text block)': { content: [{ type: 'text', text: '3 files found' }] },
  '5 MiB image, validated': { content: [{ type: 'image', data: png.toString('base64'), mimeType: 'image/png' }] },
}
const converters = {
  'wasm (Node)': (v) => wasm.toCopilot(v),
  'native addon': (v) => native.toCopilot(v),
  '@github/copilot-sdk': (v) => convertMcpCallToolResult(v),
}

/** Calls of `fn` that take about `ms` milliseconds. */
function batchSize(fn, ms) {
  let n = 1
  for (;;) {
    const t = process.hrtime.bigint()
    for (let i = 0; i < n; i++) fn()
    if (Number(process.hrtime.bigint() - t) / 1e6 >= ms || n >= 1 << 20) return n
    n *= 2
  }
}

/**
 * Median CPU ns per call of each converter over 15 rounds (CPU time: the machine is shared, so
 * wall time would count other processes); each round times one batch of every converter in turn. Each is warmed up first for
 * `warmMs` (V8 compiles wasm with a baseline tier first).
 */
function measureSideBySide(fns, input, { rounds = 15, batchMs = 10, warmMs = 500 } = {}) {
  const runs = Object.entries(fns).map(([name, fn]) => {
    const call = () => fn(input)
    const warm = process.hrtime.bigint()
    while (Number(process.hrtime.bigint() - warm) / 1e6 < warmMs) call()
    return { name, call, n: batchSize(call, batchMs), times: [] }
  })
  for (let r = 0; r < rounds; r++) {
    for (const run of runs) {
      const t = process.cpuUsage()
      for (let i = 0; i < run.n; i++) run.call()
      const used = process.cpuUsage(t)
      run.times.push(((used.user + used.system) * 1000) / run.n)
    }
  }
  return runs.map(({ name, times }) => [name, times.sort((a, b) => a - b)[times.length >> 1]])
}

const show = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`)

/** ms from the start of a fresh process's import to its first conversion's return. */
function firstCall(entry) {
  const script = `const t = process.hrtime.bigint(); const m = require(${JSON.stringify(entry)});
m.toCopilot({ content: [{ type: 'text', text: 'hi' }] }); console.log(Number(process.hrtime.bigint() - t) / 1e6)`
  const runs = []
  for (let i = 0; i < 5; i++) runs.push(Number(execFileSync(process.execPath, ['-e', script])))
  return runs.sort((a, b) => a - b)[2]
}

console.log('CPU time per call, median of 15 interleaved rounds:')
for (const [name, input] of Object.entries(inputs)) {
  for (const [converter, ns] of measureSideBySide(converters, input)) {
    console.log(`  ${name.padEnd(24)} ${converter.padEnd(20)} ${show(ns)}`)
  }
}
console.log('first call in a fresh process (require + first toCopilot), median of 5:')
console.log(`  wasm (Node)          ${firstCall(require.resolve('./node.cjs')).toFixed(1)} ms`)
console.log(`  native addon         ${firstCall(require.resolve('../index.js')).toFixed(1)} ms`)
const module = readFileSync(new URL('./mcp_tool_result.wasm', import.meta.url))
console.log(`module: ${module.length} bytes raw, ${gzipSync(module, { level: 9 }).length} bytes gzip -9`)
