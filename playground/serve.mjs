// A static file server for the built page, on 127.0.0.1 only: GET and HEAD of the files in one
// folder (no listing, nothing outside it). `serve(dir, {lifetimeMs})` is what the test uses (a
// random free port; the server closes itself after lifetimeMs); `node serve.mjs DIR [PORT]`
// serves the page for a person until Ctrl-C.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
}

/** Starts the server; resolves to `{server, url}` once it listens. */
export async function serve(dir, { port = 0, lifetimeMs = 0 } = {}) {
  const root = resolve(dir)
  const server = createServer(async (req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname)
    const file = resolve(join(root, name === '/' ? 'index.html' : name))
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !file.startsWith(root + sep)) {
      res.writeHead(req.method === 'GET' || req.method === 'HEAD' ? 404 : 405).end()
      return
    }
    try {
      const body = await readFile(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
      res.end(req.method === 'HEAD' ? undefined : body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise((done, fail) => server.once('error', fail).listen(port, '127.0.0.1', done))
  if (lifetimeMs > 0) {
    const timer = setTimeout(() => {
      server.close()
      server.closeAllConnections()
    }, lifetimeMs)
    timer.unref()
    server.once('close', () => clearTimeout(timer))
  }
  return { server, url: `http://127.0.0.1:${server.address().port}/` }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, port = '8000'] = process.argv.slice(2)
  if (!dir) throw new Error('usage: node serve.mjs DIR [PORT]')
  const { url } = await serve(dir, { port: Number(port) })
  console.log(`The playground: ${url} (Ctrl-C stops the server)`)
}
