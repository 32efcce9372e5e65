// The conversion off the page's thread (fitting a large image takes a while): the package's
// browser build in a module worker. It posts `{targets}` once the module is loaded, then answers
// each `{id, text, target, options}` with `{id, conversion}` or `{id, failure: {code, path, message}}`.
import { convertJson, init, targetNames } from 'mcp-tool-result'

await init()
self.onmessage = ({ data: { id, text, target, options } }) => {
  try {
    self.postMessage({ id, conversion: convertJson(text, target, options) })
  } catch (e) {
    if (typeof e?.code !== 'string') throw e
    self.postMessage({ id, failure: { code: e.code, path: e.path, message: e.message } })
  }
}
self.postMessage({ targets: targetNames() })
