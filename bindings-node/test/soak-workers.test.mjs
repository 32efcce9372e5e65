// Concurrency: worker_threads converting different inputs at once, through the native addon and
// through the wasm build (each worker its own instance), give exactly the serial outcomes; so do
// the native addon's async calls (the core off the main thread) made meanwhile.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Worker } from 'node:worker_threads'

import { png } from './media.mjs'
import { BUILDS, build, outcome, soakN, workload } from './soak-support.mjs'

const WORKERS = 4

/** Results of 64 KiB or more: long text and PNGs worth fitting, some in strict mode. */
function largeCalls() {
  const calls = []
  for (let i = 0; i < 8; i++) {
    const options = { tool_call_id: `c${i}`, fit_images: i % 2 ? 'recommended' : 'limits', ...(i % 3 === 0 ? { strict: true, max_text_chars: 1000 } : {}) }
    const input = {
      content: [
        { type: 'text', text: `${i} ` + 'y'.repeat(70_000 + i) },
        { type: 'image', data: png(900 + 16 * i, 700).toString('base64'), mimeType: 'image/png' },
      ],
      structuredContent: { i },
    }
    const target = ['anthropic', 'gemini', 'openai-responses', 'bedrock', 'copilot', 'mcp', 'text'][i % 7]
    calls.push({ id: `large/${i}`, op: i === 7 ? 'extract' : 'convert', target, options, input })
  }
  return calls
}

const calls = [...workload().calls, ...largeCalls()]
const rounds = Math.max(1, Math.floor(soakN(3000) / (10 * calls.length)))

for (const name of BUILDS) {
  test(`worker_threads (${name}) give the serial outcomes`, async () => {
    const api = await build(name)
    const serial = calls.map((call) => outcome(api, call))
    const workers = Array.from({ length: WORKERS }, (_, index) => {
      const worker = new Worker(new URL('./soak-worker.mjs', import.meta.url), {
        workerData: { name, calls, index, workers: WORKERS, rounds },
      })
      return new Promise((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
        worker.once('exit', (code) => code === 0 || reject(new Error(`worker exited with ${code}`)))
      })
    })
    const asyncOutcomes = Promise.all(
      calls.map((call) => {
        if (call.op === 'extract') return outcome(api, call)
        const pending = 'input_json' in call ? api.convertJsonAsync(call.input_json, call.target, call.options) : api.convertAsync(call.input, call.target, call.options)
        return pending.then(
          (got) => outcome({ ...api, convert: () => got, convertJson: () => got }, call),
          (e) => {
            if (e instanceof api.ConvertError) return `error ${e.code} ${e.path}`
            throw e
          },
        )
      }),
    )
    const [asyncGot, ...perWorker] = await Promise.all([asyncOutcomes, ...workers])
    for (const [w, got] of perWorker.entries()) {
      const wrong = calls.filter((_, i) => got[i] !== serial[i]).map((call) => call.id)
      assert.deepEqual(wrong, [], `worker ${w}`)
    }
    const wrong = calls.filter((_, i) => asyncGot[i] !== serial[i]).map((call) => call.id)
    assert.deepEqual(wrong, [], 'async calls')
  })
}
