// The suite's MCP test server written with the Node `@modelcontextprotocol/sdk` (stdio): the tools of tools.json.
import { readFileSync } from 'node:fs'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

const here = new URL('../', import.meta.url)
const { tools } = JSON.parse(readFileSync(new URL('tools.json', here), 'utf8'))
const asset = (name) => readFileSync(new URL(`assets/${name}`, here)).toString('base64')

/** One content block of tools.json as the SDK's ContentBlock. */
function block(spec) {
  switch (spec.type) {
    case 'text':
      return { type: 'text', text: spec.text }
    case 'image':
    case 'audio':
      return { type: spec.type, data: asset(spec.asset), mimeType: spec.mimeType }
    case 'resource':
      return { type: 'resource', resource: { uri: spec.uri, mimeType: spec.mimeType, blob: asset(spec.asset) } }
    case 'resource_link':
      return { type: 'resource_link', uri: spec.uri, name: spec.name, mimeType: spec.mimeType }
    default:
      throw new Error(`tools.json: unknown block type ${spec.type}`)
  }
}

const server = new Server({ name: 'mcp-tool-result-e2e-node', version: '0.0.0' }, { capabilities: { tools: {} } })
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: Object.keys(tools).map((name) => ({ name, inputSchema: { type: 'object' } })),
}))
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const spec = tools[request.params.name]
  if (!spec) throw new Error(`no tool ${request.params.name}`)
  return {
    content: spec.content.map(block),
    ...(spec.structuredContent ? { structuredContent: spec.structuredContent } : {}),
    isError: spec.isError ?? false,
  }
})
await server.connect(new StdioServerTransport())
