// Each provider target's output, given `toolCallId`, is assigned to the official SDK param type
// under `strict`, without casts (type-checked by test/install.test.mjs against the installed
// package and the SDK versions of package.json; lines marked @ts-expect-error must stay errors).
import type Anthropic from '@anthropic-ai/sdk'
import type { ContentBlock, ConverseCommandInput, ToolResultBlock } from '@aws-sdk/client-bedrock-runtime'
import type { Part } from '@google/genai'
import type { ImageContent } from '@mariozechner/pi-ai'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type OpenAI from 'openai'
import { convert, convertJson, extractImages } from 'mcp-tool-result'
import type { CommonImageMimeType, ConvertOptions } from 'mcp-tool-result'

declare const result: CallToolResult
declare const text: string

// Anthropic Messages: the tool_result block, and the media of an error result for the next user turn.
const anthropic = convert(result, 'anthropic', { toolCallId: 'toolu_01' })
export const toolResult: Anthropic.Messages.ToolResultBlockParam = anthropic.output
export const userTurn: Anthropic.Messages.ContentBlockParam[] = [anthropic.output, ...(anthropic.attachments ?? [])]
// The beta MCP connector's tool-result block.
export const mcpToolResult: Anthropic.Beta.Messages.BetaRequestMCPToolResultBlockParam = convert(result, 'anthropic-mcp', {
  toolCallId: 'mcptoolu_01',
}).output

// OpenAI Chat Completions: the tool message, and the media for the next user message.
const chat = convert(result, 'openai-chat', { toolCallId: 'call_1', toolName: 'screenshot' })
export const toolMessage: OpenAI.Chat.Completions.ChatCompletionToolMessageParam = chat.output
export const mediaParts: OpenAI.Chat.Completions.ChatCompletionContentPart[] = chat.attachments ?? []
// OpenAI Responses: the function_call_output input item.
export const callOutput: OpenAI.Responses.ResponseInputItem.FunctionCallOutput = convert(result, 'openai-responses', {
  toolCallId: 'call_1',
}).output
export const input: OpenAI.Responses.ResponseInputItem[] = [callOutput]

// @google/genai: a functionResponse Part (media nested), and the legacy form with media parts after it.
export const geminiPart: Part = convert(result, 'gemini', { toolCallId: 'call_1', toolName: 'screenshot' }).output
const legacy = convert(result, 'gemini-legacy', { toolName: 'screenshot' })
export const geminiParts: Part[] = [legacy.output, ...(legacy.attachments ?? [])]

// Bedrock Converse: the ToolResultBlock with payloads as Uint8Array (the default `payload: 'sdk'`).
const bedrock = convert(result, 'bedrock', { toolCallId: 'tooluse_1' })
export const bedrockResult: ToolResultBlock = bedrock.output.toolResult
export const bedrockContent: ContentBlock[] = [bedrock.output, ...(bedrock.attachments ?? [])]
export const request: ConverseCommandInput = { modelId: 'm', messages: [{ role: 'user', content: bedrockContent }] }
const block = bedrock.output.toolResult.content[0]
export const bytes: Uint8Array | undefined = block !== undefined && 'image' in block ? block.image.source.bytes : undefined
// The JSON-text door gives the same types.
export const fromText: ToolResultBlock = convertJson(text, 'bedrock', { toolCallId: 'tooluse_1', strict: true }).output.toolResult

// With `payload: 'wire'` the Bedrock bytes are base64 text: the JSON wire form, not the SDK's.
const wire = convert(result, 'bedrock', { toolCallId: 'tooluse_1', payload: 'wire' })
const wireBlock = wire.output.toolResult.content[0]
export const base64: string | undefined = wireBlock !== undefined && 'image' in wireBlock ? wireBlock.image.source.bytes : undefined
// @ts-expect-error: base64 text where the SDK wants bytes
export const wireResult: ToolResultBlock = wire.output.toolResult

// A payload form known only at run time gives either.
declare const form: 'sdk' | 'wire'
const eitherBlock = convert(result, 'bedrock', { payload: form }).output.toolResult.content[0]
export const either: Uint8Array | string | undefined =
  eitherBlock !== undefined && 'image' in eitherBlock ? eitherBlock.image.source.bytes : undefined
