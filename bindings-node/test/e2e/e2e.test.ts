// Node end to end: real MCP results -> mcp-tool-result's convert -> the official provider SDKs.
// For every server:tool x target the conversion goes through the SDK unchanged to the capture
// server, which checks the recorded request (conformance/e2e/check.py). Run by `make e2e`: tsc
// compiles these files into .build/e2e/npm/dist and conformance/e2e/harness.py runs node --test.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import Anthropic from '@anthropic-ai/sdk'
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime'
import { NodeHttpHandler } from '@smithy/node-http-handler'
import { GoogleGenAI } from '@google/genai'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { convert, toCopilot } from 'mcp-tool-result'
import OpenAI from 'openai'
import { CAPTURE_URL, check, last } from './capture.js'
import { collect, E2E } from './mcp.js'
import { SENDERS } from './senders.js'
import * as anthropicSnippet from './snippets/anthropic.js'
import * as bedrockSnippet from './snippets/bedrock.js'
import * as copilotSnippet from './snippets/copilot.js'
import * as geminiSnippet from './snippets/gemini.js'
import * as openaiChatSnippet from './snippets/openai-chat.js'

const CALL_ID = 'toolu_e2e_01'
const SOURCES = join(E2E, '..', '..', 'bindings-node', 'test', 'e2e')
const BINDING_DTS = readFileSync(join(SOURCES, '..', '..', 'index.d.ts'), 'utf8')
const results = await collect()

/** Whether `node` holds a string at a Bedrock `source.bytes` (the AWS SDK types it Uint8Array). */
function stringBytes(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(stringBytes)
  if (node === null || typeof node !== 'object') return false
  for (const [key, value] of Object.entries(node)) {
    if (key === 'source' && value !== null && typeof value === 'object' && typeof Reflect.get(value, 'bytes') === 'string')
      return true
    if (stringBytes(value)) return true
  }
  return false
}

/** A strict expected failure: `run` must fail with an AssertionError; passing means the defect is fixed. */
async function expectDefect(defect: string, run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    if (error instanceof assert.AssertionError) return
    throw error
  }
  assert.fail(`expected to fail (${defect}) but passed: the defect is fixed, drop this expectation`)
}

for (const [key, result] of results) {
  const [server, tool] = key.split(':')
  for (const [target, send] of Object.entries(SENDERS)) {
    test(`${key} -> ${target}`, async () => {
      const body = async () => {
        const answer = await send({ result, id: CALL_ID, tool })
        assert.ok(answer)
        assert.match(JSON.stringify((await last()).body), new RegExp(CALL_ID), 'the tool call id did not reach the request')
        const verdict = await check(target, result, server === 'node')
        assert.deepEqual(verdict.problems, [])
      }
      if (target === 'bedrock' && stringBytes(convert(result, 'bedrock', { toolCallId: CALL_ID }))) {
        await expectDefect('defect 1: the AWS SDK base64-encodes a string source.bytes again; branches core9 + node', body)
      } else {
        await body()
      }
    })
  }
  test(`${key} -> copilot`, () => {
    const wire = toCopilot(result)
    const payloads = new Set<string>()
    for (const block of result.content) {
      if (block.type === 'image') payloads.add(block.data)
      if (block.type === 'resource' && 'blob' in block.resource) payloads.add(block.resource.blob)
    }
    // An image the core repaired (validateImages: bytes after the end cut, PNG CRCs recomputed) is
    // a payload of its own: at most one per image_repaired diagnostic.
    const repaired = (convert(result, 'copilot').diagnostics ?? []).filter((d) => d.code === 'image_repaired').length
    const unknown = (wire.binaryResultsForLlm ?? []).filter((binary) => !payloads.has(binary.data)).length
    assert.ok(unknown <= repaired, 'a binary that is no payload')
    for (const payload of payloads) assert.ok(!wire.textResultForLlm.includes(payload.slice(0, 40)), 'base64 in text')
  })
}

// Fitting (issue 10): a 4K browser screenshot (about 9 MB, made by `make e2e`) reaches every
// target that carries images as one image within the provider's limits, its media type matching
// its bytes; with 'recommended' it is always downscaled.
const carries: Record<string, { image: boolean }> = JSON.parse(readFileSync(join(E2E, 'expect.json'), 'utf8')).carries
const screenshotFile = process.env.E2E_SCREENSHOT ?? ''
for (const fit of ['limits', 'recommended'] as const) {
  for (const [target, send] of Object.entries(SENDERS).filter(([name]) => carries[name]?.image)) {
    test(`4K screenshot -> ${target} (fitImages ${fit})`, async () => {
      assert.ok(screenshotFile, 'E2E_SCREENSHOT names the screenshot made by conformance/e2e/make_screenshot.py')
      const screenshot: CallToolResult = {
        content: [
          { type: 'text', text: 'Screenshot of the page:' },
          { type: 'image', data: readFileSync(screenshotFile).toString('base64'), mimeType: 'image/png' },
        ],
      }
      await send({ result: screenshot, id: CALL_ID, tool: 'screenshot', fitImages: fit })
      const verdict = await check(target, screenshot, false, fit)
      assert.deepEqual(verdict.problems, [])
      assert.deepEqual(verdict.media.map((m) => m.from), ['/content/1/data'])
      if (fit === 'recommended') assert.ok(verdict.media[0]?.fitted, `${target}: the screenshot was sent at full size`)
    })
  }
}

