// Loads the conformance fixtures for the conformance and differential tests (no tests here);
// `{"$image": name}` in an input becomes the base64 of that test image (conformance/images).
// `unbytes` gives outputs as JSON for the conformance runner and the cross-check's.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The fixture folder: `CONFORMANCE_DIR`, else ../../conformance/fixtures from this file. */
export const fixturesDir =
  process.env.CONFORMANCE_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'conformance', 'fixtures')

function jsonFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) jsonFiles(path, out)
    else if (name.endsWith('.json')) out.push(path)
  }
  return out
}

/**
 * Every case as `{key, fileTarget, target, case}`, in file order; `CONFORMANCE_FILTER` keeps
 * the case keys containing it.
 */
export function loadCases() {
  const filter = process.env.CONFORMANCE_FILTER ?? ''
  const cases = []
  for (const file of jsonFiles(fixturesDir).sort()) {
    const fixture = JSON.parse(readFileSync(file, 'utf8'))
    for (const c of fixture.cases) {
      if (c.input !== undefined) c.input = resolveImages(c.input)
      const key = `${fixture.target}/${fixture.topic}#${c.id}`
      if (key.includes(filter)) cases.push({ key, fileTarget: fixture.target, target: c.target ?? fixture.target, case: c })
    }
  }
  return cases
}

const imageCache = new Map()

/** The base64 of test image `name`: conformance/images, else its generated/ folder. */
function imageBase64(name) {
  if (!imageCache.has(name)) {
    const images = join(fixturesDir, '..', 'images')
    const path = [join(images, name), join(images, 'generated', name)].find((p) => existsSync(p))
    if (path === undefined) throw new Error(`test image ${name}: not in ${images} (run \`make conformance-images\`)`)
    imageCache.set(name, readFileSync(path).toString('base64'))
  }
  return imageCache.get(name)
}

/** `value` with every `{"$image": name}` replaced by the base64 of that test image. */
function resolveImages(value) {
  if (Array.isArray(value)) return value.map(resolveImages)
  if (typeof value !== 'object' || value === null) return value
  const keys = Object.keys(value)
  if (keys.length === 1 && typeof value.$image === 'string') return imageBase64(value.$image)
  return Object.fromEntries(keys.map((k) => [k, resolveImages(value[k])]))
}

/** A Conversion without diagnostic messages; throws if a message is missing or empty. */
export function withoutMessages(conversion) {
  if (!conversion.diagnostics) return conversion
  const diagnostics = conversion.diagnostics.map(({ message, ...rest }) => {
    if (typeof message !== 'string' || message === '') {
      throw new Error(`diagnostic ${JSON.stringify(rest)} has no message`)
    }
    return rest
  })
  return { ...conversion, diagnostics }
}

/** `value` (a call's result: a Conversion or an Extraction) with each Uint8Array replaced by its base64 text, and the pointers where they were. */
export function unbytes(value, path = '', found = []) {
  if (value instanceof Uint8Array) {
    found.push(path)
    return { value: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'), found }
  }
  if (typeof value !== 'object' || value === null) return { value, found }
  const out = Array.isArray(value) ? [] : {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = unbytes(item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found).value
  }
  return { value: out, found }
}
