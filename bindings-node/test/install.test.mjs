// Packs the package with `npm pack`, installs the tarball into a fresh project (no network),
// loads it with require and import, and type-checks a TypeScript consumer against the
// installed package, the MCP SDK's CallToolResult and the Copilot SDK's ToolResultObject, and
// every expected output of the conformance fixtures against the package's output types.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'

import { loadCases } from './fixtures.mjs'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
/** The SDKs the consumer imports (linked from this package's node_modules: the pinned versions). */
const SDKS = [
  '@github/copilot-sdk',
  '@modelcontextprotocol/sdk',
  '@anthropic-ai/sdk',
  'openai',
  '@google/genai',
  '@aws-sdk/client-bedrock-runtime',
  '@mariozechner/pi-ai',
  '@types/node',
]
const work = mkdtempSync(join(tmpdir(), 'mcp-tool-result-install-'))
const project = join(work, 'project')
let packed

function run(command, args, cwd) {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

before(() => {
  ;[packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], packageDir))
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, packed.filename)], project)
})
after(() => rmSync(work, { recursive: true, force: true }))

test('the tarball holds the loader, both entry points, the types, the addon and the wasm build', () => {
  const files = packed.files.map((f) => f.path).sort()
  assert.deepEqual(files, [
    'README.md',
    'api.js',
    'binding.js',
    'index.d.ts',
    'index.js',
    'index.mjs',
    'mcp-tool-result.linux-x64-gnu.node',
    'names.js',
    'package.json',
    'placeholders.js',
    'wasm/backend.js',
    'wasm/browser.mjs',
    'wasm/deno.mjs',
    'wasm/mcp_tool_result.wasm',
    'wasm/node.cjs',
    'wasm/node.mjs',
    'wasm/select.cjs',
    'wasm/select.mjs',
    'wasm/web.cjs',
    'wasm/workerd.mjs',
  ])
})

test('require() and import of the installed package convert', () => {
  const input = JSON.stringify({ content: [{ type: 'text', text: 'hi' }] })
  writeFileSync(join(project, 'use.cjs'), `console.log(JSON.stringify(require('mcp-tool-result').toCopilot(${input})))`)
  writeFileSync(
    join(project, 'use.mjs'),
    `import { convert } from 'mcp-tool-result'\nconsole.log(JSON.stringify(convert(${input}, 'copilot').output))`,
  )
  const expected = '{"textResultForLlm":"hi","resultType":"success"}\n'
  assert.equal(run(process.execPath, ['use.cjs'], project), expected)
  assert.equal(run(process.execPath, ['use.mjs'], project), expected)
})

test('a TypeScript consumer type-checks against the installed package and the MCP, Copilot and provider SDKs', () => {
  const modules = join(project, 'node_modules')
  for (const name of SDKS) {
    mkdirSync(dirname(join(modules, name)), { recursive: true })
    symlinkSync(join(packageDir, 'node_modules', name), join(modules, name), 'dir')
  }
  cpSync(join(packageDir, 'test', 'consumer'), join(project, 'ts'), { recursive: true })
  writeFileSync(join(project, 'ts', 'fixtures.mts'), fixtureOutputs())
  typeCheck(['-p', join(project, 'ts')])
})

test('the installed index.d.ts type-checks on its own', () => {
  const dts = join(project, 'node_modules', 'mcp-tool-result', 'index.d.ts')
  typeCheck(['--noEmit', '--strict', '--skipLibCheck', 'false', dts])
})

/** A TypeScript module typing each fixture's expected output (and attachments) by its target. */
function fixtureOutputs() {
  const lines = ["import type { Extraction, TargetAttachment, TargetOutput } from 'mcp-tool-result'"]
  loadCases().forEach(({ key, target, case: c }, i) => {
    if (c.expected === undefined) return
    if (target === 'extract_images') {
      const { diagnostics, ...extraction } = c.expected
      lines.push(`// ${key}`, `export const extraction${i}: Omit<Extraction, 'diagnostics'> = ${JSON.stringify(extraction)}`)
      return
    }
    // Typed by the case's options (so ids must be present with tool_call_id), in the wire form
    // the fixtures write payloads in.
    const t = JSON.stringify(target)
    const o = JSON.stringify({ ...camelCase(c.options ?? {}), payload: 'wire' })
    lines.push(`// ${key}`, `export const output${i}: TargetOutput<${o}>[${t}] = ${JSON.stringify(c.expected.output)}`)
    if (c.expected.attachments) {
      lines.push(`export const attachments${i}: TargetAttachment<${o}>[${t}][] = ${JSON.stringify(c.expected.attachments)}`)
    }
  })
  return lines.join('\n') + '\n'
}

/** Options with camelCase keys, the spelling the types read. */
function camelCase(options) {
  return Object.fromEntries(Object.entries(options).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase()), v]))
}

function typeCheck(args) {
  const tsc = join(packageDir, 'node_modules', 'typescript', 'bin', 'tsc')
  try {
    run(process.execPath, [tsc, ...args], project)
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`)
  }
}
