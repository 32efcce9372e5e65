'use strict'
// Public CommonJS entry point (index.mjs re-exports it; index.d.ts types it).
//
// A tool result object (or any value given to extractImages) is walked here, in JS, into JSON
// text: one string crosses into Rust instead of several Node-API calls per key and value (2 to
// 3 times faster in our measurements). Strings of HOST_MIN
// characters or more, strings starting with U+0000 and every Uint8Array/Buffer do not go into
// the text: they travel as "leaves" in a side array and the text holds the placeholder string
// "\u0000<index>". Rust reads leaves directly (base64-encoding bytes) and hands a string leaf
// that the core passed through unchanged back as the very same JS string: no copy either way.
// Every rule lives in the Rust core; this file only maps JS values to JSON.

const native = require('./binding.js')

/** Thrown by every function of this package: `code` (stable, snake_case) and `path` (JSON Pointer). */
class ConvertError extends Error {
  constructor(message, code, path) {
    super(message)
    this.code = code
    this.path = path
  }
}
Object.defineProperty(ConvertError.prototype, 'name', { value: 'ConvertError', writable: true, configurable: true })
native.registerConvertError(ConvertError)

const MAX_DEPTH = native.MAX_DEPTH
const HOST_MIN = 1024
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/
const quotedKeys = new Map()

/** A lowering failure on its way up: each container adds its key or index to `tokens`. */
class LowerError {
  constructor(code, message, cause) {
    this.code = code
    this.message = message
    this.cause = cause
    this.tokens = []
  }
}

function quote(s) {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : '"' + s + '"'
}

function quoteKey(k) {
  let quoted = quotedKeys.get(k)
  if (quoted === undefined) {
    quoted = quote(k)
    if (quotedKeys.size < 1024) quotedKeys.set(k, quoted)
  }
  return quoted
}

function leaf(v, leaves) {
  leaves.push(v)
  return '"\\u0000' + (leaves.length - 1) + '"'
}

function unsupported(code, what) {
  return new LowerError(code, `cannot convert ${what}: expected JSON values, a Uint8Array or a Buffer`)
}

/** JSON text of `v` (follows JSON.stringify: own enumerable keys, undefined properties left out). */
function lower(v, leaves, depth, code) {
  switch (typeof v) {
    case 'string':
      return v.length >= HOST_MIN || v.charCodeAt(0) === 0 ? leaf(v, leaves) : quote(v)
    case 'number':
      return Number.isFinite(v) ? '' + v : 'null'
    case 'boolean':
      return v ? 'true' : 'false'
    case 'object':
      return v === null ? 'null' : container(v, leaves, depth + 1, code)
    case 'undefined':
      return 'null'
    default:
      throw unsupported(code, `a ${typeof v}`)
  }
}

function container(v, leaves, depth, code) {
  if (depth > MAX_DEPTH) {
    throw new LowerError('too_deep', `nesting deeper than ${MAX_DEPTH} levels (or a cycle)`)
  }
  let at
  try {
    if (Array.isArray(v)) {
      const length = v.length
      let out = '['
      for (at = 0; at < length; at++) {
        out += (at === 0 ? '' : ',') + lower(v[at], leaves, depth, code)
      }
      return out + ']'
    }
    if (ArrayBuffer.isView(v)) {
      const kind = v[Symbol.toStringTag]
      if (kind === 'Uint8Array') return leaf(v, leaves)
      throw unsupported(code, `a ${kind || 'DataView'}`)
    }
    const keys = Object.keys(v)
    if (keys.length === 0) expectPlain(v, code)
    let out = '{'
    for (let i = 0; i < keys.length; i++) {
      at = keys[i]
      const item = v[at]
      if (item !== undefined) out += (out.length === 1 ? '' : ',') + quoteKey(at) + ':' + lower(item, leaves, depth, code)
    }
    return out + '}'
  } catch (e) {
    const failure = e instanceof LowerError ? e : new LowerError(code, `reading the input threw: ${describe(e)}`, e)
    if (at !== undefined) failure.tokens.push(String(at))
    throw failure
  }
}

/** An object without own enumerable keys must be a plain `{}`: a Map, Date or class instance would lose its data. */
function expectPlain(v, code) {
  const proto = Object.getPrototypeOf(v)
  if (proto === null || proto === Object.prototype) return
  const name = typeof proto.constructor === 'function' ? proto.constructor.name : ''
  if (name === 'Object') return
  if (name === 'Promise') throw unsupported(code, 'a Promise (await it first)')
  throw unsupported(code, name ? `an instance of ${name}` : 'an object of an unnamed class')
}

function describe(e) {
  try {
    return String(e)
  } catch {
    return 'a value that cannot be converted to a string'
  }
}

function pointer(tokens) {
  let out = ''
  for (let i = tokens.length - 1; i >= 0; i--) out += '/' + tokens[i].replace(/~/g, '~0').replace(/\//g, '~1')
  return out
}

/** JSON text of a top-level argument, or a ConvertError. */
function lowerArgument(v, leaves, code) {
  try {
    if (v === undefined) throw unsupported(code, 'undefined')
    return lower(v, leaves, 0, code)
  } catch (e) {
    if (!(e instanceof LowerError)) throw e
    const path = pointer(e.tokens)
    const error = new ConvertError(`${e.code}${path ? ' at ' + path : ''}: ${e.message}`, e.code, path)
    if (e.cause !== undefined) error.cause = e.cause
    throw error
  }
}

function lowerOptions(options) {
  return options === undefined || options === null ? null : lowerArgument(options, [], 'invalid_option')
}

function run(result, target, options, outputOnly) {
  const optionsText = lowerOptions(options)
  if (typeof result === 'string') return native.convertLowered(result, null, target, optionsText, outputOnly)
  if (ArrayBuffer.isView(result)) {
    const e = unsupported('unsupported_value', 'a typed array (pass JSON text as a string)')
    throw new ConvertError(`unsupported_value: ${e.message}`, e.code, '')
  }
  const leaves = []
  const text = lowerArgument(result, leaves, 'unsupported_value')
  return native.convertLowered(text, leaves.length === 0 ? null : leaves, target, optionsText, outputOnly)
}

/** See index.d.ts. */
function convert(result, target, options) {
  return run(result, target, options, false)
}

/** See index.d.ts. */
function toCopilot(result, options) {
  return run(result, 'copilot', options, true)
}

/** See index.d.ts. Any JSON value is scanned: a string is a value here, not JSON text. */
function extractImages(value, options) {
  const optionsText = lowerOptions(options)
  const leaves = []
  const text = lowerArgument(value, leaves, 'unsupported_value')
  return native.extractLowered(text, leaves.length === 0 ? null : leaves, optionsText)
}

module.exports = {
  convert,
  toCopilot,
  extractImages,
  convertJson: native.convertJson,
  targetNames: native.targetNames,
  ConvertError,
  __napiBindingTarget: native.__napiBindingTarget,
}
