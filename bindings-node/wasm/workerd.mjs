// The wasm build for Cloudflare Workers (export conditions `workerd` and `worker`): the runtime
// and its bundlers (wrangler; esbuild with `--loader:.wasm=copy`) import a `.wasm` file as a
// compiled WebAssembly.Module, so everything is synchronous and `init()` is a no-op.
import wasm from './mcp_tool_result.wasm'
import glue from './api.js'

const api = glue.createApi(() => new WebAssembly.Instance(wasm, {}).exports, glue.webCodec, () => Promise.resolve())

export const { convert, convertJson, toCopilot, extractImages, extractImagesJson, ConvertError, backend, init } = api
export default api
