// `make bench`: toCopilot side by side with the Copilot SDK's convertMcpCallToolResult, in one
// run, on one text block, ten mixed blocks and one 5 MiB base64 image (validation on and off).
// Each figure is the best and the median wall-clock ns per call of 40 rounds that time ours and
// the peer in turn, after a warm-up (side-by-side.mjs).
import { convertMcpCallToolResult } from '@github/copilot-sdk'

import { toCopilot } from '../index.mjs'
import { storedPng } from './images.mjs'
import { sideBySide } from './side-by-side.mjs'

const MIB = 1 << 20
const image = storedPng(1024, 1250, (5 * MIB * 3) / 4).toString('base64') // 5 MiB of base64 text

const inputs = {
  'small (1 text block)': { content: [{ type: 'text', text: '3 files found' }] },
  '10 mixed blocks': {
    content: [
      { type: 'text', text: 'Analysis complete' },
      { type: 'text', text: 'Two issues found' },
      { type: 'image', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=', mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'file:///report.md', mimeType: 'text/markdown', text: 'Report details' } },
      { type: 'resource', resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: 'JVBERi0x' } },
      { type: 'text', text: 'Issue 1: unused import', annotations: { audience: ['assistant'], priority: 0.8 } },
      { type: 'image', data: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', mimeType: 'image/gif' },
      { type: 'text', text: 'Issue 2: missing test' },
      { type: 'resource', resource: { uri: 'file:///notes.txt', text: 'notes' } },
      { type: 'text', text: 'Done' },
    ],
  },
  '5 MiB image': { content: [{ type: 'image', data: image, mimeType: 'image/png' }] },
}

const cases = [
  ['small (1 text block)', {}],
  ['10 mixed blocks', {}],
  ['5 MiB image', { validateBase64: false }],
  ['5 MiB image', {}],
]

function show(ns) {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`
}

const rows = []
const results = {}
for (const [name, options] of cases) {
  const input = inputs[name]
  const label = name === '5 MiB image' ? `${name}, validation ${options.validateBase64 === false ? 'off' : 'on'}` : name
  const [ours, peer] = sideBySide([() => toCopilot(input, options), () => convertMcpCallToolResult(input)], {
    rounds: 40,
    cpu: false,
  })
  results[label] = ours
  rows.push([label, show(ours.best), show(ours.median), show(peer.best), show(peer.median)])
}

const header = ['input', 'ours best', 'ours median', 'peer best', 'peer median']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
for (const row of [header, ...rows]) console.log(row.map((c, i) => c.padEnd(widths[i])).join('  '))

const small = results['small (1 text block)'].best
const off = results['5 MiB image, validation off'].best
const on = results['5 MiB image, validation on'].best
console.log()
console.log(`targets: small ≤ 1 µs: ${show(small)}`)
console.log(`         5 MiB with validation off within 2x of small: ${(off / small).toFixed(1)}x`)
console.log(`         ≥ 2 GB/s of payload with validation on: ${((5 * MIB) / on).toFixed(2)} GB/s`)
console.log(`node ${process.version}, peer @github/copilot-sdk convertMcpCallToolResult`)
