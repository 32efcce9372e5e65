// The wasm build for Cloudflare Workers (export condition `workerd`): the runtime and its
// bundlers (wrangler; esbuild with `--loader:.wasm=copy`) import a `.wasm` file as a compiled
// WebAssembly.Module, so everything is synchronous and `init()` is a no-op.
import wasm from './mcp_tool_result.wasm'
import api from '../api.js'
import glue from './backend.js'

const built = api.createApi(glue.wasmBackend(() => new WebAssembly.Instance(wasm, {}).exports, glue.webCodec))

export const {
  convert,
  convertJson,
  convertAsync,
  convertJsonAsync,
  toCopilot,
  extractImages,
  extractImagesJson,
  targetNames,
  ConvertError,
} = built
/** Which build this is (see index.d.ts). */
export const backend = 'wasm'
/** Nothing to wait for here: the module is imported compiled. */
export const init = () => Promise.resolve()
export default { ...built, backend, init }
