// How the Copilot Node SDK could call the core itself (docs/copilot-sdk.md): its
// ToolResultObject is the copilot target's wire form, so `toCopilot`'s value is one as it is,
// and every key it writes is a key of that type.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'

import { ConvertError, convert, toCopilot } from '../index.mjs'

const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII='

/** The keys the SDK's `type <name> = { ... }` declares, from its published types. */
function sdkKeys(name) {
  const types = new URL('../node_modules/@github/copilot-sdk/dist/types.d.ts', import.meta.url)
  const body = readFileSync(types, 'utf8').match(new RegExp(`export type ${name} = \\{([^]*?)\\n\\};`))
  assert.ok(body, `no type ${name} in the SDK`)
  return new Set([...body[1].matchAll(/^\s+(\w+)\??:/gm)].map((m) => m[1]))
}

/** The SDK's `convertMcpCallToolResult` over our core (throws ConvertError for what is not a
 * final CallToolResult). */
function convertByHand(callResult) {
  return toCopilot(callResult)
}

test('the Copilot SDK calls the core by hand', () => {
  const result = {
    content: [
      { type: 'text', text: 'Analysis complete' },
      { type: 'image', data: png, mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: 'JVBERi0x' } },
    ],
    isError: true,
  }
  const got = convertByHand(result)
  assert.deepEqual(got, {
    textResultForLlm: 'Analysis complete',
    resultType: 'failure',
    binaryResultsForLlm: [
      { type: 'image', data: png, mimeType: 'image/png' },
      { type: 'resource', data: 'JVBERi0x', mimeType: 'application/pdf', description: 'file:///r.pdf' },
    ],
  })
  const resultKeys = sdkKeys('ToolResultObject')
  for (const key of Object.keys(got)) assert.ok(resultKeys.has(key), `ToolResultObject has no ${key}`)
  const binaryKeys = sdkKeys('ToolBinaryResult')
  for (const binary of got.binaryResultsForLlm) {
    for (const key of Object.keys(binary)) assert.ok(binaryKeys.has(key), `ToolBinaryResult has no ${key}`)
  }
  assert.deepEqual(convert(result, 'copilot').output, got)
  // A text-only success: no binaryResultsForLlm key.
  assert.deepEqual(convertByHand({ content: [{ type: 'text', text: 'ok' }] }), { textResultForLlm: 'ok', resultType: 'success' })
  // What is not a final CallToolResult throws.
  assert.throws(() => convertByHand({ task: { taskId: 't1' } }), (e) => e instanceof ConvertError && e.code === 'not_final_result' && e.path === '/task')
})
