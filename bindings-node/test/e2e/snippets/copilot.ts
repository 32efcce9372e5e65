import type { ToolResultObject } from '@github/copilot-sdk'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { toCopilot } from 'mcp-tool-result'

// Inside a Copilot SDK tool handler: `result` is what `client.callTool(...)` returned.
export function handlerResult(result: CallToolResult): ToolResultObject {
  return toCopilot(result)
}
