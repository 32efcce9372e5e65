// Loads the conformance fixtures for the conformance and differential tests (no tests here).
import { readdirSync, readFileSync, statSync } from 'node:fs'
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
      const key = `${fixture.target}/${fixture.topic}#${c.id}`
      if (key.includes(filter)) cases.push({ key, fileTarget: fixture.target, target: c.target ?? fixture.target, case: c })
    }
  }
  return cases
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
