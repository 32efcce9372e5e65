// ES module entry of the wasm build in Node: the same module instance as node.cjs (its names: ../names.js).
export * from './node.cjs'
export { default } from './node.cjs'
