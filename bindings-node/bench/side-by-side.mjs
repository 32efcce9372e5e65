// Side-by-side timing for the Node benchmarks: every function is warmed up, then each round times
// one batch of each in turn, so a change in the shared machine's speed touches all of them alike.
// Times are CPU time (user + system of this process, background threads included) or wall time.

/** How many calls of `fn` take about `ms` milliseconds. */
function batchSize(fn, ms) {
  let n = 1
  for (;;) {
    const t = process.hrtime.bigint()
    for (let i = 0; i < n; i++) fn()
    if (Number(process.hrtime.bigint() - t) / 1e6 >= ms || n >= 1 << 20) return n
    n *= 2
  }
}

/**
 * The best and the median ns per call of each of `fns`, over `rounds` rounds of one batch of
 * about `batchMs` ms each, after `warmMs` ms of calls (V8 compiles with a baseline tier first).
 * `cpu`: CPU time (which other processes do not inflate), else wall time (what a caller waits).
 * @param {Array<() => unknown>} fns
 * @returns {Array<{ best: number, median: number }>}
 */
export function sideBySide(fns, { rounds = 15, batchMs = 10, warmMs = 500, cpu = true } = {}) {
  const elapsedNs = cpu
    ? (start) => {
        const used = process.cpuUsage(start)
        return (used.user + used.system) * 1000
      }
    : (start) => Number(process.hrtime.bigint() - start)
  const now = cpu ? () => process.cpuUsage() : () => process.hrtime.bigint()
  const runs = fns.map((call) => {
    const warm = process.hrtime.bigint()
    while (Number(process.hrtime.bigint() - warm) / 1e6 < warmMs) call()
    return { call, n: batchSize(call, batchMs), times: [] }
  })
  for (let r = 0; r < rounds; r++) {
    for (const run of runs) {
      const start = now()
      for (let i = 0; i < run.n; i++) run.call()
      run.times.push(elapsedNs(start) / run.n)
    }
  }
  return runs.map(({ times }) => {
    times.sort((a, b) => a - b)
    return { best: times[0], median: times[times.length >> 1] }
  })
}
