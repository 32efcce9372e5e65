// Type-checked by test/install.test.mjs against the installed package: the types must be
// precise enough for real use with the MCP and Copilot SDKs (lines marked @ts-expect-error
// must stay errors).
import type { ToolResultObject } from '@github/copilot-sdk'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  ConvertError,
  convert,
  convertAsync,
  convertJson,
  convertJsonAsync,
  extractImages,
  extractImagesJson,
  targetNames,
  toCopilot,
} from 'mcp-tool-result'
import type { ConvertOptions, Diagnostic, McpCallToolResult, Target } from 'mcp-tool-result'

declare const fromClient: CallToolResult

// What toCopilot returns is a Copilot ToolResultObject, as is the output of convert(…, 'copilot').
export const forCopilot: ToolResultObject = toCopilot(fromClient)
export const viaConvert: ToolResultObject = convert(fromClient, 'copilot', { strict: true }).output
export const lenient: ToolResultObject = toCopilot(fromClient, { validateBase64: false })
// JSON text (a string, or UTF-8 bytes) goes to the *Json doors, with the same results.
export const fromText: ToolResultObject = convertJson('{"content":[]}', 'copilot', { strict: true }).output
export const fromBytes: McpCallToolResult = convertJson(new TextEncoder().encode('{"content":[]}'), 'mcp').output
export const imagesFromText: string[] = extractImagesJson(Buffer.from('[]')).images.map((image) => image.path)

// The mcp target is a normalized CallToolResult.
const normalized: McpCallToolResult = convert(fromClient, 'mcp', { binary: 'marker' }).output
export const audience: ('user' | 'assistant')[] | undefined = normalized.content[0]?.annotations?.audience
const first = normalized.content[0]
export const mime: string | undefined = first?.type === 'image' ? first.mimeType : undefined

export const diagnostics: Diagnostic[] = convert({ content: [] }, 'copilot').diagnostics ?? []
export const codes: string[] = diagnostics.map((d) => `${d.code} ${d.path} ${d.message}`)
// With estimateTokens: true the Conversion has `tokens`; without it, `tokens` may be absent.
export const billed: number = convert(fromClient, 'anthropic', { model: 'claude-opus-4-7', estimateTokens: true }).tokens.total
export const unknownCost: (number | null)[] = (convert(fromClient, 'gemini', { estimateTokens: true }).tokens.items).map((i) => i.tokens)
// What a cap, maxTokens or a text cut kept from the model, by the handle its marker shows.
export const handles: string[] = (convert(fromClient, 'anthropic', { maxTokens: 100 }).omitted ?? []).map((o) => `${o.handle} ${o.kind} ${o.bytes}`)
export const targets: Target[] = targetNames()
export const options: ConvertOptions = { strict: false, toolCallId: 'call_1', maxImages: 3, structuredContent: 'prefer' }
export const generic = (target: Target) => convert(fromClient, target).output

// Provider targets are typed too; images found anywhere in a value.
export const anthropicIsError: boolean = convert(fromClient, 'anthropic', { toolCallId: 'toolu_1' }).output.is_error
export const chatAttachments = convert(fromClient, 'openai-chat').attachments ?? []
export const firstPart: string = chatAttachments[0]?.type ?? ''
export const plain: string = convert(fromClient, 'text').output
const found = extractImages({ results: [fromClient] }, { maxImages: 5 })
export const imagePaths: string[] = found.images.map((image) => `${image.path} ${image.mimeType} ${image.data.length}`)
export const foundText: string = found.text

// The async forms resolve to what the sync forms return, typed the same way.
export const later: Promise<string> = convertAsync(fromClient, 'anthropic', { toolCallId: 'toolu_1' }).then((c) => c.output.tool_use_id)
export const laterText: Promise<ToolResultObject> = convertJsonAsync('{"content":[]}', 'copilot').then((c) => c.output)

export function describe(e: unknown): string {
  return e instanceof ConvertError ? `${e.code} at ${e.path}: ${e.message}` : String(e)
}

// @ts-expect-error: not a target
convert(fromClient, 'openai')
// @ts-expect-error: option values are typed
toCopilot(fromClient, { strict: 'yes' })
// @ts-expect-error: unknown option
toCopilot(fromClient, { maxImagez: 3 })
// @ts-expect-error: the Copilot output is not an MCP result
export const wrong: CallToolResult = toCopilot(fromClient)
// @ts-expect-error: binary takes 'inline' or 'marker'
convert(fromClient, 'mcp', { binary: 'drop' })
// @ts-expect-error: the copilot target has no attachments (their items are `never`)
export const none = convert(fromClient, 'copilot').attachments?.[0]?.type
// @ts-expect-error: options are an object, not JSON text
convertJson('{"content":[]}', 'copilot', '{"strict":true}')
// @ts-expect-error: JSON text is a string or bytes
convertJson({ content: [] }, 'copilot')
// @ts-expect-error: an unknown option, next to a known one
convert(fromClient, 'anthropic', { toolCallId: 'toolu_1', maxImagez: 3 })
// @ts-expect-error: extractImages takes no target options
extractImages(fromClient, { toolCallId: 'x' })
// @ts-expect-error: the async form returns a Promise, not a Conversion
export const notYet = convertAsync(fromClient, 'copilot').output
// @ts-expect-error: without estimateTokens the Conversion may have no tokens
export const maybe: number = convert(fromClient, 'anthropic').tokens.total
