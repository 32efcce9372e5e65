// The conversion options as form fields: one line per option (README "Options"). `kind` picks
// the control: `bool` a checkbox, `choice` a select of `choices`, `text` a text field, `count`
// a number field (empty: not given; `placeholder` says what that means, by default the target's
// own limit). `initial` is the page's starting value when it
// differs from the core's `default`; a field is sent to the core only when it differs from the
// core's default, and kept in the URL only when it differs from `initial`.

export const OPTIONS = [
  { key: 'strict', kind: 'bool', default: false, label: 'Strict', hint: 'raise on the first repair instead of repairing' },
  { key: 'structured_content', kind: 'choice', choices: ['fallback', 'prefer', 'append', 'ignore'], default: 'fallback', label: 'structuredContent', hint: 'how structuredContent reaches the model' },
  { key: 'tool_call_id', kind: 'text', default: '', initial: 'call_1', label: 'Tool call id', hint: 'the item’s id and the attachments caption' },
  { key: 'tool_name', kind: 'text', default: '', label: 'Tool name', hint: 'the item’s name, where the target has one' },
  { key: 'max_images', kind: 'count', label: 'Max images', hint: 'images one result may carry' },
  { key: 'max_image_bytes', kind: 'count', label: 'Max bytes per item', hint: 'decoded bytes of one media item' },
  { key: 'max_total_bytes', kind: 'count', label: 'Max total bytes', hint: 'decoded bytes of all media' },
  { key: 'max_image_dimension', kind: 'count', label: 'Max image side (px)', hint: 'longest image side' },
  { key: 'fit_images', kind: 'choice', choices: ['limits', 'recommended', 'off'], default: 'limits', label: 'Fit images', hint: 'downscale to the target’s limits, to its recommended size, or not' },
  { key: 'images_in_request', kind: 'count', placeholder: '0', label: 'Images already in request', hint: 'other images of the request (Anthropic: over 20 → 2000 px)' },
  { key: 'max_text_chars', kind: 'count', placeholder: 'no budget', label: 'Max text chars', hint: 'head and tail kept; empty: no budget' },
  { key: 'validate_base64', kind: 'bool', default: true, label: 'Validate base64', hint: 'check every payload is base64' },
  { key: 'sniff_mime', kind: 'bool', default: true, label: 'Sniff MIME', hint: 'trust the bytes over a contradicting mimeType' },
  { key: 'respect_audience', kind: 'bool', default: true, label: 'Respect audience', hint: 'keep user-only blocks from the model' },
  { key: 'binary', kind: 'choice', choices: ['inline', 'marker'], default: 'inline', label: 'Binary (mcp)', hint: 'mcp target: payloads inline or as markers' },
  { key: 'payload', kind: 'choice', choices: ['sdk', 'wire'], default: 'sdk', label: 'Payload form', hint: 'sdk: bytes where the Node SDK types them so' },
]

/** The page's starting value of an option. */
export function initialValue(option) {
  if ('initial' in option) return option.initial
  return option.kind === 'count' ? '' : option.default
}

/** A value of the form (a boolean, or a string: `''` for an empty field) from URL text, or undefined. */
export function parseValue(option, text) {
  switch (option.kind) {
    case 'bool':
      return text === 'true' ? true : text === 'false' ? false : undefined
    case 'choice':
      return option.choices.includes(text) ? text : undefined
    case 'count':
      return /^[0-9]*$/.test(text) ? text : undefined
    default:
      return text
  }
}

/** The options object the core gets from the form's values (keyed by option key). */
export function coreOptions(values) {
  const out = {}
  for (const option of OPTIONS) {
    const value = values[option.key]
    if (option.kind === 'count') {
      if (value !== '') out[option.key] = Number(value)
    } else if (value !== option.default) out[option.key] = value
  }
  return out
}
