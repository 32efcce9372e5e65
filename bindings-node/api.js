'use strict'
// The public API of the package over a backend: the one place of the JS-side surface, so that
// the native addon (index.js) and any other build of the core serve the same functions,
// arguments, defaults and errors, and index.d.ts types them all.
//
// A value (what `client.callTool()` returns, or any value given to extractImages) is walked
// here into JSON text: one string crosses into the backend instead of several Node-API calls
// per key and value (2 to 3 times faster in our measurements). Strings of HOST_MIN characters
// or more, strings starting with U+0000 and every Uint8Array/Buffer do not go into the text:
// they travel as "leaves" in a side array and the text holds the placeholder string
// "\u0000<index>" (a leaf string stands for itself, a Uint8Array for its base64 text). The
// native addon reads leaves directly and hands a string leaf that the core passed through
// unchanged back as the very same JS string: no copy either way.
//
// A backend has:
//   maxDepth                                        the core's deepest nesting
//   convert(text, leaves, target, options, outputOnly)  the Conversion (or its output) as JS values
//   convertAsync(text, leaves, target, options, outputOnly)  optional: the same as a Promise, the
//                                                   arguments read before it returns and the core
//                                                   run off the calling thread (the native addon);
//                                                   without it the async form calls `convert`
//   extract(text, leaves, options)                  the Extraction as JS values
//   targetNames()                                   the core's targets
//   jsonPointer(tokens)                             the core's JSON Pointer of `tokens` (strings:
//                                                   keys, indices in decimal), outermost first
// where `text` is JSON text (a string; for convertJson and extractImagesJson also a Uint8Array
// of UTF-8, passed as given), `leaves` an array or null (the text is the caller's own JSON),
// `options` the options as JSON text, and `target` the caller's argument as given. Payloads the
// core gives as bytes come back as Uint8Arrays. A backend throws ConvertErrors.
//
// Every rule lives in the Rust core; this file only maps JS values to JSON and sets this
// binding's defaults: `host: "node"` and `payload: "sdk"` (payloads typed as bytes by the Node
// SDK of the target come back as Uint8Arrays), both overridable.

/** Thrown by every function of this package: `code` (stable, snake_case) and `path` (JSON Pointer). */
class ConvertError extends Error {
  constructor(message, code, path) {
    super(message)
    this.code = code
    this.path = path
  }
}
Object.defineProperty(ConvertError.prototype, 'name', { value: 'ConvertError', writable: true, configurable: true })

const HOST_MIN = 1024
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/
/** Options placed before the caller's: a later duplicate key wins in the core. */
const CONVERT_DEFAULTS = '"host":"node","payload":"sdk"'
/** The options text of each `defaults` when the caller gives none (one string: backends may key caches on it). */
const DEFAULT_OPTIONS = new Map([CONVERT_DEFAULTS, ''].map((defaults) => [defaults, '{' + defaults + '}']))
const quotedKeys = new Map()

/** A lowering failure on its way up: each container adds its key or index to `tokens` (innermost first). */
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

