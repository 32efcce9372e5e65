// The fifth conformance runner: the suite through the wasm build in Node (runner:
// ../../test/conformance-runner.mjs); a JSON text's UTF-8 door is given a plain Uint8Array.
import assert from 'node:assert/strict'
import { test } from 'node:test'

import * as api from '../node.mjs'
import { runConformance } from '../../test/conformance-runner.mjs'

test('the runner uses the wasm build', () => assert.equal(api.backend, 'wasm'))
runConformance({ api, name: 'node-wasm', utf8: (text) => new TextEncoder().encode(text) })
