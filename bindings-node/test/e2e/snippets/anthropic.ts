import Anthropic from '@anthropic-ai/sdk'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { convert } from 'mcp-tool-result'

// `result`: what `client.callTool(...)` returned for the model's `toolUse`;
// `messages`: the conversation so far, ending with the assistant turn that holds `toolUse`.
export async function answerToolUse(
  anthropic: Anthropic,
  result: CallToolResult,
  toolUse: Anthropic.ToolUseBlock,
  messages: Anthropic.MessageParam[],
): Promise<Anthropic.Message> {
  const { output, attachments = [] } = convert(result, 'anthropic', { toolCallId: toolUse.id, toolName: toolUse.name })
  return anthropic.messages.create({
    model: 'claude-sonnet-5-5',
    max_tokens: 1024,
    messages: [...messages, { role: 'user', content: [output, ...attachments] }],
  })
}
