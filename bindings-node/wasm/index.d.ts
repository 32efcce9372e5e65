// Types of the package entry for every host: the API of ../index.d.ts (the same for the native
// addon and the wasm build) plus which build was loaded and the browser loader.
export * from '../index.js'

/**
 * Which build this import loaded: `'native'` (the Node-API addon) or `'wasm'` (the WebAssembly
 * module: Workers, browsers, Deno, and Node on a platform without a prebuilt addon).
 */
export declare const backend: 'native' | 'wasm'

/** What `init` loads the module from: a URL (string or `URL`), a `Response`, its bytes or a compiled `WebAssembly.Module`. */
export type WasmSource = string | ArrayBuffer | ArrayBufferView | object

/**
 * Loads the WebAssembly module. Needed once, before the first call, in browsers and Deno (the
 * `browser`, `deno` and `worker` builds; `source` defaults to the `.wasm` file next to the
 * module); resolves at once everywhere else (Node, Cloudflare Workers), so portable code may
 * always `await init()`.
 */
export declare function init(source?: WasmSource | PromiseLike<WasmSource>): Promise<void>
