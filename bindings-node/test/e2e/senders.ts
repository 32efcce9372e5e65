// One request per target through the official Node SDK, the way its users write it: the model's
// tool call, then our `output` where the tool result goes and our `attachments` right after it.
// Every value of ours is assigned to the SDK's own param type with no cast: `tsc --strict` over
// these files is part of the suite.
import Anthropic from '@anthropic-ai/sdk'
import { BedrockRuntimeClient, ConverseCommand, type ContentBlock, type Message } from '@aws-sdk/client-bedrock-runtime'
import { GoogleGenAI, type Content, type Interactions, type Part } from '@google/genai'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { NodeHttpHandler } from '@smithy/node-http-handler'
import { convertAsync, type ConvertOptions } from 'mcp-tool-result'
import OpenAI from 'openai'
import { CAPTURE_URL } from './capture.js'

const QUESTION = 'Run the tool and describe what it returned.'

/**
 * What a sender needs: the MCP result, the tool call id, the tool name and, for the fitting
 * tests, `fitImages`. Senders convert with `convertAsync` (the sync form is the snippets').
 */
export interface Call {
  result: CallToolResult
  id: string
  tool: string
  fitImages?: ConvertOptions['fitImages']
}

export async function sendAnthropic({ result, id, tool, fitImages }: Call): Promise<unknown> {
  const client = new Anthropic({ baseURL: CAPTURE_URL, apiKey: 'e2e', maxRetries: 0 })
  const conversion = await convertAsync(result, 'anthropic', { toolCallId: id, toolName: tool, fitImages })
  const toolResult: Anthropic.ToolResultBlockParam = conversion.output
  const attachments: Anthropic.ContentBlockParam[] = conversion.attachments ?? []
  const messages: Anthropic.MessageParam[] = [
    { role: 'user', content: QUESTION },
    { role: 'assistant', content: [{ type: 'tool_use', id, name: tool, input: {} }] },
    { role: 'user', content: [toolResult, ...attachments] },
  ]
  return client.messages.create({ model: 'claude-sonnet-5-5', max_tokens: 64, messages })
}

export async function sendAnthropicMcp({ result, id, tool, fitImages }: Call): Promise<unknown> {
  const client = new Anthropic({ baseURL: CAPTURE_URL, apiKey: 'e2e', maxRetries: 0 })
  const conversion = await convertAsync(result, 'anthropic-mcp', { toolCallId: id, toolName: tool, fitImages })
  const toolResult: Anthropic.Beta.BetaRequestMCPToolResultBlockParam = conversion.output
  return client.beta.messages.create({
    model: 'claude-sonnet-5-5',
    max_tokens: 64,
    betas: ['mcp-client-2025-04-04'],
    mcp_servers: [{ type: 'url', url: 'https://mcp.example.invalid/mcp', name: 'e2e' }],
    messages: [
      { role: 'user', content: QUESTION },
      {
        role: 'assistant',
        content: [{ type: 'mcp_tool_use', id, name: tool, server_name: 'e2e', input: {} }, toolResult],
      },
    ],
  })
}

export async function sendOpenAIChat({ result, id, tool, fitImages }: Call): Promise<unknown> {
  const client = new OpenAI({ baseURL: `${CAPTURE_URL}/v1`, apiKey: 'e2e', maxRetries: 0 })
  const conversion = await convertAsync(result, 'openai-chat', { toolCallId: id, toolName: tool, fitImages })
  const toolMessage: OpenAI.ChatCompletionToolMessageParam = conversion.output
  const messages: OpenAI.ChatCompletionMessageParam[] = [
    { role: 'user', content: QUESTION },
    { role: 'assistant', tool_calls: [{ id, type: 'function', function: { name: tool, arguments: '{}' } }] },
    toolMessage,
  ]
  const attachments: OpenAI.ChatCompletionContentPart[] | undefined = conversion.attachments
  if (attachments) messages.push({ role: 'user', content: attachments })
  return client.chat.completions.create({ model: 'gpt-5', messages })
}

