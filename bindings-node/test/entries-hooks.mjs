// Module hooks of entries.test.mjs: a `.wasm` import gives the compiled module (as in Workers),
// and a source phase import (Deno), which Node 20 cannot parse, becomes a default import.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export async function load(url, context, nextLoad) {
  if (url.endsWith('.wasm')) {
    const path = JSON.stringify(fileURLToPath(url))
    const source = `import { readFileSync } from 'node:fs'\nexport default new WebAssembly.Module(readFileSync(${path}))\n`
    return { format: 'module', source, shortCircuit: true }
  }
  if (url.endsWith('/wasm/deno.mjs')) {
    const source = readFileSync(fileURLToPath(url), 'utf8').replace('import source wasm from', 'import wasm from')
    return { format: 'module', source, shortCircuit: true }
  }
  return nextLoad(url, context)
}