/** `k` quoted and followed by `:` (`[0]`), the same after a comma (`[1]`). */
function quoteKey(k) {
  let quoted = quotedKeys.get(k)
  if (quoted === undefined) {
    const member = quote(k) + ':'
    quoted = [member, ',' + member]
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

/** Walks JS values into JSON text (follows JSON.stringify: own enumerable keys, undefined properties left out). */
class Lowering {
  constructor(maxDepth, code) {
    this.maxDepth = maxDepth
    this.code = code
    this.leaves = []
  }

  value(v, depth) {
    switch (typeof v) {
      case 'string':
        return v.length >= HOST_MIN || v.charCodeAt(0) === 0 ? leaf(v, this.leaves) : quote(v)
      case 'number':
        return Number.isFinite(v) ? '' + v : 'null'
      case 'boolean':
        return v ? 'true' : 'false'
      case 'object':
        return v === null ? 'null' : this.container(v, depth + 1)
      case 'undefined':
        return 'null'
      default:
        throw unsupported(this.code, `a ${typeof v}`)
    }
  }

  container(v, depth) {
    if (depth > this.maxDepth) {
      throw new LowerError('too_deep', `nesting deeper than ${this.maxDepth} levels (or a cycle)`)
    }
    let at
    try {
      if (Array.isArray(v)) {
        const length = v.length
        let out = '['
        for (at = 0; at < length; at++) {
          out += at === 0 ? this.value(v[at], depth) : ',' + this.value(v[at], depth)
        }
        return out + ']'
      }
      if (ArrayBuffer.isView(v)) {
        const kind = v[Symbol.toStringTag]
        if (kind === 'Uint8Array') return leaf(v, this.leaves)
        throw unsupported(this.code, `a ${kind || 'DataView'}`)
      }
      const keys = Object.keys(v)
      if (keys.length === 0) this.expectPlain(v)
      let out = '{'
      for (let i = 0; i < keys.length; i++) {
        at = keys[i]
        const item = v[at]
        if (item !== undefined) out += quoteKey(at)[out.length === 1 ? 0 : 1] + this.value(item, depth)
      }
      return out + '}'
    } catch (e) {
      const failure = e instanceof LowerError ? e : new LowerError(this.code, `reading the input threw: ${describe(e)}`, e)
      if (at !== undefined) failure.tokens.push(String(at))
      throw failure
    }
  }

  /** An object without own enumerable keys must be a plain `{}`: a Map, Date or class instance would lose its data. */
  expectPlain(v) {
    const proto = Object.getPrototypeOf(v)
    if (proto === null || proto === Object.prototype) return
    const name = typeof proto.constructor === 'function' ? proto.constructor.name : ''
    if (name === 'Object') return
    if (name === 'Promise') throw unsupported(this.code, 'a Promise (await it first)')
    throw unsupported(this.code, name ? `an instance of ${name}` : 'an object of an unnamed class')
  }
}

function describe(e) {
  try {
    return String(e)
  } catch {
    return 'a value that cannot be converted to a string'
  }
}

function convertError(code, path, message, cause) {
  const error = new ConvertError(`${code}${path ? ' at ' + path : ''}: ${message}`, code, path)
  if (cause !== undefined) error.cause = cause
  return error
}

/** `{text, leaves}` of a top-level argument, or a ConvertError (its path from `jsonPointer`). */
function lowerArgument(v, maxDepth, jsonPointer, code) {
  const lowering = new Lowering(maxDepth, code)
  try {
    if (v === undefined) throw unsupported(code, 'undefined')
    const text = lowering.value(v, 0)
    return { text, leaves: lowering.leaves.length === 0 ? null : lowering.leaves }
  } catch (e) {
    if (!(e instanceof LowerError)) throw e
    throw convertError(e.code, jsonPointer(e.tokens.reverse()), e.message, e.cause)
  }
}

/** Builds the public functions over `backend` (see the top of this file). */
function createApi(backend) {
  const { maxDepth, jsonPointer } = backend

  /** The options as JSON text, after `defaults` (JSON members) when the caller gave an object. */
  function optionsText(options, defaults) {
    if (options === undefined || options === null) return DEFAULT_OPTIONS.get(defaults)
    const { text } = lowerArgument(options, maxDepth, jsonPointer, 'invalid_option')
    if (text === '{}') return DEFAULT_OPTIONS.get(defaults)
    if (text[0] !== '{' || defaults === '') return text
    return '{' + defaults + ',' + text.slice(1)
  }

  /** `{text, leaves}` of a value argument; a Uint8Array there is refused: JSON text goes to the *Json functions. */
  function valueArgument(value, jsonFunction) {
    if (ArrayBuffer.isView(value)) {
      const what = value[Symbol.toStringTag] || 'DataView'
      throw convertError('unsupported_value', '', `a ${what} is not a value (JSON text goes to ${jsonFunction})`)
    }
    return lowerArgument(value, maxDepth, jsonPointer, 'unsupported_value')
  }

  /** The backend's `convertAsync`, or its `convert` run now (on the calling thread). */
  const convertLater =
    backend.convertAsync ?? ((text, leaves, target, options, outputOnly) => backend.convert(text, leaves, target, options, outputOnly))

  function convertValue(value, target, options, outputOnly) {
    const opts = optionsText(options, CONVERT_DEFAULTS)
    const { text, leaves } = valueArgument(value, 'convertJson')
    return backend.convert(text, leaves, target, opts, outputOnly)
  }

  return {
    /** See index.d.ts. A string is a string value, never JSON text. */
    convert(value, target, options) {
      return convertValue(value, target, options, false)
    },
    /** See index.d.ts. */
    convertJson(text, target, options) {
      return backend.convert(text, null, target, optionsText(options, CONVERT_DEFAULTS), false)
    },
    /** See index.d.ts. The value and the options are read before this returns; errors reject. */
    async convertAsync(value, target, options) {
      const opts = optionsText(options, CONVERT_DEFAULTS)
      const { text, leaves } = valueArgument(value, 'convertJsonAsync')
      return convertLater(text, leaves, target, opts, false)
    },
    /** See index.d.ts. The text is read before this returns; errors reject. */
    async convertJsonAsync(text, target, options) {
      return convertLater(text, null, target, optionsText(options, CONVERT_DEFAULTS), false)
    },
    /** See index.d.ts. */
    toCopilot(value, options) {
      return convertValue(value, 'copilot', options, true)
    },
    /** See index.d.ts. */
    extractImages(value, options) {
      const opts = optionsText(options, '')
      const { text, leaves } = valueArgument(value, 'extractImagesJson')
      return backend.extract(text, leaves, opts)
    },
    /** See index.d.ts. */
    extractImagesJson(text, options) {
      return backend.extract(text, null, optionsText(options, ''))
    },
    /** See index.d.ts. */
    targetNames() {
      return backend.targetNames()
    },
    ConvertError,
  }
}

module.exports = { ConvertError, createApi }
