// The leak soak of each build (test/soak.mjs) in its own process, so that its resident set is
// its own: short here (SOAK_N, default 3000), a million calls under `make soak`.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

import { BUILDS } from './soak-support.mjs'

const SOAK = fileURLToPath(new URL('./soak.mjs', import.meta.url))

for (const name of BUILDS) {
  test(`soak ${name}: resident set bounded, outcomes stable`, () => {
    const run = spawnSync(process.execPath, ['--expose-gc', SOAK, name], { encoding: 'utf8', maxBuffer: 1 << 24 })
    process.stdout.write(run.stdout)
    assert.equal(run.status, 0, run.stderr)
    assert.match(run.stdout, new RegExp(`^soak node-${name}: N=\\d+ `))
  })
}
