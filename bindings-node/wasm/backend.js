'use strict'
// The wasm module as a backend of ../api.js (which holds the public functions, their
// arguments, defaults and errors for every build): JSON text is copied into the module's
// memory, converted by the core through bindings-wasm's ABI and the Conversion JSON parsed
// back; where the core reports bytes (`mtr_bytes_*`) the base64 text becomes a Uint8Array.
// Leaves of the lowered text (large strings; Uint8Arrays as base64) are copied into the module
// once each and stay out of the text; a leaf the core passed through unchanged comes back as
// its placeholder and is handed back as the very same JS string (`mtr_convert_leaves`). Every
// rule lives in the core; this file only moves text.

const { ConvertError } = require('../api.js')

const encoder = new TextEncoder()
const decoder = new TextDecoder()
const NONE = [0, 0, 0]
/**
 * The core's nesting limit, known before the module is loaded (a browser loads it later);
 * test/api.test.mjs checks it against the module's `mtr_max_depth()`.
 */
const MAX_DEPTH = 512
/** Every JSON string token of a text (outside strings a JSON text has no quotes). */
const STRING_TOKEN = /"(?:[^"\\]|\\.)*"/g
const PLACEHOLDER = /^"\\u0000(\d+)"$/

function convertError(code, path, message, cause) {
  const error = new ConvertError(`${code}${path ? ' at ' + path : ''}: ${message}`, code, path)
  if (cause !== undefined) error.cause = cause
  return error
}

