// Public ES module entry point: the same module instance as the CommonJS one.
import binding from './index.js'

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
  __napiBindingTarget,
} = binding
export default binding
