import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { convert } from 'mcp-tool-result'
import OpenAI from 'openai'

// `result`: what `client.callTool(...)` returned for the model's `toolCall`;
// `messages`: the conversation so far, ending with the assistant message that holds `toolCall`.
export async function answerToolCall(
  openai: OpenAI,
  result: CallToolResult,
  toolCall: OpenAI.ChatCompletionMessageFunctionToolCall,
  messages: OpenAI.ChatCompletionMessageParam[],
): Promise<OpenAI.ChatCompletion> {
  const { output, attachments } = convert(result, 'openai-chat', {
    toolCallId: toolCall.id,
    toolName: toolCall.function.name,
  })
  messages.push(output)
  // Media a tool message cannot carry travel in the next user message.
  if (attachments) messages.push({ role: 'user', content: attachments })
  return openai.chat.completions.create({ model: 'gpt-5', messages })
}
