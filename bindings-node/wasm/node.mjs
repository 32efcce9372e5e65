// ES module entry of the wasm build in Node: the same module instance as node.cjs.
import api from './node.cjs'

export const {
  convert,
  convertJson,
  convertAsync,
  convertJsonAsync,
  toCopilot,
  extractImages,
  extractImagesJson,
  targetNames,
  ConvertError,
  backend,
  init,
} = api
export default api
