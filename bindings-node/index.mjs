// Public ES module entry point: the same module instance as the CommonJS one (its names: names.js).
export * from './index.js'
export { default } from './index.js'
