// The browser test's page: imports the package by name (bundled for the `browser` condition),
// checks that a call before init() fails, awaits init() (the .wasm next to the bundle) and
// writes what it got into the document as JSON (bytes as base64) for the test to read.
import { backend, convert, init, toCopilot } from 'mcp-tool-result'

let before = null
try {
  toCopilot({ content: [] })
} catch (e) {
  before = e.message
}
await init()
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const result = convert({ content: [{ type: 'text', text: 'hi' }, { type: 'image', data: png, mimeType: 'image/png' }] }, 'bedrock', { toolCallId: 't1' })
const block = result.output.toolResult.content[1].image.source
const bytesType = block.bytes.constructor.name
block.bytes = btoa(String.fromCharCode(...block.bytes))
document.body.textContent = JSON.stringify({ backend, before, bytesType, result })
