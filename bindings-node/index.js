'use strict'
// Public CommonJS entry point of the native build (index.mjs re-exports it; index.d.ts types
// it): the API of api.js over the napi-rs addon, under the names of names.js.
//
// A conversion names its target and options by an id from `configure`, which reads them once:
// the ids are kept here by target and options text (at most MAX_CONFIGS, then all are
// forgotten). Options that differ from call to call (`toolCallId`) come apart from that text
// (api.js's `callOptions`), so a new id per call does not configure anew. String leaves
// without characters above U+00FF are flagged in `narrow` so that the addon copies them as
// Latin-1; the regular expression below answers at once for V8's one-byte strings, which
// cannot hold such characters.
//
// The addon compiles a builder function per output shape and puts it in `builders`; when an
// output's builder takes one leaf (or none), the addon returns that leaf and writes the
// builder's index + 1 in `pending` (0 otherwise), and the builder is called here: a call from
// JS is much cheaper than one from the addon.

const api = require('./api.js')
const native = require('./binding.js')

/** The class of every error of the env's addon: the first copy's (see `registerConvertError`). */
const ConvertError = native.registerConvertError(api.ConvertError)
/** Without them (no external array buffers), the addon calls every builder itself. */
const [builders, pending] = native.registerBuilders() ?? [[], new Int32Array(1)]

const MAX_CONFIGS = 64
const WIDE = /[^\u0000-\u00ff]/
/** Config ids by target, then by options text; and the last id returned, by its arguments. */
let configs = new Map()
let configCount = 0
let lastTarget, lastOptions, lastId

function configId(target, options) {
  if (target === lastTarget && options === lastOptions && typeof target === 'string') return lastId
  const id = lookUpConfig(target, options)
  lastTarget = target
  lastOptions = options
  lastId = id
  return id
}

function lookUpConfig(target, options) {
  const byOptions = typeof target === 'string' ? configs.get(target) : undefined
  const known = byOptions?.get(options)
  if (known !== undefined) return known
  if (configCount >= MAX_CONFIGS) {
    native.forgetConfigs([...configs.values()].flatMap((byOptions) => [...byOptions.values()]))
    configs = new Map()
    configCount = 0
  }
  const id = native.configure(target, options)
  if (byOptions === undefined) configs.set(target, new Map([[options, id]]))
  else byOptions.set(options, id)
  configCount++
  return id
}

/** Bit `i` set: leaf `i` is a string of code units up to U+00FF (the first 32 leaves). */
function narrowLeaves(leaves) {
  let narrow = 0
  const n = Math.min(leaves.length, 32)
  for (let i = 0; i < n; i++) {
    const leaf = leaves[i]
    if (typeof leaf === 'string' && !WIDE.test(leaf)) narrow |= 1 << i
  }
  return narrow >>> 0
}

function convertConfigured(text, leaves, target, options, outputOnly, call) {
  const id = configId(target, options)
  const value =
    leaves !== null
      ? native.convertConfigured(id, text, outputOnly, call, leaves, narrowLeaves(leaves))
      : call === null
        ? native.convertConfigured(id, text, outputOnly)
        : native.convertConfigured(id, text, outputOnly, call)
  const builder = pending[0]
  return builder === 0 ? value : builders[builder - 1](value)
}

module.exports = {
  ...require('./names.js'),
  ...api.createApi({
    maxDepth: native.MAX_DEPTH,
    callOptions: true,
    ConvertError,
    convert: convertConfigured,
    convertAsync: native.convertLoweredAsync,
    extract: native.extractLowered,
    targetNames: native.targetNames,
    jsonPointer: native.jsonPointer,
  }),
  /** Which build this is (see index.d.ts). */
  backend: 'native',
  /** Nothing to wait for: the addon loads synchronously. */
  init: () => Promise.resolve(),
}