function typeName(v) {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`
}

/**
 * The backend over new instances from `instantiate()` (which may throw, e.g. before a
 * browser's `init()`); `codec` is `{encode(Uint8Array) -> string, decode(string) -> Uint8Array}`
 * for base64. An instance that trapped is dropped and the next call makes a new one.
 */
function wasmBackend(instantiate, codec) {
  let abi = null

  function exports() {
    if (abi === null) abi = instantiate()
    return abi
  }

  /** Copies a text (string or UTF-8 bytes) into the module: `[ptr, len, capacity]`. */
  function put(text) {
    if (text.length === 0) return NONE
    const capacity = typeof text === 'string' ? text.length * 3 : text.length
    const ptr = abi.mtr_alloc(capacity)
    if (ptr === 0) throw convertError('internal_error', '', `the wasm module could not allocate ${capacity} bytes`)
    const into = new Uint8Array(abi.memory.buffer, ptr, capacity)
    if (typeof text !== 'string') {
      into.set(text)
      return [ptr, capacity, capacity]
    }
    return [ptr, encoder.encodeInto(text, into).written, capacity]
  }

  function read(ptr, len) {
    return decoder.decode(new Uint8Array(abi.memory.buffer, ptr, len))
  }

  /**
   * Calls `name` with the texts copied in (and, with `leaves`, their table appended to the
   * arguments); returns the parsed output with leaves and bytes lifted.
   */
  function call(name, texts, leaves = null) {
    exports()
    const args = []
    let status
    try {
      for (const text of texts) args.push(put(text))
      const flat = args.flatMap(([ptr, len]) => [ptr, len])
      if (leaves !== null) flat.push(...putLeaves(leaves, args))
      status = abi[name](...flat)
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e
      abi = null
      throw convertError('internal_error', '', `the wasm module trapped: ${e.message}`, e)
    } finally {
      if (abi !== null) for (const [ptr, , capacity] of args) abi.mtr_free(ptr, capacity)
    }
    let out = JSON.parse(read(abi.mtr_out_ptr(), abi.mtr_out_len()))
    if (status !== 0) throw convertError(out.code, out.path, out.message)
    if (leaves !== null) out = restore(out, leaves)
    if (abi.mtr_bytes_len() > 2) for (const at of JSON.parse(read(abi.mtr_bytes_ptr(), abi.mtr_bytes_len()))) lift(out, at)
    return out
  }

  /** Copies each leaf into the module (recorded in `args` for freeing) and returns `[table, count]`. */
  function putLeaves(leaves, args) {
    const table = [abi.mtr_alloc(leaves.length * 8), leaves.length * 8, leaves.length * 8]
    if (table[0] === 0) throw convertError('internal_error', '', 'the wasm module could not allocate the leaf table')
    args.push(table)
    const entries = leaves.map((leaf) => {
      const copied = put(leaf)
      args.push(copied)
      return copied
    })
    const view = new DataView(abi.memory.buffer, table[0], table[1])
    entries.forEach(([ptr, len], i) => {
      view.setUint32(i * 8, ptr, true)
      view.setUint32(i * 8 + 4, len, true)
    })
    return [table[0], leaves.length]
  }

  /** The output with each placeholder replaced by its leaf (and `"\0\0…"` by `"\0…"`). */
  function restore(value, leaves) {
    if (typeof value === 'string') {
      if (value.charCodeAt(0) !== 0) return value
      return value.charCodeAt(1) === 0 ? value.slice(1) : leaves[Number(value.slice(1))]
    }
    if (value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = restore(value[i], leaves)
    } else {
      for (const key of Object.keys(value)) value[key] = restore(value[key], leaves)
    }
    return value
  }

  /** Replaces the base64 string at JSON Pointer `at` in `root` by its bytes. */
  function lift(root, at) {
    const tokens = at.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    let parent = root
    for (let i = 0; i < tokens.length - 1; i++) parent = parent[tokens[i]]
    const key = tokens[tokens.length - 1]
    parent[key] = codec.decode(parent[key])
  }

  function checkText(text) {
    if (typeof text !== 'string' && !(text instanceof Uint8Array)) {
      throw convertError('invalid_json', '', `the JSON text must be a string or a Uint8Array, not ${typeName(text)}`)
    }
  }

  /**
   * The leaves as strings for the module (a Uint8Array as its base64), or null when one is not
   * well-formed UTF-16: then `complete` writes them all into the text, where the core reports
   * the lone surrogates as it does for any string.
   */
  function leafTexts(leaves) {
    const out = leaves.map((leaf) => (typeof leaf === 'string' ? leaf : codec.encode(leaf)))
    return out.every((leaf) => leaf.isWellFormed()) ? out : null
  }

  /** The text with each leaf placeholder replaced by the leaf's JSON. */
  function complete(text, leaves) {
    return text.replace(STRING_TOKEN, (token) => {
      const placeholder = PLACEHOLDER.exec(token)
      if (placeholder === null) return token
      const leaf = leaves[Number(placeholder[1])]
      return typeof leaf === 'string' ? JSON.stringify(leaf) : '"' + codec.encode(leaf) + '"'
    })
  }

  /** Runs `plain` (a text without leaves) or `withLeaves` on the lowered text. */
  function dispatch(text, leaves, plain, withLeaves, rest) {
    checkText(text)
    if (leaves === null) return call(plain, [text, ...rest])
    const texts = leafTexts(leaves)
    if (texts === null) return call(plain, [complete(text, leaves), ...rest])
    return call(withLeaves, [text, ...rest], texts)
  }

  return {
    maxDepth: MAX_DEPTH,
    convert(text, leaves, target, options, outputOnly) {
      if (typeof target !== 'string') {
        throw convertError('unsupported_target', '', `the target must be a string, not ${typeName(target)}`)
      }
      const conversion = dispatch(text, leaves, 'mtr_convert', 'mtr_convert_leaves', [target, options])
      return outputOnly ? conversion.output : conversion
    },
    extract(text, leaves, options) {
      return dispatch(text, leaves, 'mtr_extract_images', 'mtr_extract_images_leaves', [options])
    },
    targetNames() {
      exports().mtr_target_names()
      return JSON.parse(read(abi.mtr_out_ptr(), abi.mtr_out_len()))
    },
  }
}

/** Base64 with the Web platform's atob/btoa (Workers, browsers, Deno). */
const webCodec = {
  encode(bytes) {
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000))
    }
    return btoa(binary)
  },
  decode(text) {
    const binary = atob(text)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  },
}

module.exports = { MAX_DEPTH, wasmBackend, webCodec }
