// The conformance suite through the native addon (runner: conformance-runner.mjs); a JSON
// text's UTF-8 door is given a Buffer.
import * as api from '../index.mjs'
import { runConformance } from './conformance-runner.mjs'

runConformance({ api, name: 'node', utf8: (text) => Buffer.from(text) })
