// The Deno test's program: imports the package by name (Deno resolves it through the `deno`
// condition), converts each request read from stdin and prints the answers as JSON, bytes as
// {"$bytes": base64}. Needs no permission.
import { backend, convert, ConvertError } from 'mcp-tool-result'

function bytesAsJson(key, value) {
  if (!(value instanceof Uint8Array)) return value
  let binary = ''
  for (let i = 0; i < value.length; i += 0x8000) binary += String.fromCharCode.apply(null, value.subarray(i, i + 0x8000))
  return { $bytes: btoa(binary) }
}

const requests = JSON.parse(await new Response(Deno.stdin.readable).text())
const answers = requests.map(({ target, options, body }) => {
  try {
    return { backend, conversion: convert(JSON.parse(body), target, options) }
  } catch (e) {
    if (!(e instanceof ConvertError)) throw e
    return { backend, error: { name: e.name, code: e.code, path: e.path } }
  }
})
console.log(JSON.stringify(answers, bytesAsJson))
