// This binding's defaults, `host: "node"` and `payload: "sdk"`: where the target's Node SDK types a
// payload as binary (Bedrock `source.bytes`), it comes back as a Uint8Array of the decoded bytes,
// which @aws-sdk/client-bedrock-runtime base64-encodes exactly once on the wire. `payload: "wire"`
// gives base64 text. Gemini payloads stay base64 text (@google/genai types them as strings).
import assert from 'node:assert/strict'
import { createServer } from 'node:http2'
import { after, before, describe, test } from 'node:test'

import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime'

import { ConvertError, convert, convertJson } from '../index.mjs'
import { PDF, png } from './media.mjs'

const PNG = png(5, 3)
const result = {
  content: [
    { type: 'text', text: 'two files' },
    { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
    { type: 'resource', resource: { uri: 'file:///reports/q3.pdf', mimeType: 'application/pdf', blob: PDF.toString('base64') } },
  ],
}

function equalBytes(actual, expected) {
  assert.ok(actual instanceof Uint8Array, `not a Uint8Array: ${typeof actual}`)
  assert.ok(Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength).equals(expected))
}

describe('bedrock, by default', () => {
  test('image and document payloads are Uint8Arrays of the decoded bytes, through every door', () => {
    const withBuffers = { content: [result.content[0], { ...result.content[1], data: PNG }, result.content[2]] }
    for (const conversion of [
      convert(result, 'bedrock', { toolCallId: 't1' }),
      convert(withBuffers, 'bedrock', { toolCallId: 't1' }),
      convertJson(JSON.stringify(result), 'bedrock', { toolCallId: 't1' }),
      convertJson(Buffer.from(JSON.stringify(result)), 'bedrock', { toolCallId: 't1' }),
    ]) {
      const [text, image, document] = conversion.output.toolResult.content
      assert.deepEqual(text, { text: 'two files' })
      assert.equal(image.image.format, 'png')
      equalBytes(image.image.source.bytes, PNG)
      assert.equal(document.document.format, 'pdf')
      equalBytes(document.document.source.bytes, PDF)
    }
  })

  test('the media of an error result, lifted to attachments, are bytes too', () => {
    const { output, attachments } = convert({ ...result, isError: true }, 'bedrock', { toolCallId: 't1' })
    assert.equal(output.toolResult.status, 'error')
    equalBytes(attachments.find((block) => block.image).image.source.bytes, PNG)
  })

  test('each conversion gives new buffers', () => {
    const first = convert(result, 'bedrock').output.toolResult.content[1].image.source.bytes
    first.fill(0)
    equalBytes(convert(result, 'bedrock').output.toolResult.content[1].image.source.bytes, PNG)
  })
})

test("payload: 'wire' gives base64 text", () => {
  const [, image, document] = convert(result, 'bedrock', { payload: 'wire' }).output.toolResult.content
  assert.equal(image.image.source.bytes, PNG.toString('base64'))
  assert.equal(document.document.source.bytes, PDF.toString('base64'))
})

test('gemini payloads stay base64 text, as @google/genai types them', () => {
  const { parts } = convert(result, 'gemini').output.functionResponse
  assert.deepEqual(parts[0], { inlineData: { mimeType: 'image/png', data: PNG.toString('base64') } })
})

test('a payload option the core does not know is invalid_option at its path', () => {
  for (const options of [{ payload: 'bytes' }, { payload: true }]) {
    assert.throws(
      () => convert(result, 'bedrock', options),
      (e) => e instanceof ConvertError && e.code === 'invalid_option' && e.path === '/payload',
    )
  }
})

describe('@aws-sdk/client-bedrock-runtime', () => {
  const bodies = []
  // Answers every request with a minimal Converse response and keeps the request body (the
  // client speaks HTTP/2, here without TLS).
  const server = createServer()
  server.on('stream', (stream) => {
    const chunks = []
    stream.on('data', (c) => chunks.push(c))
    stream.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      stream.respond({ ':status': 200, 'content-type': 'application/json' })
      stream.end(
        JSON.stringify({
          output: { message: { role: 'assistant', content: [{ text: 'ok' }] } },
          stopReason: 'end_turn',
          usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
          metrics: { latencyMs: 1 },
        }),
      )
    })
  })
  let client

  before(async () => {
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
    client = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${server.address().port}`,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    })
  })
  after(() => {
    client.destroy()
    server.close()
  })

  /** The tool result block of the request the SDK sent for `output`. */
  async function send(output) {
    const response = await client.send(
      new ConverseCommand({
        modelId: 'anthropic.claude-sonnet-4-5',
        messages: [
          { role: 'user', content: [{ text: 'Take a screenshot' }] },
          { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'screenshot', input: {} } }] },
          { role: 'user', content: [output] },
        ],
      }),
    )
    assert.equal(response.stopReason, 'end_turn')
    return bodies.at(-1).messages[2].content[0].toolResult
  }

  test('takes the default output as it is and sends each payload base64-encoded once', async () => {
    const sent = await send(convert(result, 'bedrock', { toolCallId: 't1' }).output)
    assert.equal(sent.toolUseId, 't1')
    assert.ok(Buffer.from(sent.content[1].image.source.bytes, 'base64').equals(PNG))
    assert.ok(Buffer.from(sent.content[2].document.source.bytes, 'base64').equals(PDF))
  })

  test("encodes the wire form a second time (why 'sdk' is this binding's default)", async () => {
    const sent = await send(convert(result, 'bedrock', { toolCallId: 't1', payload: 'wire' }).output)
    const once = Buffer.from(sent.content[1].image.source.bytes, 'base64')
    assert.equal(once.toString('latin1'), PNG.toString('base64'))
  })
})
