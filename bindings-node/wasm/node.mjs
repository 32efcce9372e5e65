// ES module entry of the wasm build in Node: the same module instance as node.cjs.
import api from './node.cjs'

export const { convert, convertJson, toCopilot, extractImages, extractImagesJson, ConvertError, backend, init } = api
export default api
