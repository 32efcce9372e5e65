// `make playground`: the static page in OUT. esbuild bundles src/app.mjs and src/worker.mjs
// (which converts), resolving the package
// `mcp-tool-result` (bindings-node, linked by name) through its `browser` export condition as a
// browser bundler does; the .wasm that build loads goes next to the bundle, with the page, its
// style sheet and the examples. Usage: node build.mjs --tools <dir with esbuild> --out <dir>
import { copyFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

import { examples } from './examples.mjs'

const { values: args } = parseArgs({ options: { tools: { type: 'string' }, out: { type: 'string' } } })
if (!args.tools || !args.out) throw new Error('usage: node build.mjs --tools <dir> --out <dir>')
const here = fileURLToPath(new URL('.', import.meta.url))
const packageDir = fileURLToPath(new URL('../bindings-node/', import.meta.url))
const esbuild = createRequire(resolve(args.tools, 'package.json'))('esbuild')

// The package by its name, as an app that installed it would import it.
const modules = join(args.tools, 'link')
rmSync(modules, { recursive: true, force: true })
mkdirSync(modules)
symlinkSync(packageDir, join(modules, 'mcp-tool-result'), 'dir')

rmSync(args.out, { recursive: true, force: true })
mkdirSync(args.out, { recursive: true })
const { metafile } = await esbuild.build({
  entryPoints: [
    { in: join(here, 'src', 'app.mjs'), out: 'app' },
    { in: join(here, 'src', 'worker.mjs'), out: 'worker' },
  ],
  outdir: args.out,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  nodePaths: [modules],
  metafile: true,
  logLevel: 'warning',
})
const entry = relative(process.cwd(), join(packageDir, 'wasm', 'browser.mjs'))
if (!(entry in metafile.inputs)) {
  throw new Error(`the bundle does not hold ${entry} (the browser build): ${Object.keys(metafile.inputs).join(', ')}`)
}
copyFileSync(join(packageDir, 'wasm', 'mcp_tool_result.wasm'), join(args.out, 'mcp_tool_result.wasm'))
copyFileSync(join(here, 'index.html'), join(args.out, 'index.html'))
copyFileSync(join(here, 'style.css'), join(args.out, 'style.css'))
writeFileSync(join(args.out, 'examples.json'), JSON.stringify(examples()))
