// The async form (convertAsync, convertJsonAsync) of both builds: every fixture case and large
// inputs give exactly what the sync form gives (or reject with its error), many calls may run at
// once, the arguments are read when the call is made, and every failure is a rejection with a
// ConvertError (never a synchronous throw).
import assert from 'node:assert/strict'
import { dirname, join } from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

import * as native from '../index.mjs'
import * as wasm from '../wasm/node.mjs'
import { loadCases } from './fixtures.mjs'
import { PDF, png } from './media.mjs'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')

/** What a sync call gives: the value, or the error's class, code, path and message. */
function settle(api, run) {
  try {
    return { value: run() }
  } catch (e) {
    return { error: describeError(api, e) }
  }
}

/** What an async call gives, in the same form; a synchronous throw fails the test. */
async function settleAsync(api, run) {
  let promise
  try {
    promise = run()
  } catch (e) {
    assert.fail(`the async form threw synchronously: ${e}`)
  }
  assert.ok(promise instanceof Promise, 'the async form returns a Promise')
  try {
    return { value: await promise }
  } catch (e) {
    return { error: describeError(api, e) }
  }
}

function describeError(api, e) {
  assert.ok(e instanceof api.ConvertError, `not a ConvertError: ${e}`)
  return { code: e.code, path: e.path, message: e.message }
}

/** Asserts that `convertAsync` and `convertJsonAsync` match their sync forms on these arguments. */
async function sameAsSync(api, { value, text, target, options }, what) {
  if (value !== undefined) {
    const want = settle(api, () => api.convert(value, target, options))
    assert.deepStrictEqual(await settleAsync(api, () => api.convertAsync(value, target, options)), want, `${what} (value)`)
  }
  const json = text ?? JSON.stringify(value)
  const want = settle(api, () => api.convertJson(json, target, options))
  assert.deepStrictEqual(await settleAsync(api, () => api.convertJsonAsync(json, target, options)), want, `${what} (text)`)
  if (json.isWellFormed()) {
    const bytes = Buffer.from(json)
    const got = await settleAsync(api, () => api.convertJsonAsync(bytes, target, options))
    assert.deepStrictEqual(got, want, `${what} (UTF-8)`)
  }
}

function image(data, mimeType = 'image/png') {
  return { type: 'image', data, mimeType }
}

/** Large inputs: big images (base64 and Buffer), long text, many blocks. */
function largeInputs() {
  const shot = png(1600, 1000)
  const text = 'é'.repeat(300_000) + '😀'.repeat(100_000)
  return [
    { content: [{ type: 'text', text: 'a screenshot' }, image(shot.toString('base64'))] },
    { content: [image(shot), { type: 'resource', resource: { uri: 'file:///a.pdf', blob: PDF, mimeType: 'application/pdf' } }] },
    { content: [{ type: 'text', text }], structuredContent: { text } },
    { content: Array.from({ length: 5000 }, (_, i) => ({ type: 'text', text: `line ${i}` })) },
  ]
}

const builds = [
  ['native', native],
  ['wasm', wasm],
]

