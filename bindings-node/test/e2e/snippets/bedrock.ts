import {
  type BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandOutput,
  type Message,
  type ToolUseBlock,
} from '@aws-sdk/client-bedrock-runtime'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { convert } from 'mcp-tool-result'

// `result`: what `client.callTool(...)` returned for the model's `toolUse`;
// `messages`: the conversation so far, ending with the assistant message that holds `toolUse`.
export async function answerToolUse(
  bedrock: BedrockRuntimeClient,
  result: CallToolResult,
  toolUse: ToolUseBlock,
  messages: Message[],
): Promise<ConverseCommandOutput> {
  // Image and document bytes come out as Uint8Array: the SDK base64-encodes them itself.
  const { output, attachments = [] } = convert(result, 'bedrock', {
    toolCallId: toolUse.toolUseId,
    toolName: toolUse.name,
  })
  return bedrock.send(
    new ConverseCommand({
      modelId: 'anthropic.claude-sonnet-5-5-v1:0',
      messages: [...messages, { role: 'user', content: [output, ...attachments] }],
    }),
  )
}
