// The package in a real browser: installed from the npm tarball into a temp project, bundled
// with esbuild for the `browser` condition, served from 127.0.0.1 next to the .wasm it loads
// with `await init()`, and run in headless Chromium (CHROMIUM; wasm/Makefile installs Debian's
// package). The page's answer must equal the native addon's conversion.
import assert from 'node:assert/strict'
import { execFile, execFileSync } from 'node:child_process'
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join } from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'

import { installPacked, nativeOf, tool } from '../runtimes/package.mjs'

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' }
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
let work = null
let server = null
let page = null
let native = null

before(async () => {
  assert.ok(process.env.CHROMIUM, 'CHROMIUM must name the browser binary')
  const installed = installPacked('mtr-browser-')
  work = installed.work
  const { app } = installed
  cpSync(new URL('page.mjs', import.meta.url), join(app, 'page.mjs'))
  const dist = join(app, 'dist')
  mkdirSync(dist)
  execFileSync(tool('esbuild'), ['page.mjs', '--bundle', '--format=esm', '--platform=browser', '--outfile=dist/page.js', '--log-level=warning'], {
    cwd: app,
  })
  copyFileSync(join(app, 'node_modules', 'mcp-tool-result', 'wasm', 'mcp_tool_result.wasm'), join(dist, 'mcp_tool_result.wasm'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body>loading</body><script type="module" src="page.js"></script></html>')
  server = createServer((req, res) => {
    const name = req.url === '/' ? 'index.html' : req.url.slice(1)
    try {
      const body = readFileSync(join(dist, name))
      res.writeHead(200, { 'content-type': TYPES[extname(name)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { stdout } = await promisify(execFile)(
    process.env.CHROMIUM,
    ['--headless', '--no-sandbox', '--disable-gpu', `--user-data-dir=${join(work, 'profile')}`, '--virtual-time-budget=10000', '--dump-dom', `http://127.0.0.1:${server.address().port}/`],
    { timeout: 60_000 },
  )
  const body = /<body>([\s\S]*)<\/body>/.exec(stdout)
  assert.ok(body, `no page body in: ${stdout}`)
  page = JSON.parse(body[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&'))
  native = nativeOf(app)
})

after(() => {
  if (server !== null) server.close()
  if (work !== null) rmSync(work, { recursive: true, force: true })
})

test('the browser build says what to do before init()', () => {
  assert.equal(page.backend, 'wasm')
  assert.match(page.before, /await init\(\)/)
})

test('after init() the browser converts as the native addon does, bytes as a Uint8Array', () => {
  const result = { content: [{ type: 'text', text: 'hi' }, { type: 'image', data: png, mimeType: 'image/png' }] }
  const expected = JSON.stringify(native.convert(result, 'bedrock', { toolCallId: 't1' }), function (key, value) {
    return this[key] instanceof Uint8Array ? Buffer.from(this[key]).toString('base64') : value
  })
  assert.deepEqual(page.result, JSON.parse(expected))
  assert.equal(page.bytesType, 'Uint8Array')
})
