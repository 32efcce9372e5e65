'use strict'
// The wasm build in Node (`require('mcp-tool-result/wasm')`, and the package's fallback where
// no native addon loads): the module file is read and compiled synchronously on first use.

const { readFileSync } = require('node:fs')
const { join } = require('node:path')
const { createApi } = require('./api.js')

let module_ = null

function instantiate() {
  if (module_ === null) module_ = new WebAssembly.Module(readFileSync(join(__dirname, 'mcp_tool_result.wasm')))
  return new WebAssembly.Instance(module_, {}).exports
}

const nodeCodec = {
  encode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  decode: (text) => {
    const buffer = Buffer.from(text, 'base64')
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  },
}

module.exports = createApi(instantiate, nodeCodec, () => Promise.resolve())
