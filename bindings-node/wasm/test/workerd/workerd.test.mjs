// The package in the real Workers runtime: `npm pack`, install the tarball into a temp project,
// bundle worker.mjs with esbuild under the `workerd` condition (offline), serve it with workerd
// on 127.0.0.1 and POST it a real MCP result holding a PNG; each answer must equal the native
// addon's conversion of the same result in Node. TOOLS is the folder where esbuild and workerd
// are installed (wasm/Makefile caches them). Every wait is bounded; workerd is stopped after.
import assert from 'node:assert/strict'
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const packageDir = join(here, '..', '..', '..')
const demo = readFileSync(join(packageDir, '..', 'conformance', 'demo', 'browser-screenshot.json'), 'utf8')
const tools = process.env.TOOLS
const bin = (name) => join(tools, 'node_modules', '.bin', name)
const work = mkdtempSync(join(tmpdir(), 'mtr-workerd-'))
let workerd = null
let port = 0
let native = null
let log = ''

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

const config = (bundle, wasm, port) => `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "${bundle}"),
    (name = "${wasm}", wasm = embed "dist/${wasm}"),
  ],
  compatibilityDate = "2025-01-01",
);
`

async function post(target, body, options) {
  const query = new URLSearchParams({ target })
  if (options) query.set('options', JSON.stringify(options))
  const response = await fetch(`http://127.0.0.1:${port}/?${query}`, { method: 'POST', body, signal: AbortSignal.timeout(10_000) })
  assert.equal(response.status, 200, await response.clone().text())
  return response.json()
}

/** The native addon's answer for the same request, encoded as the worker encodes it. */
function expected(target, body, options) {
  let out
  try {
    out = { backend: 'wasm', conversion: native.convert(JSON.parse(body), target, options) }
  } catch (e) {
    out = { backend: 'wasm', error: { name: e.name, code: e.code, path: e.path } }
  }
  const bytes = (k, v) => (v instanceof Uint8Array ? { $bytes: Buffer.from(v).toString('base64') } : v)
  return JSON.parse(JSON.stringify(out, bytes))
}

before(async () => {
  assert.ok(tools, 'TOOLS must name the folder with esbuild and workerd installed')
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: packageDir }))
  const tarball = join(work, packed[0].filename)
  const app = join(work, 'app')
  cpSync(join(here, 'worker.mjs'), join(app, 'worker.mjs'))
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'worker-app', private: true, type: 'module' }))
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: app, stdio: 'ignore' })
  execFileSync(
    bin('esbuild'),
    ['worker.mjs', '--bundle', '--format=esm', '--platform=neutral', '--conditions=workerd,worker', '--loader:.wasm=copy', '--outdir=dist', '--metafile=meta.json', '--log-level=warning'],
    { cwd: app },
  )
  const inputs = Object.keys(JSON.parse(readFileSync(join(app, 'meta.json'), 'utf8')).inputs)
  assert.ok(inputs.includes('node_modules/mcp-tool-result/wasm/workerd.mjs'), `bundled: ${inputs.join(', ')}`)
  const wasm = readdirSync(join(app, 'dist')).find((name) => name.endsWith('.wasm'))
  assert.ok(wasm, 'esbuild copied the .wasm module next to the bundle')
  port = await freePort()
  writeFileSync(join(app, 'config.capnp'), config('dist/worker.js', wasm, port))
  workerd = spawn(bin('workerd'), ['serve', 'config.capnp'], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] })
  workerd.stdout.on('data', (d) => (log += d))
  workerd.stderr.on('data', (d) => (log += d))
  native = createRequire(join(app, 'package.json'))('mcp-tool-result')
  assert.equal(native.backend, 'native', 'Node resolves the installed package to the native addon')
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) })
      break
    } catch (e) {
      if (workerd.exitCode !== null || attempt === 50) throw new Error(`workerd did not start: ${e.message}\n${log}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
})

after(() => {
  if (workerd !== null && workerd.exitCode === null) workerd.kill()
  rmSync(work, { recursive: true, force: true })
})

for (const target of ['bedrock', 'anthropic', 'openai-chat', 'openai-responses', 'gemini', 'copilot', 'mcp']) {
  test(`workerd converts the screenshot result for ${target} as the native addon does`, async () => {
    const got = await post(target, demo, { toolCallId: 'call_1' })
    assert.equal(got.backend, 'wasm')
    assert.deepEqual(got, expected(target, demo, { toolCallId: 'call_1' }))
  })
}

test('workerd raises the native ConvertError for a strict repair', async () => {
  const body = JSON.stringify({ content: [{ type: 'image', data: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png' }] })
  const got = await post('anthropic', body, { strict: true })
  assert.equal(got.error.name, 'ConvertError')
  assert.deepEqual(got, expected('anthropic', body, { strict: true }))
})
