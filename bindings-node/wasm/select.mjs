// ES module entry in Node: the same module instance as select.cjs (its names: ../names.js).
export * from './select.cjs'
export { default } from './select.cjs'
