// The CommonJS view of the same types (require condition of package.json "exports").
import type { ToolResultObject } from '@github/copilot-sdk'
import mcp = require('mcp-tool-result')

export const out: ToolResultObject = mcp.toCopilot({ content: [{ type: 'text', text: 'x' }] })
export const isError: boolean = mcp.convert({ content: [] }, 'mcp').output.isError
export const fromText: boolean = mcp.convertJson('{"content":[]}', 'mcp').output.isError
