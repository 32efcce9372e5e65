// Hostile values across the FFI, through the native addon and the wasm build: the driver's
// mutated conformance inputs (conformance/soak) as bytes, as strings and, where JSON.parse takes
// them, as values; then host values that fight back (getters and proxy traps that throw,
// revoked proxies, Symbols, BigInts, typed arrays, detached buffers, cycles, odd options and
// targets). The only outcomes allowed are a result or the build's ConvertError.
import assert from 'node:assert/strict'
import { test } from 'node:test'

import { BUILDS, build, hostile } from './soak-support.mjs'

const COUNT = Number(process.env.SOAK_HOSTILE || 300)

class Tally {
  constructor(api) {
    this.api = api
    this.inputs = 0
    this.results = 0
    this.errors = 0
  }

  call(fn) {
    this.inputs++
    let got
    try {
      got = fn()
    } catch (e) {
      if (e instanceof this.api.ConvertError) {
        this.errors++
        return
      }
      throw e
    }
    assert.ok(got !== null && typeof got === 'object' && ('output' in got || 'images' in got || 'textResultForLlm' in got))
    this.results++
  }
}

function callWith(api, op, target, value, options, text) {
  if (op === 'extract') return () => (text ? api.extractImagesJson(value, options) : api.extractImages(value, options))
  return () => (text ? api.convertJson(value, target, options) : api.convert(value, target, options))
}

const mutated = hostile(COUNT)

function thrower(message) {
  return () => {
    throw new Error(message)
  }
}

function hostValues() {
  const getter = {}
  Object.defineProperty(getter, 'content', { enumerable: true, get: thrower('getter') })
  const blockGetter = { type: 'text' }
  Object.defineProperty(blockGetter, 'text', { enumerable: true, get: thrower('text getter') })
  const traps = ['get', 'ownKeys', 'getOwnPropertyDescriptor', 'has', 'getPrototypeOf']
  const proxies = traps.map((trap) => new Proxy({ content: [] }, { [trap]: thrower(trap) }))
  const arrayProxies = traps.map((trap) => new Proxy([{ type: 'text', text: 'x' }], { [trap]: thrower(trap) }))
  const revocable = Proxy.revocable({ content: [] }, {})
  revocable.revoke()
  const lying = new Proxy({}, { ownKeys: () => ['content', 'content'], getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }) })
  const cycle = { content: [] }
  cycle.content.push(cycle)
  let deep = 'x'
  for (let i = 0; i < 100_000; i++) deep = [deep]
  const sparse = [{ type: 'text', text: 'a' }]
  sparse[5] = { type: 'text', text: 'b' }
  const indexGetter = [{ type: 'text', text: 'a' }]
  Object.defineProperty(indexGetter, 0, { enumerable: true, get: thrower('index getter') })
  const detached = new ArrayBuffer(8)
  const view = new Uint8Array(detached)
  structuredClone(detached, { transfer: [detached] })
  class Thing {
    constructor() {
      this.type = 'text'
      this.text = 'x'
    }
  }
  const symbolKey = { content: [], [Symbol('k')]: 1 }
  const toJson = { toJSON: thrower('toJSON'), content: [] }
  const toPrimitive = { [Symbol.toPrimitive]: thrower('toPrimitive'), toString: thrower('toString') }
  const nullProto = Object.assign(Object.create(null), { content: [{ type: 'text', text: 'x' }] })
  const leaves = [
    getter, blockGetter, ...proxies, ...arrayProxies, revocable.proxy, lying, cycle, deep, sparse, indexGetter,
    view, new Uint8Array(0), Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), new Uint8Array(new SharedArrayBuffer(4)),
    new Int16Array(2), new Float64Array([NaN]), new BigInt64Array(1), new DataView(new ArrayBuffer(2)), new ArrayBuffer(4),
    Symbol('s'), Symbol.iterator, 10n, -(2n ** 70n), NaN, Infinity, -Infinity, -0, 2 ** 53 + 2, Number.MIN_VALUE,
    '\ud800', 'a\udfffb', '\u0000', '\u0000' + '0', '\u00001', 'x'.repeat(1 << 16) + '\ud800',
    new Map([['type', 'text']]), new Set([1]), new Date(0), new Date(NaN), /re/g, Promise.resolve(1), new WeakMap(),
    thrower('fn'), Thing, new Thing(), new Error('e'), Object(1), Object('s'), Object(true), Object(Symbol('o')),
    symbolKey, toJson, toPrimitive, nullProto, Object.freeze({ content: [] }), undefined, null, true, globalThis.process.versions,
  ]
  const values = []
  for (const leaf of leaves) {
    values.push(leaf, { content: leaf }, { content: [leaf] }, { content: [{ type: 'text', text: leaf }] })
    values.push({ content: [{ type: 'image', data: leaf, mimeType: 'image/png' }] })
    values.push({ content: [{ type: 'text', text: 'x' }], structuredContent: { k: leaf } }, { content: [], isError: leaf, _meta: leaf })
  }
  return { leaves, values }
}

for (const name of BUILDS) {
  test(`hostile mutated inputs (${name})`, async () => {
    const api = await build(name)
    const tally = new Tally(api)
    for (const item of mutated) {
      const data = Buffer.from(item.text, 'base64')
      tally.call(callWith(api, item.op, item.target, data, item.options, true))
      const text = data.toString('utf8')
      tally.call(callWith(api, item.op, item.target, text, item.options, true))
      let value
      try {
        value = JSON.parse(text)
      } catch {
        continue
      }
      tally.call(callWith(api, item.op, item.target, value, item.options, false))
    }
    console.log(`hostile node-${name} mutated: inputs=${tally.inputs} results=${tally.results} convert_errors=${tally.errors}`)
    assert.ok(tally.results > 0 && tally.errors > 0)
  })

  test(`hostile host values (${name})`, async () => {
    const api = await build(name)
    const tally = new Tally(api)
    const { leaves, values } = hostValues()
    for (const value of values) {
      for (const target of ['copilot', 'anthropic', 'bedrock', 'mcp']) tally.call(() => api.convert(value, target, { toolCallId: 'c' }))
      tally.call(() => api.extractImages(value))
      tally.call(() => api.toCopilot(value))
    }
    const result = { content: [{ type: 'text', text: 'x' }] }
    for (const leaf of leaves) {
      // As options, as one option's value, as the target, as JSON text.
      tally.call(() => api.convert(result, 'anthropic', leaf))
      for (const option of ['strict', 'maxImages', 'fitImages', 'toolCallId', 'payload']) tally.call(() => api.convert(result, 'anthropic', { [option]: leaf }))
      tally.call(() => api.convert(result, leaf))
      tally.call(() => api.convertJson(leaf, 'anthropic'))
      tally.call(() => api.extractImagesJson(leaf))
    }
    console.log(`hostile node-${name} host values: inputs=${tally.inputs} results=${tally.results} convert_errors=${tally.errors}`)
    assert.ok(tally.results > 0 && tally.errors > 0)
  })
}
