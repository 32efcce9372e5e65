// The package in the real Workers runtime: npm pack, install the tarball into a temp project,
// bundle worker.mjs with esbuild under the `workerd` condition (offline), serve it with workerd
// on 127.0.0.1 and POST it a real MCP result holding a PNG; each answer must equal the native
// addon's conversion of the same result in Node. Every wait is bounded; workerd is stopped after.
import assert from 'node:assert/strict'
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { after, before, test } from 'node:test'

import { expected, installPacked, nativeOf, requests, tool, workerdBinary } from './package.mjs'

let work = null
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

const config = (wasm, port) => `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "dist/worker.js"),
    (name = "${wasm}", wasm = embed "dist/${wasm}"),
  ],
  compatibilityDate = "2025-01-01",
);
`

before(async () => {
  const installed = installPacked('mtr-workerd-')
  work = installed.work
  const { app } = installed
  cpSync(new URL('worker.mjs', import.meta.url), join(app, 'worker.mjs'))
  execFileSync(
    tool('esbuild'),
    ['worker.mjs', '--bundle', '--format=esm', '--platform=neutral', '--conditions=workerd,worker', '--loader:.wasm=copy', '--outdir=dist', '--metafile=meta.json', '--log-level=warning'],
    { cwd: app },
  )
  const inputs = Object.keys(JSON.parse(readFileSync(join(app, 'meta.json'), 'utf8')).inputs)
  assert.ok(inputs.includes('node_modules/mcp-tool-result/wasm/workerd.mjs'), `bundled: ${inputs.join(', ')}`)
  const wasm = readdirSync(join(app, 'dist')).find((name) => name.endsWith('.wasm'))
  assert.ok(wasm, 'esbuild copied the .wasm module next to the bundle')
  port = await freePort()
  writeFileSync(join(app, 'config.capnp'), config(wasm, port))
  workerd = spawn(workerdBinary(), ['serve', 'config.capnp'], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] })
  workerd.stdout.on('data', (d) => (log += d))
  workerd.stderr.on('data', (d) => (log += d))
  native = nativeOf(app)
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
  if (work !== null) rmSync(work, { recursive: true, force: true })
})

for (const request of requests) {
  test(`workerd: ${request.name}, as the native addon converts it`, async () => {
    const query = new URLSearchParams({ target: request.target, options: JSON.stringify(request.options) })
    const response = await fetch(`http://127.0.0.1:${port}/?${query}`, {
      method: 'POST',
      body: request.body,
      signal: AbortSignal.timeout(10_000),
    })
    assert.equal(response.status, 200, await response.clone().text())
    assert.deepEqual(await response.json(), expected(native, request))
  })
}
