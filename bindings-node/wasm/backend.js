'use strict'
// The wasm module as a backend of ../api.js (which holds the public functions, their
// arguments, defaults and errors for every build): JSON text is copied into the module's
// memory, converted by the core through bindings-wasm's ABI and the Conversion JSON parsed
// back; where the core reports bytes (`mtr_bytes_*`) the base64 text becomes a Uint8Array.
// Leaves of the lowered text (large strings; Uint8Arrays as base64) are copied into the module
// once each and stay out of the text; a leaf the core passed through unchanged comes back as
// its placeholder and is handed back as the very same JS string (`mtr_convert_leaves`,
// ../placeholders.js). Every rule lives in the core; this file only moves text.

const { ConvertError } = require('../api.js')
const { inline, restore } = require('../placeholders.js')

const encoder = new TextEncoder()
const decoder = new TextDecoder()
/**
 * The core's nesting limit, known before the module is loaded (a browser loads it later);
 * test/api.test.mjs checks it against the module's `mtr_max_depth()`.
 */
const MAX_DEPTH = 512

function convertError(code, path, message, cause) {
  const error = new ConvertError(`${code}${path ? ' at ' + path : ''}: ${message}`, code, path)
  if (cause !== undefined) error.cause = cause
  return error
}

function typeName(v) {
  if (v === null) return 'null'
  try {
    if (Array.isArray(v)) return 'an array'
  } catch {
    // Array.isArray throws on a revoked proxy.
  }
  return `a ${typeof v}`
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

  function read(ptr, len) {
    return decoder.decode(new Uint8Array(abi.memory.buffer, ptr, len))
  }

  /**
   * Calls `name` with the texts (strings or UTF-8 bytes) copied into one allocation and, with
   * `leaves`, the leaf table and the leaves after them; returns the parsed output with leaves
   * and bytes lifted.
   */
  function call(name, texts, leaves = null) {
    exports()
    const items = leaves === null ? texts : texts.concat(leaves)
    const table = leaves === null ? 0 : leaves.length * 8
    let capacity = table
    for (const item of items) capacity += typeof item === 'string' ? item.length * 3 : item.length
    const base = capacity === 0 ? 0 : abi.mtr_alloc(capacity)
    if (capacity !== 0 && base === 0) {
      throw convertError('internal_error', '', `the wasm module could not allocate ${capacity} bytes`)
    }
    let status
    try {
      const memory = new Uint8Array(abi.memory.buffer, base, capacity)
      const spans = new Array(items.length * 2)
      let at = table
      for (let i = 0; i < items.length; i++) {
        const item = items[i]
        let len = item.length
        if (typeof item === 'string') len = encoder.encodeInto(item, memory.subarray(at)).written
        else if (len !== 0) memory.set(item, at) // a view of a detached buffer is empty and cannot be read
        spans[2 * i] = base + at
        spans[2 * i + 1] = len
        at += len
      }
      const s = spans
      if (leaves === null) {
        status =
          s.length === 6
            ? abi[name](s[0], s[1], s[2], s[3], s[4], s[5])
            : s.length === 4
              ? abi[name](s[0], s[1], s[2], s[3])
              : abi[name](s[0], s[1])
      } else {
        const view = new DataView(abi.memory.buffer, base, table)
        for (let j = 0, k = 2 * texts.length; j < leaves.length; j++, k += 2) {
          view.setUint32(j * 8, s[k], true)
          view.setUint32(j * 8 + 4, s[k + 1], true)
        }
        status =
          texts.length === 3
            ? abi[name](s[0], s[1], s[2], s[3], s[4], s[5], base, leaves.length)
            : abi[name](s[0], s[1], s[2], s[3], base, leaves.length)
      }
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e
      abi = null
      throw convertError('internal_error', '', `the wasm module trapped: ${e.message}`, e)
    } finally {
      if (abi !== null && capacity !== 0) abi.mtr_free(base, capacity)
    }
    let out = JSON.parse(read(abi.mtr_out_ptr(), abi.mtr_out_len()))
    if (status !== 0) throw convertError(out.code, out.path, out.message)
    if (leaves !== null) out = restore(out, leaves)
    if (abi.mtr_bytes_len() > 2) for (const at of JSON.parse(read(abi.mtr_bytes_ptr(), abi.mtr_bytes_len()))) lift(out, at)
    return out
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
    // ArrayBuffer.isView, unlike instanceof, runs no proxy trap.
    if (typeof text !== 'string' && !(ArrayBuffer.isView(text) && text[Symbol.toStringTag] === 'Uint8Array')) {
      throw convertError('invalid_json', '', `the JSON text must be a string or a Uint8Array, not ${typeName(text)}`)
    }
  }

  /**
   * The leaves as strings for the module (a Uint8Array as its base64), or null when one is not
   * well-formed UTF-16: then `inline` writes them all into the text, where the core reports
   * the lone surrogates as it does for any string.
   */
  function leafTexts(leaves) {
    const out = leaves.map((leaf) => (typeof leaf === 'string' ? leaf : codec.encode(leaf)))
    return out.every((leaf) => leaf.isWellFormed()) ? out : null
  }

  /** Runs `plain` (a text without leaves) or `withLeaves` on the lowered text. */
  function dispatch(text, leaves, plain, withLeaves, rest) {
    checkText(text)
    if (leaves === null) return call(plain, [text, ...rest])
    const texts = leafTexts(leaves)
    if (texts === null) return call(plain, [inline(text, leaves, codec.encode), ...rest])
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
    jsonPointer(tokens) {
      return call('mtr_json_pointer', [JSON.stringify(tokens)])
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

/**
 * The host of the Web builds (web.cjs): `{instantiate() -> the module's exports, init(source?)}`,
 * handed in by the entry loaded (workerd.mjs, deno.mjs or browser.mjs; one per bundle or runtime).
 */
const webHost = { instantiate: null, init: null }

module.exports = { MAX_DEPTH, wasmBackend, webCodec, webHost }
