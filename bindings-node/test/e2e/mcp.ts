// Real CallToolResult values: the tools of two MCP servers, called with the Node MCP client over stdio.
//   everything: @modelcontextprotocol/server-everything (npm, pinned in conformance/e2e/package.json)
//   node:       the suite's own server written with @modelcontextprotocol/sdk (conformance/e2e/servers)
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'

/** conformance/e2e (the harness names its assets/ directory). */
export const E2E = dirname(process.env.E2E_ASSETS ?? '')
const EVERYTHING = join(E2E, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js')

/** The server-everything tools the suite calls, with their arguments. */
export const EVERYTHING_CALLS: Record<string, Record<string, unknown>> = {
  echo: { message: 'hello from the e2e suite' },
  'get-tiny-image': {},
  'get-structured-content': { location: 'Chicago' },
  'get-resource-links': { count: 2 },
  'get-resource-reference': { resourceType: 'Blob', resourceId: 2 },
  'get-annotated-message': { messageType: 'error', includeImage: true },
}

/** The tools of tools.json. */
export function ownTools(): string[] {
  const spec: { tools: Record<string, unknown> } = JSON.parse(readFileSync(join(E2E, 'tools.json'), 'utf8'))
  return Object.keys(spec.tools)
}

async function callAll(args: string[], calls: Record<string, Record<string, unknown>>): Promise<Map<string, CallToolResult>> {
  const client = new Client({ name: 'mcp-tool-result-e2e', version: '0.0.0' })
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'inherit' }))
  try {
    const listed = new Set((await client.listTools()).tools.map((tool) => tool.name))
    const results = new Map<string, CallToolResult>()
    for (const [name, input] of Object.entries(calls)) {
      if (!listed.has(name)) throw new Error(`${args[0]}: no tool ${name}`)
      results.set(name, CallToolResultSchema.parse(await client.callTool({ name, arguments: input })))
    }
    return results
  } finally {
    await client.close()
  }
}

/** Every "server:tool" -> its CallToolResult; each server is started once. */
export async function collect(): Promise<Map<string, CallToolResult>> {
  const out = new Map<string, CallToolResult>()
  const own = Object.fromEntries(ownTools().map((name) => [name, {}]))
  for (const [server, args, calls] of [
    ['everything', [EVERYTHING, 'stdio'], EVERYTHING_CALLS],
    ['node', [join(E2E, 'servers', 'node_server.mjs')], own],
  ] as const) {
    for (const [tool, result] of await callAll([...args], calls)) out.set(`${server}:${tool}`, result)
  }
  return out
}
