'use strict'
// The package as the README examples see it in readme.test.mjs: the real package, with every
// conversion appended to the file MTR_README_RECORD (one JSON line each: the function's
// arguments and what it returned or threw), so that the test can convert the same inputs with
// the core's CLI and compare. Uint8Arrays are recorded as base64 text, the form the core reads.

const { appendFileSync } = require('node:fs')
const { join } = require('node:path')

const real = require(join(__dirname, '..', 'wasm', 'select.cjs'))

function replacer(key, value) {
  const original = this[key]
  return original instanceof Uint8Array ? Buffer.from(original).toString('base64') : value
}

function record(entry) {
  appendFileSync(process.env.MTR_README_RECORD, JSON.stringify(entry, replacer) + '\n')
}

function text(input) {
  return typeof input === 'string' ? input : Buffer.from(input).toString('utf8')
}

/** `fn` recorded: `describe(args)` gives the call as `{door, input, target, options}`. */
function recorded(fn, describe, only) {
  return (...args) => {
    const call = describe(...args)
    const settle = (result) => {
      record(only === 'output' ? { ...call, outputOnly: true, result: { output: result } } : { ...call, result })
      return result
    }
    const fail = (error) => {
      record({ ...call, error: { code: error.code, path: error.path } })
      throw error
    }
    let result
    try {
      result = fn(...args)
    } catch (error) {
      fail(error)
    }
    return result instanceof Promise ? result.then(settle, fail) : settle(result)
  }
}

const value = (input, target, options) => ({ door: 'value', input, target, options: options ?? {} })
const json = (input, target, options) => ({ door: 'json', input: text(input), target, options: options ?? {} })

module.exports = {
  ...real,
  convert: recorded(real.convert, value),
  convertJson: recorded(real.convertJson, json),
  convertAsync: recorded(real.convertAsync, value),
  convertJsonAsync: recorded(real.convertJsonAsync, json),
  toCopilot: recorded(real.toCopilot, (input, options) => value(input, 'copilot', options), 'output'),
}
