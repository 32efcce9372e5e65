'use strict'
// Public CommonJS entry point of the native build (index.mjs re-exports it; index.d.ts types
// it): the API of api.js over the napi-rs addon.

const { ConvertError, createApi } = require('./api.js')
const native = require('./binding.js')

native.registerConvertError(ConvertError)

module.exports = {
  ...createApi({
    maxDepth: native.MAX_DEPTH,
    convert: native.convertLowered,
    convertAsync: native.convertLoweredAsync,
    extract: native.extractLowered,
    targetNames: native.targetNames,
    jsonPointer: native.jsonPointer,
  }),
  __napiBindingTarget: native.__napiBindingTarget,
}