for (const [build, api] of builds) {
  describe(`${build} build`, () => {
    test('every fixture case: the async forms give what the sync forms give', async () => {
      let compared = 0
      for (const { key, target, case: c } of loadCases()) {
        if (target === 'extract_images') continue
        await sameAsSync(api, { value: c.input, text: c.input_json, target, options: c.options }, key)
        compared++
      }
      assert.ok(compared > 100, `only ${compared} cases compared`)
    })

    test('large inputs, every target and payload form', async () => {
      for (const [i, value] of largeInputs().entries()) {
        for (const target of api.targetNames()) {
          for (const options of [undefined, { payload: 'wire', toolCallId: 'call-1' }, { strict: true }]) {
            await sameAsSync(api, { value, target, options }, `large input ${i}, ${target}, ${JSON.stringify(options)}`)
          }
        }
      }
    })

    test('many calls at once: each resolves to its own result', async () => {
      const inputs = []
      for (let i = 0; i < 200; i++) {
        const big = i % 10 === 0
        inputs.push({
          content: [{ type: 'text', text: `call ${i}` + (big ? 'x'.repeat(200_000) : '') }, image(png(8 + (i % 7), 8).toString('base64'))],
          isError: i % 3 === 0,
        })
      }
      const targets = api.targetNames()
      const calls = inputs.map((value, i) => [value, targets[i % targets.length], { toolCallId: `id-${i}`, toolName: 'shot' }])
      const want = calls.map(([value, target, options]) => api.convert(value, target, options))
      const got = await Promise.all(calls.map(([value, target, options]) => api.convertAsync(value, target, options)))
      assert.deepStrictEqual(got, want)
      const texts = await Promise.all(calls.map(([value, target, options]) => api.convertJsonAsync(JSON.stringify(value), target, options)))
      assert.deepStrictEqual(texts, want)
    })

    test('rejections are ConvertErrors with code and path', async () => {
      const result = { content: [{ type: 'text', text: 'x' }], is_error: true }
      await assert.rejects(api.convertAsync(result, 'copilot', { strict: true }), (e) => {
        assert.ok(e instanceof api.ConvertError && e instanceof Error)
        assert.deepEqual([e.name, e.code, e.path], ['ConvertError', 'snake_case_key', '/is_error'])
        assert.match(e.message, /^snake_case_key at \/is_error: \S/)
        return true
      })
      const cases = [
        [() => api.convertAsync(result, 'nope'), 'unsupported_target', ''],
        [() => api.convertAsync(result, 7), 'unsupported_target', ''],
        [() => api.convertAsync(result, 'copilot', { strict: 1 }), 'invalid_option', '/strict'],
        [() => api.convertAsync(undefined, 'copilot'), 'unsupported_value', ''],
        [() => api.convertAsync(Buffer.from('{}'), 'copilot'), 'unsupported_value', ''],
        [() => api.convertAsync({ content: [{ type: 'text', text: 1n }] }, 'copilot'), 'unsupported_value', '/content/0/text'],
        [() => api.convertJsonAsync('{', 'copilot'), 'invalid_json', ''],
        [() => api.convertJsonAsync({ content: [] }, 'copilot'), 'invalid_json', ''],
        [() => api.convertJsonAsync('[]', 'copilot'), 'invalid_tool_result', ''],
      ]
      for (const [run, code, path] of cases) {
        const { error } = await settleAsync(api, run)
        assert.deepEqual([error?.code, error?.path], [code, path], String(run))
      }
    })

    test('a getter that throws rejects, with the exception as cause', async () => {
      const thrown = new Error('boom')
      const value = {
        get content() {
          throw thrown
        },
      }
      await assert.rejects(api.convertAsync(value, 'copilot'), (e) => {
        assert.deepEqual([e.code, e.path, e.cause], ['unsupported_value', '/content', thrown])
        return true
      })
    })

    test('the arguments are read when the call is made', async () => {
      const data = png(64, 64)
      const value = { content: [{ type: 'text', text: 'before' }, image(data)] }
      const options = { toolCallId: 'first' }
      const want = api.convert(structuredClone(value), 'bedrock', { ...options })
      const pending = api.convertAsync(value, 'bedrock', options)
      value.content[0].text = 'after'
      data.fill(0)
      options.toolCallId = 'second'
      assert.deepStrictEqual(await pending, want)
      const text = Buffer.from(JSON.stringify({ content: [{ type: 'text', text: 'before' }] }))
      const fromText = api.convertJsonAsync(text, 'copilot')
      text.fill(0x20)
      assert.equal((await fromText).output.textResultForLlm, 'before')
    })
  })
}

test('native: the async form in a worker thread', async () => {
  const script = `
    const { parentPort } = require('node:worker_threads')
    const { convertAsync, ConvertError } = require(${JSON.stringify(join(packageDir, 'index.js'))})
    Promise.all([
      convertAsync({ content: [{ type: 'text', text: 'w' }] }, 'copilot'),
      convertAsync(5, 'copilot').catch((e) => e instanceof ConvertError && e.code),
    ]).then(([out, error]) => parentPort.postMessage({ out: out.output, error }))`
  const message = await new Promise((resolve, reject) => {
    const worker = new Worker(script, { eval: true })
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  assert.deepEqual(message, { out: { textResultForLlm: 'w', resultType: 'success' }, error: 'invalid_tool_result' })
})
