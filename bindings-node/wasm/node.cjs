'use strict'
// The wasm build in Node (`require('mcp-tool-result/wasm')`, and the package's fallback where
// no native addon loads): the API of ../api.js over the module, read and compiled
// synchronously on first use.

const { readFileSync } = require('node:fs')
const { join } = require('node:path')
const { createApi } = require('../api.js')
const { wasmBackend } = require('./backend.js')

let compiled = null

function instantiate() {
  if (compiled === null) compiled = new WebAssembly.Module(readFileSync(join(__dirname, 'mcp_tool_result.wasm')))
  return new WebAssembly.Instance(compiled, {}).exports
}

const nodeCodec = {
  // A view of a detached buffer is empty (Buffer.from would throw on its buffer).
  encode: (bytes) => (bytes.byteLength === 0 ? '' : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')),
  // A Buffer, as the native addon gives; unpooled, so `.buffer` holds these bytes only.
  decode: (text) => {
    const buffer = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'base64'))
    buffer.write(text, 'base64')
    return buffer
  },
}

module.exports = {
  ...require('../names.js'),
  ...createApi(wasmBackend(instantiate, nodeCodec)),
  /** Which build this is (see ../index.d.ts). */
  backend: 'wasm',
  /** Nothing to wait for in Node: the module loads synchronously. */
  init: () => Promise.resolve(),
}
