// The wasm build for Deno (export condition `deno`): a source phase import gives the compiled
// WebAssembly.Module synchronously and needs no permission, so `init()` is a no-op here.
import source wasm from './mcp_tool_result.wasm'
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
