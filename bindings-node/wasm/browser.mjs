// The wasm build for browsers and web workers (export conditions `browser` and `worker`). Browsers
// compile a module of this size only asynchronously on the main thread, so this build needs
// `await init()` once before the first call; `init(source)` takes a URL, a Response, the
// bytes or a compiled WebAssembly.Module, and defaults to the .wasm file next to this module
// (bundlers such as Vite, webpack and esbuild follow `new URL(..., import.meta.url)`).
import glue from './backend.js'

let ready = null
let loading = null

/** Compiles and instantiates the module once; later calls return the same promise. */
function init(source) {
  if (ready !== null) return Promise.resolve()
  if (loading === null) {
    loading = load(source ?? new URL('./mcp_tool_result.wasm', import.meta.url)).then(
      (instance) => {
        ready = instance
      },
      (e) => {
        loading = null
        throw e
      },
    )
  }
  return loading
}

async function load(source) {
  source = await source
  if (typeof source === 'string' || source instanceof URL || (typeof Request === 'function' && source instanceof Request)) {
    source = await fetch(source)
  }
  if (typeof Response === 'function' && source instanceof Response) {
    if (!source.ok) throw new Error(`mcp-tool-result: fetching the wasm module failed: HTTP ${source.status}`)
    source = await source.arrayBuffer()
  }
  const module = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(source)
  return { module, instance: await WebAssembly.instantiate(module, {}) }
}

function instantiate() {
  if (ready === null) {
    throw new Error('mcp-tool-result: call `await init()` once before converting (the browser build loads its wasm module asynchronously)')
  }
  const { instance } = ready
  if (instance !== null) {
    ready = { module: ready.module, instance: null }
    return instance.exports
  }
  return new WebAssembly.Instance(ready.module, {}).exports
}

glue.webHost.instantiate = instantiate
glue.webHost.init = init

export * from './web.cjs'
export { default } from './web.cjs'
