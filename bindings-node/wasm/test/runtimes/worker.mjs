// The worker of the Workers runtime test: imports the package by name (the bundler resolves it
// through the `workerd` condition), converts the POSTed tool result for `?target=`, and answers
// with the build it got and the Conversion (bytes as {"$bytes": base64}), or the error.
import { backend, convert, ConvertError } from 'mcp-tool-result'

function bytesAsJson(key, value) {
  if (!(value instanceof Uint8Array)) return value
  let binary = ''
  for (let i = 0; i < value.length; i += 0x8000) binary += String.fromCharCode.apply(null, value.subarray(i, i + 0x8000))
  return { $bytes: btoa(binary) }
}

export default {
  async fetch(request) {
    const url = new URL(request.url)
    const options = url.searchParams.has('options') ? JSON.parse(url.searchParams.get('options')) : undefined
    const result = await request.json()
    let body
    try {
      body = { backend, conversion: convert(result, url.searchParams.get('target'), options) }
    } catch (e) {
      if (!(e instanceof ConvertError)) throw e
      body = { backend, error: { name: e.name, code: e.code, path: e.path } }
    }
    return new Response(JSON.stringify(body, bytesAsJson), { headers: { 'content-type': 'application/json' } })
  },
}
