import { type Content, type FunctionCall, type GenerateContentResponse, GoogleGenAI } from '@google/genai'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { convert } from 'mcp-tool-result'

// `result`: what `client.callTool(...)` returned for the model's `functionCall`;
// `contents`: the conversation so far, ending with the model turn that holds `functionCall`.
export async function answerFunctionCall(
  ai: GoogleGenAI,
  result: CallToolResult,
  functionCall: FunctionCall,
  contents: Content[],
): Promise<GenerateContentResponse> {
  const { output } = convert(result, 'gemini', { toolCallId: functionCall.id, toolName: functionCall.name })
  return ai.models.generateContent({
    model: 'gemini-3-pro-preview',
    contents: [...contents, { role: 'user', parts: [output] }],
  })
}
