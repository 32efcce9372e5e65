// The examples of README.md, taken from it as they stand: every ```js and ```ts block is
// type-checked under `strict` (JavaScript with checkJs), compiled, run, and what it prints
// compared with the ```text block that follows it. The examples import the package and the
// provider SDKs by name, through node_modules links; the SDKs find a local server standing in for
// each provider through their documented environment variables (base URLs and keys), and that
// server checks that the image of each request arrives once, as media. Each example runs against
// the package through test/readme-record.cjs, which records every conversion it makes; the
// core's CLI then converts the same input and options, and the two must agree: what the README
// prints comes from the package, what it should print from the core.
import assert from 'node:assert/strict'
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer as createHttp2Server } from 'node:http2'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8')
const examples = [...readme.matchAll(/```(js|ts)\n([\s\S]*?)```(?:\s*```text\n([\s\S]*?)```)?/g)].map((m, i) => {
  const [, language, code, output] = m
  const module = language === 'ts' || /^import /m.test(code)
  return { name: `example-${i + 1}`, ext: language === 'ts' ? 'mts' : module ? 'mjs' : 'cjs', code, output }
})
const LINKED = ['@anthropic-ai/sdk', '@aws-sdk/client-bedrock-runtime', '@google/genai', '@types/node', 'openai']

const dir = mkdtempSync(join(tmpdir(), 'mcp-tool-result-readme-'))
after(() => rmSync(dir, { recursive: true, force: true }))

/** Request bodies received by the stand-in providers, by request path. */
const received = []

/** A minimal valid response for each provider endpoint the examples call. */
function reply(path) {
  if (path === '/v1/messages') {
    return {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'ok' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    }
  }
  if (path === '/v1/chat/completions') {
    return {
      id: 'chatcmpl_1',
      object: 'chat.completion',
      created: 0,
      model: 'gpt-4.1',
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok', refusal: null }, finish_reason: 'stop', logprobs: null }],
    }
  }
  if (path === '/v1/responses') {
    return {
      id: 'resp_1',
      object: 'response',
      created_at: 0,
      status: 'completed',
      model: 'gpt-4.1',
      output: [
        { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'ok', annotations: [] }] },
      ],
    }
  }
  if (/^\/v1beta\/models\/[^/]+:generateContent$/.test(path)) {
    return { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }] }
  }
  if (/^\/model\/[^/]+\/converse$/.test(path)) {
    return {
      output: { message: { role: 'assistant', content: [{ text: 'ok' }] } },
      stopReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      metrics: { latencyMs: 1 },
    }
  }
  return undefined
}

function collect(stream, done) {
  const chunks = []
  stream.on('data', (c) => chunks.push(c))
  stream.on('end', () => done(Buffer.concat(chunks).toString('utf8')))
}

// HTTP/1.1 for Anthropic, OpenAI and Gemini; HTTP/2 without TLS for Bedrock, as its SDK speaks.
const http1 = createHttpServer((request, response) => {
  collect(request, (body) => {
    const path = new URL(request.url, 'http://x').pathname
    received.push({ path, body })
    const answer = reply(path)
    response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answer ?? { error: `no such path ${path}` }))
  })
})
const http2 = createHttp2Server()
http2.on('stream', (stream, headers) => {
  collect(stream, (body) => {
    const path = headers[':path']
    received.push({ path, body })
    const answer = reply(path)
    stream.respond({ ':status': answer ? 200 : 404, 'content-type': 'application/json' })
    stream.end(JSON.stringify(answer ?? { message: `no such path ${path}` }))
  })
})
const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)))
let env

before(async () => {
  const [port1, port2] = await Promise.all([listen(http1), listen(http2)])
  const base = `http://127.0.0.1:${port1}`
  env = {
    PATH: process.env.PATH,
    HOME: dir,
    NO_PROXY: '127.0.0.1',
    ANTHROPIC_BASE_URL: base,
    ANTHROPIC_API_KEY: 'test',
    OPENAI_BASE_URL: `${base}/v1`,
    OPENAI_API_KEY: 'test',
    GOOGLE_GEMINI_BASE_URL: base,
    GEMINI_API_KEY: 'test',
    AWS_ENDPOINT_URL_BEDROCK_RUNTIME: `http://127.0.0.1:${port2}`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_MAX_ATTEMPTS: '1',
  }
})
after(() => {
  http1.close()
  http2.close()
})

test('README.md has examples, with their output, for every provider SDK', () => {
  assert.ok(examples.filter((e) => e.output !== undefined).length >= 9, `found ${examples.length} examples`)
  for (const sdk of ['@anthropic-ai/sdk', 'openai', '@google/genai', '@aws-sdk/client-bedrock-runtime']) {
    assert.ok(examples.some((e) => e.code.includes(`from '${sdk}'`)), sdk)
  }
})

