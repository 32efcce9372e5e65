// One worker of soak-workers.test.mjs: runs every call of workerData.calls through the build
// workerData.build, from its own offset (odd workers backwards), and posts the outcomes back.
import { parentPort, workerData } from 'node:worker_threads'

import { build, outcome } from './soak-support.mjs'

const { name, calls, index, workers, rounds } = workerData
const api = await build(name)
const outcomes = new Array(calls.length)
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < calls.length; k++) {
    let i = (k + Math.floor((index * calls.length) / workers)) % calls.length
    if (index % 2) i = calls.length - 1 - i
    outcomes[i] = outcome(api, calls[i])
  }
}
parentPort.postMessage(outcomes)
