// What the binding adds around the core: JS inputs (objects, JSON text, Buffers), hostile
// values (wrong types, proxies, throwing getters, cycles), huge inputs, zero-copy payloads,
// output objects, workers and environments without code generation. None may crash Node.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

import { ConvertError, convert, convertJson, extractImages, targetNames, toCopilot } from '../index.mjs'
import { png } from './media.mjs'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
// A real PNG: the core checks image structure by default, so a signature alone is not an image.
const PNG = png(1, 1, 96)

/** The ConvertError `run` throws. */
function failure(run) {
  try {
    run()
  } catch (e) {
    assert.ok(e instanceof ConvertError, `not a ConvertError: ${e}`)
    assert.ok(e instanceof Error)
    return e
  }
  assert.fail('no error')
}

function image(data, mimeType = 'image/png') {
  return { content: [{ type: 'image', data, mimeType }] }
}

describe('byte payloads', () => {
  test('a Buffer is base64-encoded', () => {
    const out = toCopilot(image(PNG))
    assert.deepEqual(out.binaryResultsForLlm, [{ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' }])
  })

  test('a Uint8Array, and a view into a larger buffer, encode only their own bytes', () => {
    const backing = new Uint8Array(PNG.length + 32).fill(0xff)
    backing.set(PNG, 16)
    const view = backing.subarray(16, 16 + PNG.length)
    assert.equal(toCopilot(image(new Uint8Array(PNG))).binaryResultsForLlm[0].data, PNG.toString('base64'))
    assert.equal(toCopilot(image(view)).binaryResultsForLlm[0].data, PNG.toString('base64'))
  })

  test('a resource blob as a Buffer', () => {
    const pdf = Buffer.from('%PDF-1.4\n')
    const out = toCopilot({ content: [{ type: 'resource', resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: pdf } }] })
    assert.deepEqual(out.binaryResultsForLlm, [
      { type: 'resource', data: 'JVBERi0xLjQK', mimeType: 'application/pdf', description: 'file:///r.pdf' },
    ])
  })

  test('an empty Buffer is an empty payload', () => {
    const { output, diagnostics } = convert(image(Buffer.alloc(0)), 'copilot')
    assert.equal(output.binaryResultsForLlm, undefined)
    assert.deepEqual(diagnostics.map((d) => [d.code, d.path]), [['empty_payload', '/content/0/data']])
  })

  test('other typed arrays, DataView and ArrayBuffer are refused with their path', () => {
    for (const [data, name] of [
      [new Float32Array(2), 'Float32Array'],
      [new Uint8ClampedArray(2), 'Uint8ClampedArray'],
      [new DataView(new ArrayBuffer(2)), 'DataView'],
      [new ArrayBuffer(2), 'ArrayBuffer'],
    ]) {
      const e = failure(() => toCopilot(image(data)))
      assert.equal(e.code, 'unsupported_value')
      assert.equal(e.path, '/content/0/data')
      assert.match(e.message, new RegExp(name))
    }
  })
})

describe('JSON text', () => {
  test('gives the same conversion as the object', () => {
    const result = { content: [{ type: 'text', text: 'a' }, { type: 'image', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=', mimeType: 'IMAGE/PNG' }], isError: 1 }
    assert.deepEqual(convertJson(JSON.stringify(result), 'mcp'), convert(result, 'mcp'))
  })

  test('invalid JSON is invalid_json', () => {
    const e = failure(() => convertJson('{"content": [', 'copilot'))
    assert.equal(e.code, 'invalid_json')
    assert.equal(e.path, '')
  })

  test('a string starting with U+0000 stays as it is, in objects and in JSON text', () => {
    const text = '\u00000'
    const result = { content: [{ type: 'text', text }] }
    assert.equal(toCopilot(result).textResultForLlm, text)
    assert.equal(convertJson(JSON.stringify(result), 'copilot').output.textResultForLlm, text)
  })
})

describe('wrong types', () => {
  const cases = [
    ['undefined', undefined, ''],
    ['a function', { content: [{ type: 'text', text: () => 'x' }] }, '/content/0/text'],
    ['a symbol', { content: [Symbol('s')] }, '/content/0'],
    ['a bigint', { structuredContent: { n: 1n }, content: [] }, '/structuredContent/n'],
    ['an instance of Map', { content: new Map([['a', 1]]) }, '/content'],
    ['an instance of Set', { content: [new Set([1])] }, '/content/0'],
    ['an instance of Date', { content: [], _meta: { at: new Date() } }, '/_meta/at'],
    ['a Promise', Promise.resolve({ content: [] }), ''],
    ['an instance of Empty', { content: [new (class Empty {})()] }, '/content/0'],
    ['a Uint8Array', PNG, ''],
  ]
  for (const [what, input, path] of cases) {
    test(`${what} at ${path || 'the top'}`, () => {
      const e = failure(() => convert(input, 'copilot'))
      assert.equal(e.code, 'unsupported_value')
      assert.equal(e.path, path)
      assert.ok(e.message.includes(what), e.message)
    })
  }

  test('a number is not a tool result (the core says so)', () => {
    const e = failure(() => toCopilot(5))
    assert.deepEqual([e.code, e.path], ['invalid_tool_result', ''])
  })

  test('keys with / and ~ are escaped in the path', () => {
    const e = failure(() => convert({ content: [], _meta: { 'a/b~c': () => 1 } }, 'mcp'))
    assert.equal(e.path, '/_meta/a~1b~0c')
  })

  test('undefined properties are left out and undefined array items are null, as in JSON', () => {
    const out = convert({ content: [undefined, { type: 'text', text: 'x', annotations: undefined }], structuredContent: undefined }, 'mcp')
    assert.deepEqual(out.output, { content: [{ type: 'text', text: 'x' }], isError: false })
    assert.deepEqual(out.diagnostics.map((d) => [d.code, d.path]), [['invalid_block', '/content/0']])
  })

  test('a target that is not a string', () => {
    const e = failure(() => convert({ content: [] }, 5))
    assert.deepEqual([e.code, e.path], ['unsupported_target', ''])
  })

  test('options: not an object, a wrong value type, a value JSON cannot hold', () => {
    assert.deepEqual(pick(failure(() => convert({ content: [] }, 'copilot', 'strict'))), ['invalid_option', ''])
    assert.deepEqual(pick(failure(() => convert({ content: [] }, 'copilot', { strict: 1 }))), ['invalid_option', '/strict'])
    assert.deepEqual(pick(failure(() => convert({ content: [] }, 'copilot', { strict: () => true }))), ['invalid_option', '/strict'])
  })

  test('options in camelCase and snake_case reach the core untouched', () => {
    const bad = image('not base64!')
    for (const options of [{ validateBase64: false }, { validate_base64: false }]) {
      assert.equal(toCopilot(bad, options).binaryResultsForLlm[0].data, 'not base64!')
    }
    assert.deepEqual(pick(failure(() => toCopilot(bad, { noSuchOption: 1 }))), ['invalid_option', '/noSuchOption'])
  })
})

describe('frozen objects, proxies and getters', () => {
  test('deeply frozen input', () => {
    const freeze = (v) => (typeof v === 'object' && v !== null ? Object.freeze(Object.values(v).forEach(freeze) ?? v) : v)
    const result = freeze({ content: [{ type: 'text', text: 'a' }, { type: 'image', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=', mimeType: 'image/png' }] })
    assert.ok(Object.isFrozen(result.content[0]))
    assert.equal(toCopilot(result).textResultForLlm, 'a')
  })

  test('proxies of objects and arrays are read through their traps', () => {
    const block = new Proxy({}, {
      ownKeys: () => ['type', 'text'],
      getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }),
      get: (_, key) => ({ type: 'text', text: 'from a proxy' })[key],
    })
    const content = new Proxy([block], {})
    assert.equal(toCopilot(new Proxy({ content }, {})).textResultForLlm, 'from a proxy')
  })

  test('a throwing getter is reported at its path with the exception as cause', () => {
    const boom = new TypeError('boom')
    const e = failure(() => toCopilot({ content: [{ type: 'text', get text() { throw boom } }] }))
    assert.deepEqual(pick(e), ['unsupported_value', '/content/0/text'])
    assert.equal(e.cause, boom)
    assert.match(e.message, /boom/)
  })

  test('throwing proxy traps (ownKeys, get, length) are reported at their paths', () => {
    const trap = (handler) => new Proxy([], handler)
    const ownKeys = new Proxy({}, { ownKeys() { throw new Error('ownKeys') } })
    assert.deepEqual(pick(failure(() => toCopilot({ content: [ownKeys] }))), ['unsupported_value', '/content/0'])
    const get = new Proxy({ type: 'text', text: 'x' }, { get() { throw new Error('get') } })
    assert.deepEqual(pick(failure(() => toCopilot({ content: [get] }))), ['unsupported_value', '/content/0/type'])
    const length = trap({ get(t, k) { if (k === 'length') throw new Error('length'); return t[k] } })
    assert.deepEqual(pick(failure(() => toCopilot({ content: length }))), ['unsupported_value', '/content'])
  })

  test('thrown non-errors, even with a throwing toString, do not escape', () => {
    const nasty = { toString() { throw new Error('no') } }
    for (const thrown of [42, null, undefined, nasty]) {
      const e = failure(() => toCopilot({ get content() { throw thrown } }))
      assert.deepEqual(pick(e), ['unsupported_value', '/content'])
      assert.equal(e.cause, thrown)
    }
  })

  test('a getter that converts another result meanwhile', () => {
    const inner = { content: [{ type: 'text', text: 'inner' }] }
    const outer = { content: [{ type: 'text', get text() { return toCopilot(inner).textResultForLlm + '+outer' } }] }
    assert.equal(toCopilot(outer).textResultForLlm, 'inner+outer')
  })
})

describe('depth and size', () => {
  test('nesting beyond 512 levels is too_deep at the container, as in JSON text', () => {
    let deep = []
    for (let i = 0; i < 600; i++) deep = [deep]
    const result = { content: [], structuredContent: { deep } }
    const fromObject = failure(() => convert(result, 'mcp'))
    const fromText = failure(() => convertJson(JSON.stringify(result), 'mcp'))
    assert.equal(fromObject.code, 'too_deep')
    assert.deepEqual(pick(fromObject), pick(fromText))
  })

  test('512 levels are fine, 513 are not, in objects and in JSON text', () => {
    // The result object is level 1; structuredContent holds `levels - 1` nested arrays.
    const nested = (levels) => {
      let deep = []
      for (let i = 0; i < levels - 2; i++) deep = [deep]
      return { content: [], structuredContent: deep }
    }
    const doors = [(v) => convert(v, 'mcp'), (v) => convertJson(JSON.stringify(v), 'mcp')]
    for (const run of doors) {
      assert.equal(run(nested(512)).output.structuredContent.length, 1)
    }
    const path = '/structuredContent' + '/0'.repeat(511)
    for (const run of doors) {
      assert.deepEqual(pick(failure(() => run(nested(513)))), ['too_deep', path])
    }
  })

  test('a cycle is too_deep, not a stack overflow', () => {
    const cyclic = { content: [] }
    cyclic.structuredContent = { self: cyclic }
    assert.equal(failure(() => convert(cyclic, 'mcp')).code, 'too_deep')
  })

  test('100 000 blocks', () => {
    const content = Array.from({ length: 100_000 }, (_, i) => ({ type: 'text', text: `line ${i}` }))
    const text = toCopilot({ content }).textResultForLlm
    assert.equal(text.split('\n').length, 100_000)
    assert.ok(text.endsWith('line 99999'))
  })

  test('a 64 MiB Buffer', () => {
    const bytes = png(1, 1, 64 << 20)
    const data = toCopilot(image(bytes)).binaryResultsForLlm[0].data
    assert.equal(data.length, 4 * Math.ceil(bytes.length / 3))
    assert.equal(data.slice(0, 16), bytes.subarray(0, 12).toString('base64'))
  })

  test('an output string longer than V8 allows is an error, not a crash', () => {
    const e = failure(() => toCopilot(image(Buffer.alloc(410 << 20, 1)), { validateBase64: false, validateImages: 'off' }))
    assert.equal(e.code, 'internal_error')
    assert.match(e.message, /string/)
  })
})

describe('strings', () => {
  test('large payloads are handed back as the same JS string (validation on and off)', () => {
    const data = png(1, 1, ((5 << 20) * 3) / 4).toString('base64')
    for (const validateBase64 of [true, false]) {
      const out = toCopilot(image(data), { validateBase64 })
      assert.equal(out.binaryResultsForLlm[0].data, data)
    }
    assert.ok(Object.is(toCopilot(image(data)).binaryResultsForLlm[0].data, data))
  })

  test('payloads read on demand convert as the same JSON text does (every target, validation on and off)', () => {
    const png = Buffer.alloc(48 << 10)
    for (let i = 0; i < png.length; i++) png[i] = (i * 2654435761) >>> 24
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 2, 0x80, 0, 0, 1, 0xe0])
    const base64 = png.toString('base64')
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x10, 0]), Buffer.alloc(0x1000 - 2), Buffer.from([0xff, 0xc0, 0, 17, 8, 1, 0xe0, 2, 0x80])])
    const payloads = [
      base64,
      base64.slice(0, 3000) + 'é' + base64.slice(3001), // one-byte in V8, not ASCII: not base64
      base64.slice(0, 3000) + ' ' + base64.slice(3000), // not canonical
      'data:image/png;base64,' + base64,
      jpeg.toString('base64').padEnd(4000, 'A'),
      'https://example.com/' + 'a'.repeat(2000),
    ]
    const optionSets = [{}, { validateBase64: false }, { validateBase64: false, maxImageDimension: 100 }, { validateBase64: false, maxTotalBytes: 10, fitImages: 'off' }]
    for (const data of payloads) {
      for (const options of optionSets) {
        for (const target of targetNames()) {
          const input = image(data)
          const expected = convertJson(JSON.stringify(input), target, options)
          assert.deepEqual(convert(input, target, options), expected, `${target} ${JSON.stringify(options)}`)
        }
      }
    }
  })

  test('a 5 MiB image converts as its JSON text does, and comes back as the same string', () => {
    const data = png(1, 1, ((5 << 20) * 3) / 4).toString('base64')
    for (const validateBase64 of [true, false]) {
      const out = convert(image(data), 'copilot', { validateBase64 })
      assert.deepEqual(out, convertJson(JSON.stringify(image(data)), 'copilot', { validateBase64 }))
      assert.ok(Object.is(out.output.binaryResultsForLlm[0].data, data))
    }
  })

  test('long strings read as Latin-1 or as UTF-16 come out the same', () => {
    const latin1 = 'é ÿ ascii '.repeat(300) // one-byte in V8, not ASCII
    const wide = ('\u0100' + 'plain ascii '.repeat(300)).slice(1) // two-byte in V8, ASCII only
    const mixed = 'x'.repeat(2000) + '€' // two-byte, one character above U+00FF at the end
    for (const text of [latin1, wide, mixed, 'a'.repeat(2000)]) {
      const { output, diagnostics } = convert({ content: [{ type: 'text', text }, { type: 'text', text: text + '!' }] }, 'copilot')
      assert.equal(output.textResultForLlm, text + '\n' + text + '!')
      assert.equal(diagnostics, undefined)
    }
  })

  test('options and targets are read for each call, whatever was configured before', () => {
    const input = { content: [{ type: 'text', text: 'x'.repeat(300) }], isError: true }
    const texts = []
    for (let i = 0; i < 200; i++) {
      // More distinct options than the binding keeps ids for, then the same ones again.
      const { output } = convert(input, 'copilot', { maxTextChars: 100 + (i % 100) })
      assert.equal(output.resultType, 'failure')
      if (i < 100) texts.push(output.textResultForLlm)
      else assert.equal(output.textResultForLlm, texts[i - 100])
    }
    assert.equal(new Set(texts).size, 100)
    assert.equal(failure(() => convert(input, 'nope')).code, 'unsupported_target')
    assert.equal(failure(() => convert(input, 'nope')).code, 'unsupported_target')
    assert.equal(failure(() => convert(input, 'copilot', { validateBase64: 'yes' })).code, 'invalid_option')
    assert.equal(failure(() => convert(input, 'copilot', { validateBase64: 'yes' })).code, 'invalid_option')
    // The target's error comes before the input's (the fixtures' `precedence` topic).
    assert.equal(failure(() => convertJson('{', 'nope')).code, 'unsupported_target')
    assert.equal(failure(() => convertJson('{', 'copilot')).code, 'invalid_json')
    assert.equal(toCopilot(input).resultType, 'failure')
  })

  test('lone surrogates are replaced and reported, in short and long strings', () => {
    for (const text of ['a\ud800b', 'x'.repeat(2000) + '\udc00']) {
      const { output, diagnostics } = convert({ content: [{ type: 'text', text }] }, 'copilot')
      assert.equal(output.textResultForLlm, text.replace(/[\ud800-\udfff]/, '\ufffd'))
      assert.deepEqual(diagnostics.map((d) => [d.code, d.path]), [['lone_surrogate', '/content/0/text']])
    }
  })

  test('a real U+FFFD and valid surrogate pairs are not reported', () => {
    for (const text of ['\ufffd 😀', '😀'.repeat(1000) + '\ufffd']) {
      const { output, diagnostics } = convert({ content: [{ type: 'text', text }] }, 'copilot')
      assert.equal(output.textResultForLlm, text)
      assert.equal(diagnostics, undefined)
    }
  })

  test('keys that need escaping, through the Node-API path and the compiled builders', () => {
    const meta = {
      'quote"': 1,
      'back\\slash': 2,
      'nul\u0000': 3,
      'line\u2028': 4,
      'é': 5,
      '': 6,
      '"}),globalThis.injected=1,({"': 7,
    }
    // Each character that needs escaping (or is not ASCII) at the start, middle and end of keys
    // shorter and longer than 8 bytes.
    let n = 8
    for (const c of ['"', '\\', '\n', '\u001f', '\u007f', 'é', '\u2028']) {
      for (const [before, after] of [['', ''], ['abc', 'de'], ['abcdefg', ''], ['abcdefgh', 'ij'], ['', 'abcdefghijklmno'], ['abcdefghijklmno', '']]) {
        meta[before + c + after] = n++
      }
    }
    for (let i = 0; i < 3; i++) {
      const { output } = convert({ content: [], _meta: meta }, 'mcp')
      assert.deepEqual(output._meta, meta)
    }
    assert.equal(globalThis.injected, undefined)
  })
})

describe('output objects', () => {
  test('__proto__ stays an own key and does not change the prototype', () => {
    const structuredContent = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')
    for (let i = 0; i < 3; i++) {
      const out = convert({ content: [], structuredContent }, 'mcp').output.structuredContent
      assert.equal(Object.getPrototypeOf(out), Object.prototype)
      assert.deepEqual(Object.keys(out), ['__proto__', 'a'])
      assert.equal(out.polluted, undefined)
    }
  })

  test('each call returns new objects', () => {
    const result = { content: [{ type: 'text', text: 'x' }] }
    const first = toCopilot(result)
    first.textResultForLlm = 'changed'
    assert.equal(toCopilot(result).textResultForLlm, 'x')
    assert.notEqual(toCopilot(result), toCopilot(result))
  })

  test('many different output shapes (more than the builder cache holds)', () => {
    for (let i = 0; i < 700; i++) {
      const structuredContent = { [`key${i}`]: i }
      const out = convert({ content: [], structuredContent }, 'mcp').output
      assert.deepEqual(out.structuredContent, structuredContent)
    }
  })
})

describe('environments', () => {
  test('without code generation from strings', () => {
    const script = `
      const { convert } = require(${JSON.stringify(packageDir)})
      const out = []
      for (let i = 0; i < 3; i++) out.push(convert({ content: [{ type: 'text', text: 't' + i }] }, 'copilot').output.textResultForLlm)
      console.log(out.join(','))`
    const printed = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', script], { encoding: 'utf8' })
    assert.equal(printed.trim(), 't0,t1,t2')
  })

  test('in a worker thread', async () => {
    const script = `
      const { parentPort } = require('node:worker_threads')
      const { toCopilot, ConvertError } = require(${JSON.stringify(packageDir)})
      let error
      try { toCopilot(5) } catch (e) { error = e instanceof ConvertError && e.code }
      parentPort.postMessage({ out: toCopilot({ content: [{ type: 'text', text: 'w' }] }), error })`
    const message = await new Promise((resolve, reject) => {
      const worker = new Worker(script, { eval: true })
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    assert.deepEqual(message, { out: { textResultForLlm: 'w', resultType: 'success' }, error: 'invalid_tool_result' })
  })
})

function pick(e) {
  return [e.code, e.path]
}

describe('extractImages', () => {
  test('finds Buffer images anywhere and base64-encodes them', () => {
    const found = extractImages({ runs: [{ shot: { type: 'image', data: PNG, mimeType: 'image/png' } }], note: 'x' })
    assert.deepEqual(found.images, [{ data: PNG.toString('base64'), mimeType: 'image/png', path: '/runs/0/shot' }])
    assert.equal(found.text, `{"runs":[{"shot":"[image 1 of 1, image/png, ${PNG.length} B]"}],"note":"x"}`)
  })

  test('a large image is handed back as the same JS string', () => {
    const data = png(1, 1, ((1 << 20) * 3) / 4).toString('base64')
    const found = extractImages([{ type: 'image', data, mimeType: 'image/png' }], { validateBase64: false })
    assert.ok(Object.is(found.images[0].data, data))
  })

  test('a string is a value, not JSON text', () => {
    assert.deepEqual(extractImages('{"type":"image"}'), { images: [], text: '{"type":"image"}' })
  })

  test('values JSON cannot hold are refused with their path', () => {
    const e = failure(() => extractImages({ a: [() => 1] }))
    assert.deepEqual(pick(e), ['unsupported_value', '/a/0'])
  })
})
