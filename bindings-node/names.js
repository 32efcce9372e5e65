'use strict'
// The names every entry of the package exports (besides `default`), written once. Each entry
// spreads this object first into its exports; Node reads the names of a CommonJS module imported
// from an ES module from its source (cjs-module-lexer follows the spread `require` of this file),
// so the `.mjs` entries are `export * from` their CommonJS module. test/entries.test.mjs checks
// every entry against this list.

exports.convert =
  exports.convertJson =
  exports.convertAsync =
  exports.convertJsonAsync =
  exports.toCopilot =
  exports.extractImages =
  exports.extractImagesJson =
  exports.targetNames =
  exports.ConvertError =
  exports.backend =
  exports.init =
    undefined
