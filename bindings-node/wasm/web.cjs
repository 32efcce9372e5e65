'use strict'
// The wasm build on the Web platform (Cloudflare Workers, Deno, browsers): the API of ../api.js
// over the module of the host that the entry loaded (workerd.mjs, deno.mjs or browser.mjs) put
// in `webHost`; those entries re-export this module, under the names of ../names.js.

const { createApi } = require('../api.js')
const { wasmBackend, webCodec, webHost } = require('./backend.js')

module.exports = {
  ...require('../names.js'),
  ...createApi(wasmBackend(() => webHost.instantiate(), webCodec)),
  /** Which build this is (see ../index.d.ts). */
  backend: 'wasm',
  /** See ../index.d.ts: what the host needs before the first call. */
  init: (source) => webHost.init(source),
}
