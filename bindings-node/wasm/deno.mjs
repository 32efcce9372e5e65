// The wasm build for Deno (export condition `deno`): a source phase import gives the compiled
// WebAssembly.Module synchronously and needs no permission, so `init()` is a no-op here.
import source wasm from './mcp_tool_result.wasm'
import glue from './backend.js'

glue.webHost.instantiate = () => new WebAssembly.Instance(wasm, {}).exports
glue.webHost.init = () => Promise.resolve()

export * from './web.cjs'
export { default } from './web.cjs'
