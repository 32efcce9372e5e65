// A real round trip: an MCP server and client of @modelcontextprotocol/sdk over an in-memory
// transport; what `client.callTool()` returns goes straight into the converters.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'

import { convert, toCopilot } from '../index.mjs'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII='
const client = new Client({ name: 'test-client', version: '1.0.0' })
const server = new McpServer({ name: 'test-server', version: '1.0.0' })

server.registerTool('screenshot', { description: 'text, image, resource and link' }, async () => ({
  content: [
    { type: 'text', text: 'page loaded' },
    { type: 'image', data: PNG, mimeType: 'image/png', annotations: { audience: ['assistant'] } },
    { type: 'resource', resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'notes' } },
    { type: 'resource_link', uri: 'file:///big.pdf', name: 'big.pdf', mimeType: 'application/pdf' },
  ],
  structuredContent: { ok: true },
}))
server.registerTool('fails', { description: 'an error result' }, async () => ({
  content: [{ type: 'text', text: 'no such page' }],
  isError: true,
}))

before(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(serverSide), client.connect(clientSide)])
})
after(() => Promise.all([client.close(), server.close()]))

test('a result from client.callTool() converts for copilot', async () => {
  const result = await client.callTool({ name: 'screenshot', arguments: {} })
  assert.deepEqual(toCopilot(result), {
    textResultForLlm: 'page loaded\nnotes\n[resource_link big.pdf <file:///big.pdf>]',
    resultType: 'success',
    binaryResultsForLlm: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
  })
})

test('and into a clean MCP result, with nothing to repair', async () => {
  const result = await client.callTool({ name: 'screenshot', arguments: {} })
  const conversion = convert(result, 'mcp')
  assert.equal(conversion.diagnostics, undefined)
  assert.deepEqual(conversion.output, { ...result, isError: false })
})

test('an error result is a failure', async () => {
  const result = await client.callTool({ name: 'fails', arguments: {} })
  assert.deepEqual(toCopilot(result), { textResultForLlm: 'no such page', resultType: 'failure' })
})
