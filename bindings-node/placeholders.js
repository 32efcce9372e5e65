'use strict'
// The JS side of the core's placeholder protocol (its grammar: core/src/private/placeholders.rs).
// Large strings and byte arrays travel beside the JSON text as "leaves", the text holding the
// placeholder string "\u0000<index>" in their place; api.js writes them for both builds. In
// the wasm module's answer a string starting with U+0000 is a leaf the core passed through
// unchanged (its placeholder) or, with a second U+0000, a string that starts with one; the
// wasm glue reads them back here (the native addon hands leaves back itself).

/** Every JSON string token of a text (outside strings a JSON text has no quotes). */
const STRING_TOKEN = /"(?:[^"\\]|\\.)*"/g
const PLACEHOLDER = /^"\\u0000(\d+)"$/

/** The JSON text of leaf `index`'s placeholder. */
function placeholder(index) {
  return '"\\u0000' + index + '"'
}

/** The parsed answer `value` with each placeholder replaced by its leaf and each escaped string read (in place). */
function restore(value, leaves) {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) !== 0) return value
    return value.charCodeAt(1) === 0 ? value.slice(1) : leaves[Number(value.slice(1))]
  }
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = restore(value[i], leaves)
  } else {
    for (const key of Object.keys(value)) value[key] = restore(value[key], leaves)
  }
  return value
}

/** The text (as api.js wrote it) with each placeholder replaced by the JSON of its leaf; `encode` gives a Uint8Array's base64. */
function inline(text, leaves, encode) {
  return text.replace(STRING_TOKEN, (token) => {
    const match = PLACEHOLDER.exec(token)
    if (match === null) return token
    const leaf = leaves[Number(match[1])]
    return typeof leaf === 'string' ? JSON.stringify(leaf) : '"' + encode(leaf) + '"'
  })
}

module.exports = { placeholder, restore, inline }
