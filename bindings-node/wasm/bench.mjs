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

import { storedPng } from '../bench/images.mjs'
import { sideBySide } from '../bench/side-by-side.mjs'
import * as wasm from './node.mjs'

const require = createRequire(import.meta.url)
const native = require('../index.js')
const MIB = 1 << 20
const png = storedPng(1280, 1360, 5 * MIB)

const inputs = {
  'small (1 text block)': { content: [{ type: 'text', text: '3 files found' }] },
  '5 MiB image, validated': { content: [{ type: 'image', data: png.toString('base64'), mimeType: 'image/png' }] },
}
const converters = {
  'wasm (Node)': (v) => wasm.toCopilot(v),
  'native addon': (v) => native.toCopilot(v),
  '@github/copilot-sdk': (v) => convertMcpCallToolResult(v),
}

/** Median CPU ns per call of each converter on `input`, side by side (../bench/side-by-side.mjs). */
function measureSideBySide(fns, input) {
  const times = sideBySide(Object.values(fns).map((fn) => () => fn(input)))
  return Object.keys(fns).map((name, i) => [name, times[i].median])
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
