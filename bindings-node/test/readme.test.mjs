// Runs every ```js example of README.md and compares what it prints with the ```text block
// that follows it. The examples import the package by name, through a node_modules link.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8')
const examples = [...readme.matchAll(/```js\n([\s\S]*?)```\s*```text\n([\s\S]*?)```/g)].map((m) => ({
  code: m[1],
  output: m[2],
}))

const dir = mkdtempSync(join(tmpdir(), 'mcp-tool-result-readme-'))
mkdirSync(join(dir, 'node_modules'))
symlinkSync(packageDir, join(dir, 'node_modules', 'mcp-tool-result'), 'dir')
after(() => rmSync(dir, { recursive: true, force: true }))

test('README.md has examples with their output', () => {
  assert.ok(examples.length >= 3, `found ${examples.length} examples`)
})

examples.forEach(({ code, output }, i) => {
  test(`README example ${i + 1}`, () => {
    const file = join(dir, `example-${i + 1}.${/^import /m.test(code) ? 'mjs' : 'cjs'}`)
    writeFileSync(file, code)
    const printed = execFileSync(process.execPath, [file], { cwd: dir, encoding: 'utf8' })
    assert.equal(printed, output)
  })
})
