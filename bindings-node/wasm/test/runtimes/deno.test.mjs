// The package in Deno: installed from the npm tarball into a temp project, imported by name
// (the `deno` condition: the wasm build, loaded synchronously, no permission granted); each
// answer must equal the native addon's conversion of the same result in Node.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'

import { expected, installPacked, nativeOf, requests, tool } from './package.mjs'

let work = null
let answers = null
let native = null

before(() => {
  const installed = installPacked('mtr-deno-')
  work = installed.work
  cpSync(new URL('deno-main.mjs', import.meta.url), join(installed.app, 'main.mjs'))
  const out = execFileSync(tool('deno'), ['run', '--no-prompt', '--no-remote', 'main.mjs'], {
    cwd: installed.app,
    input: JSON.stringify(requests),
    env: { ...process.env, DENO_DIR: join(work, 'deno-cache'), NO_COLOR: '1' },
    timeout: 60_000,
  })
  answers = JSON.parse(out)
  native = nativeOf(installed.app)
})

after(() => {
  if (work !== null) rmSync(work, { recursive: true, force: true })
})

requests.forEach((request, i) => {
  test(`deno: ${request.name}, as the native addon converts it`, () => {
    assert.deepEqual(answers[i], expected(native, request))
  })
})
