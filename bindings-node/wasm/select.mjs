// ES module entry in Node: the same module instance as select.cjs.
import api from './select.cjs'

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
