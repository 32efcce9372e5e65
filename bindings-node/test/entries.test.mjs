// Every entry of the package exports the names of names.js (the one list), and `default` holds
// the same names. Node cannot load the Workers and Deno entries as they are (a `.wasm` import;
// a source phase import), so hooks (entries-hooks.mjs) hand them the compiled module.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire, register } from 'node:module'
import { test } from 'node:test'

register('./entries-hooks.mjs', import.meta.url)

const require = createRequire(import.meta.url)
const NAMES = Object.keys(require('../names.js')).sort()
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))

/** The ES module entries: index.mjs and every file of the exports map that is not CommonJS. */
function entries() {
  const files = new Set(['./index.mjs'])
  for (const conditions of Object.values(packageJson.exports)) {
    if (typeof conditions !== 'object') continue
    for (const [condition, file] of Object.entries(conditions)) {
      if (condition !== 'types' && file.endsWith('.mjs')) files.add(file)
    }
  }
  return [...files].sort()
}

test('the entries are the six expected files', () => {
  assert.deepEqual(entries(), [
    './index.mjs',
    './wasm/browser.mjs',
    './wasm/deno.mjs',
    './wasm/node.mjs',
    './wasm/select.mjs',
    './wasm/workerd.mjs',
  ])
})

test('the list names the API, `backend` and `init`', () => {
  assert.deepEqual(NAMES, [
    'ConvertError',
    'backend',
    'convert',
    'convertAsync',
    'convertJson',
    'convertJsonAsync',
    'extractImages',
    'extractImagesJson',
    'init',
    'targetNames',
    'toCopilot',
  ])
})

for (const file of entries()) {
  test(`${file} exports exactly the names of names.js, each defined, and as its default`, async () => {
    const entry = await import(new URL('.' + file, import.meta.url).href)
    const { default: all, ...named } = entry
    assert.deepEqual(Object.keys(named).sort(), NAMES)
    for (const name of NAMES) assert.notEqual(named[name], undefined, `${file}: ${name} is undefined`)
    assert.deepEqual(Object.keys(all).sort(), NAMES)
    for (const name of NAMES) assert.equal(all[name], named[name], `${file}: default.${name}`)
  })
}

for (const file of ['../index.js', '../wasm/node.cjs', '../wasm/select.cjs']) {
  test(`require('${file}') gives the same names`, () => {
    assert.deepEqual(Object.keys(require(file)).sort(), NAMES)
  })
}