/** tsc errors the suite knows: each names its defect and the branch that fixes it. */
const KNOWN_TSC_DEFECTS: { file: string; defect: string }[] = [
  {
    file: 'snippets/bedrock.ts',
    defect:
      "defect 3 (Bedrock): the AWS SDK's own ToolUseBlock types toolUseId `string | undefined`; " +
      'given as toolCallId, the output types toolUseId optional, which ContentBlock rejects; branch node',
  },
]

test('the e2e sources compile under tsc --strict (no casts: our outputs are the SDK param types)', async () => {
  const tsc = join(E2E, 'node_modules', 'typescript', 'bin', 'tsc')
  const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], {
    cwd: SOURCES,
    encoding: 'utf8',
    timeout: 180_000,
  })
  const output = `${run.stdout}${run.stderr}`
  if (BINDING_DTS.includes('tool_use_id?: string') || BINDING_DTS.includes('source: { bytes: string }')) {
    await expectDefect('defect 3: ids typed optional, Bedrock bytes typed string in index.d.ts; branch node', async () =>
      assert.equal(run.status, 0, `tsc --strict:\n${output}`),
    )
    return
  }
  const failing = new Set([...output.matchAll(/^(\S+)\(\d+,\d+\): error/gm)].map((m) => m[1]))
  const known = new Set(KNOWN_TSC_DEFECTS.map((k) => k.file))
  assert.deepEqual([...failing].filter((file) => !known.has(file)), [], `tsc --strict:\n${output}`)
  for (const { file, defect } of KNOWN_TSC_DEFECTS) {
    assert.ok(failing.has(file), `expected to fail (${defect}) but compiles: the defect is fixed, drop it`)
  }
})

test('no `as` casts in the e2e sources', () => {
  for (const dir of [SOURCES, join(SOURCES, 'snippets')]) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const code = line.replace(/^import .*$/, '').replace(/\/\/.*$/, '').replace(/'[^']*'/g, "''")
          assert.doesNotMatch(code, /\bas (?!const\b)/, `${file}:${index + 1}: a cast`)
        })
    }
  }
})

const snippetResult = results.get('node:mixed')
assert.ok(snippetResult, 'node:mixed')

test('README snippet: Anthropic', async () => {
  const toolUse: Anthropic.ToolUseBlock = { type: 'tool_use', id: CALL_ID, name: 'mixed', input: {}, caller: { type: 'direct' } }
  const client = new Anthropic({ baseURL: CAPTURE_URL, apiKey: 'e2e', maxRetries: 0 })
  const message = await anthropicSnippet.answerToolUse(client, snippetResult, toolUse, [
    { role: 'user', content: 'Run the tool.' },
    { role: 'assistant', content: [toolUse] },
  ])
  assert.equal(message.type, 'message')
  assert.deepEqual((await check('anthropic', snippetResult, true)).problems, [])
})

test('README snippet: OpenAI Chat Completions', async () => {
  const toolCall: OpenAI.ChatCompletionMessageFunctionToolCall = {
    id: CALL_ID,
    type: 'function',
    function: { name: 'mixed', arguments: '{}' },
  }
  const client = new OpenAI({ baseURL: `${CAPTURE_URL}/v1`, apiKey: 'e2e', maxRetries: 0 })
  const completion = await openaiChatSnippet.answerToolCall(client, snippetResult, toolCall, [
    { role: 'user', content: 'Run the tool.' },
    { role: 'assistant', tool_calls: [toolCall] },
  ])
  assert.equal(completion.object, 'chat.completion')
  assert.deepEqual((await check('openai-chat', snippetResult, true)).problems, [])
})

test('README snippet: Gemini', async () => {
  const functionCall = { id: CALL_ID, name: 'mixed', args: {} }
  const ai = new GoogleGenAI({ apiKey: 'e2e', httpOptions: { baseUrl: CAPTURE_URL } })
  const response = await geminiSnippet.answerFunctionCall(ai, snippetResult, functionCall, [
    { role: 'user', parts: [{ text: 'Run the tool.' }] },
    { role: 'model', parts: [{ functionCall }] },
  ])
  assert.equal(response.text, 'ok')
  assert.deepEqual((await check('gemini', snippetResult, true)).problems, [])
})

test('README snippet: Bedrock', async () => {
  const body = async () => {
    const toolUse = { toolUseId: CALL_ID, name: 'mixed', input: {} }
    const client = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: CAPTURE_URL,
      credentials: { accessKeyId: 'e2e', secretAccessKey: 'e2e' },
      maxAttempts: 1,
      requestHandler: new NodeHttpHandler(), // HTTP/1.1: the capture server speaks no HTTP/2
    })
    const response = await bedrockSnippet.answerToolUse(client, snippetResult, toolUse, [
      { role: 'user', content: [{ text: 'Run the tool.' }] },
      { role: 'assistant', content: [{ toolUse }] },
    ])
    assert.equal(response.stopReason, 'end_turn')
    assert.deepEqual((await check('bedrock', snippetResult, true)).problems, [])
  }
  if (stringBytes(convert(snippetResult, 'bedrock', { toolCallId: CALL_ID }))) {
    await expectDefect('defect 1: the AWS SDK base64-encodes a string source.bytes again; branches core9 + node', body)
  } else {
    await body()
  }
})

test('README snippet: Copilot', () => {
  const toolResult = copilotSnippet.handlerResult(snippetResult)
  assert.equal(toolResult.resultType, 'success')
  assert.deepEqual(
    (toolResult.binaryResultsForLlm ?? []).map((binary) => binary.type),
    ['image', 'resource'],
  )
})
