// The JSON-text locator: for each pointer, the span it finds must parse to the value a JSON
// parser finds at that pointer (or, for a pointer the text does not hold, at its deepest prefix).
import assert from 'node:assert/strict'
import { test } from 'node:test'

import { locate, pointerTokens, textOffset } from '../src/locate.mjs'

/** The value at `pointer` in `value` by walking the parsed tree, with `exact: false` at the deepest prefix held. */
function walk(value, pointer) {
  let at = value
  for (const token of pointerTokens(pointer)) {
    const holds = Array.isArray(at) ? /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < at.length : at !== null && typeof at === 'object' && Object.hasOwn(at, token)
    if (!holds) return { value: at, exact: false }
    at = at[token]
  }
  return { value: at, exact: true }
}

const TEXT = `{
  "content" : [
    {"type": "text", "text": "a \\"quoted\\" ] } , text"},
    { "type":"image",
      "data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=", "mimeType": "image/png", "annotations": {"audience": ["user", "assistant"]} },
    [1, 2.5e3, -0, true, false, null, {}, []]
  ],
  "a/b": {"m~n": 1, "\\u0041": "escaped key"},
  "": "empty key",
  "dup": 1, "dup": {"kept": true},
  "structuredContent": {"deep": [[[[{"x": "y"}]]]]}
}`

test('each pointer finds the span of its value, escapes and odd keys included', () => {
  const parsed = JSON.parse(TEXT)
  const pointers = [
    '',
    '/content',
    '/content/0/text',
    '/content/1',
    '/content/1/data',
    '/content/1/annotations/audience/1',
    '/content/2/1',
    '/content/2/2',
    '/content/2/5',
    '/content/2/6',
    '/content/2/7',
    '/a~1b',
    '/a~1b/m~0n',
    '/a~1b/A',
    '/',
    '/dup',
    '/dup/kept',
    '/structuredContent/deep/0/0/0/0/x',
  ]
  for (const pointer of pointers) {
    const span = locate(TEXT, pointer)
    assert.ok(span, pointer)
    assert.equal(span.exact, true, pointer)
    assert.deepEqual(JSON.parse(TEXT.slice(span.start, span.end)), walk(parsed, pointer).value, pointer)
  }
  const data = locate(TEXT, '/content/1/data')
  assert.equal(TEXT.slice(data.start, data.end), '"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII="')
})

test('a pointer the text does not hold finds its deepest prefix', () => {
  const parsed = JSON.parse(TEXT)
  for (const pointer of ['/content/1/missing', '/content/9', '/content/01', '/content/0/text/x', '/nothing/at/all', '/content/2/-']) {
    const span = locate(TEXT, pointer)
    const expected = walk(parsed, pointer)
    assert.equal(expected.exact, false, pointer)
    assert.equal(span.exact, false, pointer)
    assert.deepEqual(JSON.parse(TEXT.slice(span.start, span.end)), expected.value, pointer)
  }
})

test('text that is not JSON where the walk goes gives null or the deepest value it could read', () => {
  assert.equal(locate('', '/a'), null)
  assert.equal(locate('{"a": ', '/a'), null)
  assert.equal(locate('{"a": 1}', 'a'), null)
  const broken = '{"a": [1, 2], "b": {"c" 3}}'
  assert.deepEqual(locate(broken, '/b/c'), { start: 19, end: 26, exact: false })
  assert.deepEqual(locate('{"a": [1, 2] "b": 3}', '/a/1'), { start: 0, end: 20, exact: false })
  const fine = '{"a": [1, 2]} trailing'
  assert.equal(fine.slice(locate(fine, '/a/1').start, locate(fine, '/a/1').end), '2')
})

test('a line and column in a message is an offset into the text', () => {
  const text = '{\n  "a": [1,\n  ]\n}'
  assert.equal(textOffset(text, 'expected a JSON value at line 3, column 3'), text.indexOf(']'))
  assert.equal(textOffset(text, 'at line 1, column 1'), 0)
  assert.equal(textOffset(text, 'at line 9, column 1'), undefined)
  assert.equal(textOffset(text, 'no position'), undefined)
})