// @ts-expect-error: may be base64 text
export const notSurely: Uint8Array | undefined = eitherBlock !== undefined && 'image' in eitherBlock ? eitherBlock.image.source.bytes : undefined

// Without toolCallId (or with options whose id may be absent) the ids are optional, which the
// SDK types reject.
declare const someOptions: ConvertOptions
// @ts-expect-error: no tool_use_id
export const noId: Anthropic.Messages.ToolResultBlockParam = convert(result, 'anthropic').output
// @ts-expect-error: tool_use_id may be absent
export const maybeId: Anthropic.Messages.ToolResultBlockParam = convert(result, 'anthropic', someOptions).output
// @ts-expect-error: no tool_use_id
export const noMcpId: Anthropic.Beta.Messages.BetaRequestMCPToolResultBlockParam = convert(result, 'anthropic-mcp').output
// @ts-expect-error: no tool_call_id
export const noCallId: OpenAI.Chat.Completions.ChatCompletionToolMessageParam = convert(result, 'openai-chat', {}).output
// @ts-expect-error: no call_id
export const noItemId: OpenAI.Responses.ResponseInputItem.FunctionCallOutput = convert(result, 'openai-responses').output
// @ts-expect-error: no toolUseId
export const noUseId: ToolResultBlock = convert(result, 'bedrock', { toolName: 'x' }).output.toolResult

// Options kept in a variable: checked with `satisfies`, the literal keeps its type; typed
// `ConvertOptions<'toolCallId'>` (the id options the value always gives), the id stays required.
const checked = { toolCallId: 'toolu_01', fitImages: 'recommended', maxImages: 4 } satisfies ConvertOptions
export const fromChecked: Anthropic.Messages.ToolResultBlockParam = convert(result, 'anthropic', checked).output
declare const stored: ConvertOptions<'toolCallId'>
export const fromStored: Anthropic.Messages.ToolResultBlockParam = convert(result, 'anthropic', stored).output
export const storedItem: OpenAI.Responses.ResponseInputItem.FunctionCallOutput = convert(result, 'openai-responses', stored).output
// Stored options whose payload may be 'wire' give Bedrock bytes or text; pinned to 'sdk', bytes.
declare const storedSdk: ConvertOptions<'toolCallId'> & { payload?: 'sdk' }
export const storedBedrock: ToolResultBlock = convert(result, 'bedrock', storedSdk).output.toolResult
// @ts-expect-error: the payload may be base64 text
export const storedEither: ToolResultBlock = convert(result, 'bedrock', stored).output.toolResult
declare const storedBoth: ConvertOptions<'toolCallId' | 'toolName'>
export const storedPart: Part = convert(result, 'gemini', storedBoth).output
export const storedOptions: ConvertOptions<'toolCallId'> = { toolCallId: 'toolu_02', strict: true, maxImages: null }
// @ts-expect-error: ConvertOptions<'toolCallId'> requires toolCallId
export const idMissing: ConvertOptions<'toolCallId'> = { strict: true }
// @ts-expect-error: and as a string, not null
export const idNull: ConvertOptions<'toolCallId'> = { toolCallId: null }

// Extracted images: any MIME type can come back (extraction filters no format); comparing it
// with the types a provider takes narrows it, so the image fits Anthropic's ImageBlockParam
// without a cast. pi-ai's ImageContent takes any MIME type.
const { images } = extractImages(result)
export const imageBlocks: Anthropic.Messages.ImageBlockParam[] = images.flatMap(({ data, mimeType }): Anthropic.Messages.ImageBlockParam[] =>
  mimeType === 'image/png' || mimeType === 'image/jpeg' || mimeType === 'image/gif' || mimeType === 'image/webp'
    ? [{ type: 'image', source: { type: 'base64', media_type: mimeType, data } }]
    : [],
)
export const common: CommonImageMimeType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']
export const mediaTypes: Anthropic.Messages.Base64ImageSource['media_type'][] = common
export const piImages: ImageContent[] = images.map(({ data, mimeType }) => ({ type: 'image', data, mimeType }))
// @ts-expect-error: an extracted image's MIME type may be one Anthropic does not take
export const unchecked: Anthropic.Messages.Base64ImageSource = { type: 'base64', media_type: images[0]!.mimeType, data: '' }
