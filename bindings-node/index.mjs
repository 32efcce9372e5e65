// Public ES module entry point: the same module instance as the CommonJS one.
import binding from './index.js'

export const { convert, toCopilot, extractImages, convertJson, targetNames, ConvertError, __napiBindingTarget } =
  binding
export default binding