export async function sendOpenAIResponses({ result, id, tool, fitImages }: Call): Promise<unknown> {
  const client = new OpenAI({ baseURL: `${CAPTURE_URL}/v1`, apiKey: 'e2e', maxRetries: 0 })
  const conversion = await convertAsync(result, 'openai-responses', { toolCallId: id, toolName: tool, fitImages })
  const output: OpenAI.Responses.ResponseInputItem.FunctionCallOutput = conversion.output
  return client.responses.create({
    model: 'gpt-5',
    input: [
      { role: 'user', content: QUESTION },
      { type: 'function_call', call_id: id, name: tool, arguments: '{}' },
      output,
    ],
  })
}

function geminiContents(id: string, tool: string, parts: Part[]): Content[] {
  return [
    { role: 'user', parts: [{ text: QUESTION }] },
    { role: 'model', parts: [{ functionCall: { id, name: tool, args: {} } }] },
    { role: 'user', parts },
  ]
}

function geminiClient(): GoogleGenAI {
  return new GoogleGenAI({ apiKey: 'e2e', httpOptions: { baseUrl: CAPTURE_URL } })
}

export async function sendGemini({ result, id, tool, fitImages }: Call): Promise<unknown> {
  const conversion = await convertAsync(result, 'gemini', { toolCallId: id, toolName: tool, fitImages })
  const part: Part = conversion.output
  return geminiClient().models.generateContent({ model: 'gemini-e2e', contents: geminiContents(id, tool, [part]) })
}

export async function sendGeminiLegacy({ result, id, tool, fitImages }: Call): Promise<unknown> {
  const conversion = await convertAsync(result, 'gemini-legacy', { toolCallId: id, toolName: tool, fitImages })
  const part: Part = conversion.output
  const attachments: Part[] = conversion.attachments ?? []
  return geminiClient().models.generateContent({
    model: 'gemini-e2e',
    contents: geminiContents(id, tool, [part, ...attachments]),
  })
}

export async function sendGeminiInteractions({ result, id, tool, fitImages }: Call): Promise<unknown> {
  const conversion = await convertAsync(result, 'gemini-interactions', { toolCallId: id, toolName: tool, fitImages })
  const step: Interactions.FunctionResultStep = conversion.output
  return geminiClient().interactions.create({
    model: 'gemini-e2e',
    input: [
      { type: 'user_input', content: [{ type: 'text', text: QUESTION }] },
      { type: 'function_call', id, name: tool, arguments: {} },
      step,
    ],
  })
}

export async function sendBedrock({ result, id, tool, fitImages }: Call): Promise<unknown> {
  const client = new BedrockRuntimeClient({
    region: 'us-east-1',
    endpoint: CAPTURE_URL,
    credentials: { accessKeyId: 'e2e', secretAccessKey: 'e2e' },
    maxAttempts: 1,
    requestHandler: new NodeHttpHandler(), // HTTP/1.1: the capture server speaks no HTTP/2
  })
  const conversion = await convertAsync(result, 'bedrock', { toolCallId: id, toolName: tool, fitImages })
  const toolResult: ContentBlock = conversion.output
  const attachments: ContentBlock[] = conversion.attachments ?? []
  const messages: Message[] = [
    { role: 'user', content: [{ text: QUESTION }] },
    { role: 'assistant', content: [{ toolUse: { toolUseId: id, name: tool, input: {} } }] },
    { role: 'user', content: [toolResult, ...attachments] },
  ]
  return client.send(new ConverseCommand({ modelId: 'anthropic.claude-e2e', messages }))
}

export const SENDERS: Record<string, (call: Call) => Promise<unknown>> = {
  anthropic: sendAnthropic,
  'anthropic-mcp': sendAnthropicMcp,
  'openai-chat': sendOpenAIChat,
  'openai-responses': sendOpenAIResponses,
  gemini: sendGemini,
  'gemini-legacy': sendGeminiLegacy,
  'gemini-interactions': sendGeminiInteractions,
  bedrock: sendBedrock,
}
