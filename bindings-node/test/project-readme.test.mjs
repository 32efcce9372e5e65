// The project README's Node quickstart runs as written: its one ```js block, importing the
// package by name (the package resolves itself through its `exports`, as an installed one would).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const readme = readFileSync(join(packageDir, '..', 'README.md'), 'utf8')

test('the project README quickstart runs', () => {
  const section = readme.split('\n## Quickstart\n')[1].split('\n## ')[0]
  const blocks = [...section.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1])
  assert.equal(blocks.length, 1, 'the Quickstart section holds one js block')
  assert.match(blocks[0], /from 'mcp-tool-result'/)
  assert.match(blocks[0], /assert/, 'the snippet checks its own results')
  execFileSync(process.execPath, ['--input-type=module', '-e', blocks[0]], { cwd: packageDir, stdio: 'inherit' })
})
