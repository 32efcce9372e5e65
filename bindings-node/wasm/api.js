'use strict'
// The package's API over the wasm module: JS values are lowered to JSON text (lower.js),
// copied into the module's memory, converted by the core (bindings-wasm's ABI, see
// /bindings-wasm/src/abi.rs) and the Conversion JSON is parsed back. Where the core marks a
// value as bytes (`mtr_bytes_*`), the base64 text there becomes a Uint8Array. Every rule lives
// in the core; this file only moves text and maps errors.

const { ConvertError, convertError, lowerArgument } = require('./lower.js')

const encoder = new TextEncoder()
const decoder = new TextDecoder()
const NONE = [0, 0, 0]

/**
 * The public API over a wasm instance. `instantiate()` returns the exports of a new instance
 * (or throws, e.g. before a browser's `init()`); `codec` is `{encode(Uint8Array) -> string,
 * decode(string) -> Uint8Array}` for base64; `init` is the host's loader (a no-op promise
 * where the module loads synchronously).
 */
function createApi(instantiate, codec, init) {
  let abi = null

  /** Copies `text` into the module: `[ptr, len, capacity]` (capacity is what mtr_free needs). */
  function put(text) {
    if (text === '') return NONE
    const capacity = text.length * 3
    const ptr = abi.mtr_alloc(capacity)
    if (ptr === 0) throw convertError('internal_error', '', `the wasm module could not allocate ${capacity} bytes`)
    const { written } = encoder.encodeInto(text, new Uint8Array(abi.memory.buffer, ptr, capacity))
    return [ptr, written, capacity]
  }

  function read(ptr, len) {
    return decoder.decode(new Uint8Array(abi.memory.buffer, ptr, len))
  }

  /** Runs `call(...args)` on the module with each text copied in; returns the parsed output. */
  function run(name, texts) {
    if (abi === null) abi = instantiate()
    const args = []
    let status
    try {
      for (const text of texts) args.push(put(text))
      status = abi[name](...args.flatMap(([ptr, len]) => [ptr, len]))
    } catch (e) {
      // A trap leaves the instance in an unknown state: the next call makes a new one.
      if (e instanceof WebAssembly.RuntimeError) {
        abi = null
        const error = convertError('internal_error', '', `the wasm module trapped: ${e.message}`)
        error.cause = e
        throw error
      }
      throw e
    } finally {
      if (abi !== null) for (const [ptr, , capacity] of args) abi.mtr_free(ptr, capacity)
    }
    const out = JSON.parse(read(abi.mtr_out_ptr(), abi.mtr_out_len()))
    if (status !== 0) throw convertError(out.code, out.path, out.message)
    const bytes = abi.mtr_bytes_len() === 2 ? [] : JSON.parse(read(abi.mtr_bytes_ptr(), abi.mtr_bytes_len()))
    for (const at of bytes) liftBytes(out, at)
    return out
  }

  /** Replaces the base64 string at JSON Pointer `at` in `root` by its bytes. */
  function liftBytes(root, at) {
    const tokens = at.split('/').slice(1)
    let parent = root
    for (let i = 0; i < tokens.length - 1; i++) parent = parent[unescape(tokens[i])]
    const key = unescape(tokens[tokens.length - 1])
    parent[key] = codec.decode(parent[key])
  }

  function lowerValue(value) {
    return lowerArgument(value, 'unsupported_value', codec.encode)
  }

  function lowerOptions(options) {
    return options === undefined || options === null ? '' : lowerArgument(options, 'invalid_option', codec.encode)
  }

  function jsonText(text) {
    if (typeof text !== 'string') {
      throw convertError('invalid_json', '', `the JSON text must be a string, not ${typeName(text)}`)
    }
    return text
  }

  function targetName(target) {
    if (typeof target !== 'string') {
      throw convertError('unsupported_target', '', `the target must be a string, not ${typeName(target)}`)
    }
    return target
  }

  return {
    /** See index.d.ts. */
    convert(value, target, options) {
      return run('mtr_convert', [lowerValue(value), targetName(target), lowerOptions(options)])
    },
    /** See index.d.ts. */
    convertJson(text, target, options) {
      return run('mtr_convert', [jsonText(text), targetName(target), lowerOptions(options)])
    },
    /** See index.d.ts. */
    toCopilot(value, options) {
      return run('mtr_convert', [lowerValue(value), 'copilot', lowerOptions(options)]).output
    },
    /** See index.d.ts. */
    extractImages(value, options) {
      return run('mtr_extract_images', [lowerValue(value), lowerOptions(options)])
    },
    /** See index.d.ts. */
    extractImagesJson(text, options) {
      return run('mtr_extract_images', [jsonText(text), lowerOptions(options)])
    },
    ConvertError,
    /** Which build this is: always `'wasm'` here. */
    backend: 'wasm',
    init,
  }
}

function unescape(token) {
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

function typeName(v) {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`
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

module.exports = { createApi, webCodec }
