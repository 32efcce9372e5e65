// For the runtime tests: the package as a user gets it (npm pack, installed from the tarball
// into a temp project, offline), and the native addon's answers to compare with.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const packageDir = fileURLToPath(new URL('../../..', import.meta.url))

/** The screenshot result of the demo: text, a real PNG, a text resource, a resource_link. */
export const demo = readFileSync(join(packageDir, '..', 'conformance', 'demo', 'browser-screenshot.json'), 'utf8')

/** The requests every runtime answers: the demo for each target, and a strict failure. */
export const requests = [
  ...['bedrock', 'anthropic', 'openai-chat', 'openai-responses', 'gemini', 'copilot', 'mcp'].map((target) => ({
    name: `the screenshot result for ${target}`,
    target,
    options: { toolCallId: 'call_1' },
    body: demo,
  })),
  {
    name: 'a strict repair raises the ConvertError',
    target: 'anthropic',
    options: { strict: true },
    body: JSON.stringify({ content: [{ type: 'image', data: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=', mimeType: 'image/png' }] }),
  },
]

function tools() {
  if (!process.env.TOOLS) throw new Error('TOOLS must name the folder with esbuild, workerd and deno installed')
  return process.env.TOOLS
}

/** Where a tool's command is installed (wasm/Makefile caches them in TOOLS). */
export function tool(name) {
  return join(tools(), 'node_modules', '.bin', name)
}

/** The workerd binary itself (its npm command is a Node wrapper that would outlive a kill). */
export function workerdBinary() {
  return createRequire(join(tools(), 'package.json'))('workerd').default
}

/** A temp project with the packed package installed: `{work, app}`. */
export function installPacked(prefix) {
  const work = mkdtempSync(join(tmpdir(), prefix))
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: packageDir }))
  const app = join(work, 'app')
  mkdirSync(app)
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, packed[0].filename)], { cwd: app, stdio: 'ignore' })
  return { work, app }
}

/** A JSON.stringify replacer writing bytes as the runtimes' scripts do (before Buffer's toJSON). */
export function bytesAsJson(key, value) {
  const raw = this[key]
  return raw instanceof Uint8Array ? { $bytes: Buffer.from(raw).toString('base64') } : value
}

/** The native addon of the installed package, as Node resolves it by name. */
export function nativeOf(app) {
  return createRequire(join(app, 'package.json'))('mcp-tool-result')
}

/** What a runtime must answer for `request`: the native conversion (or error), encoded alike. */
export function expected(native, { target, options, body }) {
  let out
  try {
    out = { backend: 'wasm', conversion: native.convert(JSON.parse(body), target, options) }
  } catch (e) {
    out = { backend: 'wasm', error: { name: e.name, code: e.code, path: e.path } }
  }
  return JSON.parse(JSON.stringify(out, bytesAsJson))
}