test('every example type-checks under strict and compiles', () => {
  mkdirSync(join(dir, 'node_modules', '@aws-sdk'), { recursive: true })
  mkdirSync(join(dir, 'node_modules', '@anthropic-ai'), { recursive: true })
  mkdirSync(join(dir, 'node_modules', '@google'), { recursive: true })
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true })
  symlinkSync(packageDir, join(dir, 'node_modules', 'mcp-tool-result'), 'dir')
  for (const name of LINKED) symlinkSync(join(packageDir, 'node_modules', name), join(dir, 'node_modules', name), 'dir')
  for (const { name, ext, code } of examples) writeFileSync(join(dir, `${name}.${ext}`), code)
  const compilerOptions = {
    strict: true,
    allowJs: true,
    checkJs: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    types: ['node'],
    skipLibCheck: true,
    outDir: 'out',
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.mts', '*.mjs', '*.cjs'] }))
  return promisify(execFile)(process.execPath, [join(packageDir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], {
    cwd: dir,
  })
    .catch((e) => assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`))
    .then(linkRecorder)
})

/** The compiled examples import the package through test/readme-record.cjs. */
function linkRecorder() {
  const at = join(dir, 'out', 'node_modules', 'mcp-tool-result')
  mkdirSync(at, { recursive: true })
  const exports = { '.': { import: './index.mjs', require: './index.cjs' }, './wasm': { import: './wasm.mjs', require: './wasm.cjs' } }
  writeFileSync(join(at, 'package.json'), JSON.stringify({ name: 'mcp-tool-result', exports }))
  writeFileSync(join(at, 'index.cjs'), `module.exports = require(${JSON.stringify(join(packageDir, 'test', 'readme-record.cjs'))})\n`)
  const names = 'convert, convertJson, convertAsync, convertJsonAsync, toCopilot, extractImages, extractImagesJson, targetNames, ConvertError, backend, init'
  writeFileSync(join(at, 'index.mjs'), `import m from './index.cjs'\nexport const { ${names} } = m\nexport default m\n`)
  writeFileSync(join(at, 'wasm.cjs'), `module.exports = require(${JSON.stringify(join(packageDir, 'wasm', 'node.cjs'))})\n`)
  writeFileSync(join(at, 'wasm.mjs'), `export * from ${JSON.stringify(pathToFileURL(join(packageDir, 'wasm', 'node.mjs')).href)}\n`)
}

const repo = join(packageDir, '..')
let cliPath = null

/** The core's CLI (the debug build `make check-generated` also uses), where cargo says it built it. */
function cli() {
  if (cliPath === null) {
    const env = { ...process.env, CARGO_TARGET_DIR: join(repo, 'target') }
    const args = ['build', '-q', '-p', 'mcp-tool-result', '--features', 'cli', '--bin', 'mcp-tool-result', '--message-format=json']
    const messages = execFileSync('cargo', args, { cwd: repo, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    cliPath = messages.split('\n').filter(Boolean).map((line) => JSON.parse(line)).find((m) => m.executable)?.executable ?? null
    assert.ok(cliPath, 'cargo build named no executable')
  }
  return cliPath
}

/** What the core's CLI gives for a recorded call: the Conversion, or `{error: {code, path}}`. */
function coreConversion({ door, input, target, options }) {
  // The binding's defaults, before the caller's options (as api.js sends them).
  const sent = { host: 'node', payload: 'sdk', ...options }
  const args = ['convert', '--to', target, ...Object.entries(sent).flatMap(([k, v]) => ['--option', `${k}=${JSON.stringify(v)}`]), '-']
  const stdin = door === 'json' ? input : JSON.stringify(input)
  try {
    return { result: JSON.parse(execFileSync(cli(), args, { input: stdin, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] })) }
  } catch (e) {
    const m = /^mcp-tool-result: ([a-z_]+)(?: at (\S*))?: /.exec(e.stderr ?? '')
    assert.ok(m, `the CLI failed: ${e.stderr ?? e}`)
    return { error: { code: m[1], path: m[2] ?? '' } }
  }
}

let checked = 0

for (const { name, ext, code, output } of examples.filter((e) => e.output !== undefined)) {
  test(`README ${name} prints what the README says`, async () => {
    const from = received.length
    const file = join(dir, 'out', `${name}.${ext === 'mts' ? 'mjs' : ext}`)
    const record = join(dir, `${name}.record.jsonl`)
    const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: dir, env: { ...env, MTR_README_RECORD: record } })
    assert.equal(stdout, output)
    const calls = existsSync(record) ? readFileSync(record, 'utf8').trim().split('\n').map((line) => JSON.parse(line)) : []
    for (const { result, error, outputOnly, ...call } of calls) {
      const core = coreConversion(call)
      const want = core.error || !outputOnly ? core : { result: { output: core.result.output } }
      assert.deepEqual(error ? { error } : { result }, want, JSON.stringify(call))
      checked++
    }
    const requests = received.slice(from)
    // An example that imports a provider SDK (not for its types only) sends one request.
    if (/^import (?!type )[^\n]*from '(@anthropic-ai\/sdk|openai|@google\/genai|@aws-sdk\/client-bedrock-runtime)'/m.test(code)) {
      assert.equal(requests.length, 1, `requests: ${requests.map((r) => r.path)}`)
      // The example's image, as base64 text, occurs once in the request: sent once, as media
      // (Bedrock's bytes are encoded by its SDK), and never again as text.
      const data = code.match(/data: '([A-Za-z0-9+/=]{40,})'/)[1]
      assert.equal(requests[0].body.split(data).length - 1, 1, requests[0].body)
    }
  })
}

test('the README examples made conversions, each checked against the core', () => {
  assert.ok(checked >= 10, `checked ${checked}`)
})
