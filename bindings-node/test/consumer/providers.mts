// Each provider target's output, given `toolCallId`, is assigned to the official SDK param type
// under `strict`, without casts (type-checked by test/install.test.mjs against the installed
// package and the SDK versions of package.json; lines marked @ts-expect-error must stay errors).
import type Anthropic from '@anthropic-ai/sdk'
import type { ContentBlock, ConverseCommandInput, ToolResultBlock } from '@aws-sdk/client-bedrock-runtime'
import type { Part } from '@google/genai'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type OpenAI from 'openai'
import { convert, convertJson } from 'mcp-tool-result'
import type { ConvertOptions } from 'mcp-tool-result'

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
