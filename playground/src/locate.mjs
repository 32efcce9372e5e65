// Where a JSON Pointer (RFC 6901) points in JSON text: the character range of the value it
// names, so that a diagnostic's path can be highlighted in the text the user typed. Scans the
// text itself (no parse tree): the members and elements on the way are walked, everything else
// is skipped by bracket counting, so any nesting depth costs no stack. Also: the offset of a
// `line, column` position, for text that is not JSON.

/** The reference tokens of a pointer (`''` is the whole value). */
export function pointerTokens(pointer) {
  if (pointer === '') return []
  if (pointer[0] !== '/') return null
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
}

const WS = new Set([' ', '\t', '\n', '\r'])

function skipWs(text, at) {
  while (at < text.length && WS.has(text[at])) at++
  return at
}

/** The end of the string token starting at `at` (a `"`), or -1. */
function stringEnd(text, at) {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '"') return i + 1
  }
  return -1
}

/** The end of the value starting at `at` (after whitespace), or -1 when the text ends first. */
function valueEnd(text, at) {
  const first = text[at]
  if (first === '"') return stringEnd(text, at)
  if (first !== '{' && first !== '[') {
    let i = at
    while (i < text.length && !WS.has(text[i]) && !',]}:'.includes(text[i])) i++
    return i > at ? i : -1
  }
  let depth = 0
  for (let i = at; i < text.length; i++) {
    const c = text[i]
    if (c === '"') {
      i = stringEnd(text, i) - 1
      if (i < 0) return -1
    } else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      depth--
      if (depth === 0) return i + 1
    }
  }
  return -1
}

/** Calls `visit(key, valueStart)` for each member of the object at `at`; false on malformed text. */
function eachMember(text, at, visit) {
  let i = skipWs(text, at + 1)
  if (text[i] === '}') return true
  for (;;) {
    if (text[i] !== '"') return false
    const keyEnd = stringEnd(text, i)
    if (keyEnd < 0) return false
    let key
    try {
      key = JSON.parse(text.slice(i, keyEnd))
    } catch {
      return false
    }
    i = skipWs(text, keyEnd)
    if (text[i] !== ':') return false
    const start = skipWs(text, i + 1)
    const end = valueEnd(text, start)
    if (end < 0) return false
    visit(key, start)
    i = skipWs(text, end)
    if (text[i] === '}') return true
    if (text[i] !== ',') return false
    i = skipWs(text, i + 1)
  }
}

/** The start of element `index` of the array at `at`, or -1. */
function elementStart(text, at, index) {
  let i = skipWs(text, at + 1)
  if (text[i] === ']') return -1
  for (let n = 0; ; n++) {
    if (n === index) return i
    const end = valueEnd(text, i)
    if (end < 0) return -1
    i = skipWs(text, end)
    if (text[i] !== ',') return -1
    i = skipWs(text, i + 1)
  }
}

/** The start of the child `token` of the value at `at`, or -1 when it has none. */
function childStart(text, at, token) {
  if (text[at] === '{') {
    let found = -1
    // A repeated key: the last one is the member a JSON parser keeps.
    const ok = eachMember(text, at, (key, start) => {
      if (key === token) found = start
    })
    return ok ? found : -1
  }
  if (text[at] === '[' && /^(0|[1-9][0-9]*)$/.test(token)) return elementStart(text, at, Number(token))
  return -1
}

/**
 * The range `{start, end}` (end exclusive) of the value `pointer` names in `text`, with
 * `exact: false` when the text does not hold it: then the range is the deepest value on the
 * way that it does hold (a missing member highlights its object). Null for text that is not
 * JSON where the walk needs it, or a pointer that is not one.
 */
export function locate(text, pointer) {
  const tokens = pointerTokens(pointer)
  if (tokens === null) return null
  let start = skipWs(text, 0)
  let end = valueEnd(text, start)
  if (end < 0) return null
  for (const token of tokens) {
    const child = childStart(text, start, token)
    const childEnd = child < 0 ? -1 : valueEnd(text, child)
    if (childEnd < 0) return { start, end, exact: false }
    start = child
    end = childEnd
  }
  return { start, end, exact: true }
}

/**
 * Where text that is not JSON goes wrong, as an offset into `text`, when the core's message names a
 * `line L, column C` (messages are for people, so this is a convenience that may find nothing).
 */
export function textOffset(text, message) {
  const at = /line (\d+), column (\d+)/.exec(message)
  if (at === null) return undefined
  let offset = 0
  for (let line = 1; line < Number(at[1]); line++) {
    const next = text.indexOf('\n', offset)
    if (next < 0) return undefined
    offset = next + 1
  }
  return Math.min(text.length, offset + Number(at[2]) - 1)
}
