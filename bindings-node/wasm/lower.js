'use strict'
// JS values → JSON text for the wasm build, with the errors the native addon raises for the
// same values (`unsupported_value` / `too_deep` / `invalid_option` at a JSON Pointer). A
// `Uint8Array` (or `Buffer`) becomes its base64 text, as the native addon's lowering does.
// It follows JSON.stringify: own enumerable keys, undefined properties left out, undefined
// array items and non-finite numbers as null.

const MAX_DEPTH = 512

/** Thrown by every function of this package: `code` (stable, snake_case) and `path` (JSON Pointer). */
class ConvertError extends Error {
  constructor(message, code, path) {
    super(message)
    this.code = code
    this.path = path
  }
}
Object.defineProperty(ConvertError.prototype, 'name', { value: 'ConvertError', writable: true, configurable: true })

/** A failure on its way up: each container adds its key or index to `tokens`. */
class LowerError {
  constructor(code, message, cause) {
    this.code = code
    this.message = message
    this.cause = cause
    this.tokens = []
  }
}

function unsupported(code, what) {
  return new LowerError(code, `cannot convert ${what}: expected JSON values, a Uint8Array or a Buffer`)
}

function lower(v, depth, code, base64) {
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v)
    case 'number':
      return Number.isFinite(v) ? '' + v : 'null'
    case 'boolean':
      return v ? 'true' : 'false'
    case 'object':
      return v === null ? 'null' : container(v, depth + 1, code, base64)
    case 'undefined':
      return 'null'
    default:
      throw unsupported(code, `a ${typeof v}`)
  }
}

function container(v, depth, code, base64) {
  if (depth > MAX_DEPTH) throw new LowerError('too_deep', `nesting deeper than ${MAX_DEPTH} levels (or a cycle)`)
  let at
  try {
    if (Array.isArray(v)) {
      let out = '['
      for (at = 0; at < v.length; at++) out += (at === 0 ? '' : ',') + lower(v[at], depth, code, base64)
      return out + ']'
    }
    if (ArrayBuffer.isView(v)) {
      const kind = v[Symbol.toStringTag]
      if (kind === 'Uint8Array') return '"' + base64(v) + '"'
      throw unsupported(code, `a ${kind || 'DataView'}`)
    }
    const keys = Object.keys(v)
    if (keys.length === 0) expectPlain(v, code)
    let out = '{'
    for (let i = 0; i < keys.length; i++) {
      at = keys[i]
      const item = v[at]
      if (item !== undefined) out += (out.length === 1 ? '' : ',') + JSON.stringify(at) + ':' + lower(item, depth, code, base64)
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

/** `new ConvertError` with the message the core formats (`code at path: message`). */
function convertError(code, path, message) {
  return new ConvertError(`${code}${path ? ' at ' + path : ''}: ${message}`, code, path)
}

/**
 * JSON text of a top-level argument; failures become a ConvertError with `code` (for
 * unsupported values) at their path. `base64(bytes)` encodes a Uint8Array.
 */
function lowerArgument(v, code, base64) {
  try {
    if (v === undefined) throw unsupported(code, 'undefined')
    return lower(v, 0, code, base64)
  } catch (e) {
    if (!(e instanceof LowerError)) throw e
    const error = convertError(e.code, pointer(e.tokens), e.message)
    if (e.cause !== undefined) error.cause = e.cause
    throw error
  }
}

module.exports = { ConvertError, convertError, lowerArgument }
