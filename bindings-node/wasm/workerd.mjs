// The wasm build for Cloudflare Workers (export condition `workerd`): the runtime and its
// bundlers (wrangler; esbuild with `--loader:.wasm=copy`) import a `.wasm` file as a compiled
// WebAssembly.Module, so everything is synchronous and `init()` is a no-op.
import wasm from './mcp_tool_result.wasm'
import glue from './backend.js'

glue.webHost.instantiate = () => new WebAssembly.Instance(wasm, {}).exports
glue.webHost.init = () => Promise.resolve()

export * from './web.cjs'
export { default } from './web.cjs'
