// Type-checked by `make lint`: the package entry, resolved by name through the exports map,
// types the same API for every build plus `backend` and `init`.
import { backend, convert, ConvertError, init, toCopilot } from 'mcp-tool-result'
import * as forced from 'mcp-tool-result/wasm'

await init()
const which: 'native' | 'wasm' = backend
const conversion = convert({ content: [{ type: 'text', text: 'hi' }] }, 'bedrock', { toolCallId: 't1' })
const status: 'success' | 'error' = conversion.output.toolResult.status
const text: string = toCopilot({ content: [] }).textResultForLlm
const error: typeof ConvertError = forced.ConvertError
export { error, status, text, which }
