// The page's state in the URL fragment, so that a link reproduces a conversion:
// `#target=bedrock&example=screenshot&strict=true` (an input equal to an example is named by
// the example; any other input travels as `input=<text>`). Only options that differ from the
// page's starting values are written.
import { OPTIONS, initialValue, parseValue } from './options.mjs'

/** The fragment (without `#`) of `{input, target, values}`; `examples` maps ids to their texts. */
export function encodeState({ input, target, values }, examples) {
  const params = new URLSearchParams()
  params.set('target', target)
  const example = examples.find((e) => e.text === input)
  if (example) params.set('example', example.id)
  else params.set('input', input)
  for (const option of OPTIONS) {
    const value = values[option.key]
    if (value !== initialValue(option)) params.set(option.key, String(value))
  }
  return params.toString()
}

/**
 * The state a fragment describes, over the page's starting state `fallback`; unknown keys and
 * values that do not fit their option are ignored.
 */
export function decodeState(fragment, examples, targets, fallback) {
  const params = new URLSearchParams(fragment.replace(/^#/, ''))
  const state = { input: fallback.input, target: fallback.target, values: { ...fallback.values } }
  const target = params.get('target')
  if (targets.includes(target)) state.target = target
  const example = examples.find((e) => e.id === params.get('example'))
  if (example) state.input = example.text
  if (params.has('input')) state.input = params.get('input')
  for (const option of OPTIONS) {
    if (!params.has(option.key)) continue
    const value = parseValue(option, params.get(option.key))
    if (value !== undefined) state.values[option.key] = value
  }
  return state
}
