// The playground page: the npm package's browser build (bundled for the `browser` condition,
// the .wasm next to the bundle; run in worker.mjs) converts the textarea's JSON text for the
// picked target with the form's options; the page shows the Conversion, its diagnostics (each one highlights its path
// in the input), the images and audio on both sides, and keeps the state in the URL fragment.
import { h } from './dom.mjs'
import { locate, textOffset } from './locate.mjs'
import { gallery, mediaSummary } from './media.mjs'
import { OPTIONS, coreOptions, initialValue } from './options.mjs'
import { abbreviate, costSummary, findMedia, rawJson } from './present.mjs'
import { decodeState, encodeState } from './state.mjs'

const $ = (id) => document.getElementById(id)
const ui = {
  status: $('status'),
  note: $('highlight-note'),
  example: $('example'),
  input: $('input'),
  backdrop: $('backdrop'),
  options: $('options'),
  targets: $('targets'),
  summary: $('summary'),
  error: $('error'),
  diagnostics: $('diagnostics'),
  noDiagnostics: $('no-diagnostics'),
  media: $('media'),
  mediaIn: $('media-in'),
  mediaOut: $('media-out'),
  output: $('output'),
  outputPane: $('output-pane'),
  link: $('link'),
}
const DEFAULT_TARGET = 'anthropic'
const TYPING_PAUSE_MS = 250
/** Longer fragments are not written (browsers cap URLs at about 2 MB). */
const MAX_FRAGMENT = 1_000_000

function buildExamples(examples) {
  for (const example of examples) ui.example.append(h('option', { value: example.id }, example.title))
  ui.example.append(h('option', { value: '' }, 'Your own input'))
}

function buildTargets(targets) {
  for (const target of targets) {
    const id = `target-${target}`
    ui.targets.append(h('span', { class: 'target' }, h('input', { type: 'radio', name: 'target', id, value: target }), h('label', { for: id }, target)))
  }
}

function optionControl(option, id) {
  const described = { id, 'aria-describedby': `${id}-hint`, 'data-option': option.key }
  switch (option.kind) {
    case 'bool':
      return h('input', { type: 'checkbox', ...described })
    case 'choice':
      return h('select', described, ...option.choices.map((c) => h('option', { value: c }, c === option.default ? `${c} (default)` : c)))
    case 'count':
      return h('input', { type: 'number', min: '0', step: '1', inputmode: 'numeric', placeholder: option.placeholder ?? 'target’s limit', ...described })
    default:
      return h('input', { type: 'text', placeholder: 'none', autocomplete: 'off', ...described })
  }
}

function buildOptions() {
  for (const option of OPTIONS) {
    const id = `opt-${option.key}`
    const control = optionControl(option, id)
    const label = h('label', { for: id }, option.label)
    const hint = h('span', { class: 'hint', id: `${id}-hint` }, option.hint)
    const parts = option.kind === 'bool' ? [h('span', { class: 'check' }, control, label), hint] : [label, control, hint]
    ui.options.append(h('div', { class: `field field-${option.kind}` }, ...parts))
  }
}

function control(key) {
  return ui.options.querySelector(`[data-option="${key}"]`)
}

/** The page's state as the controls hold it. */
function currentState() {
  const values = {}
  for (const option of OPTIONS) {
    const field = control(option.key)
    values[option.key] = option.kind === 'bool' ? field.checked : field.value
  }
  const picked = ui.targets.querySelector('input:checked')
  return { input: ui.input.value, target: picked ? picked.value : DEFAULT_TARGET, values }
}

function showState(state, examples) {
  ui.input.value = state.input
  ui.targets.querySelector(`input[value="${state.target}"]`).checked = true
  for (const option of OPTIONS) {
    const field = control(option.key)
    if (option.kind === 'bool') field.checked = state.values[option.key]
    else field.value = state.values[option.key]
  }
  syncExample(examples)
}

function syncExample(examples) {
  const example = examples.find((e) => e.text === ui.input.value)
  ui.example.value = example ? example.id : ''
}

/** JSON text as nodes, keys, strings, numbers and literals in spans of their own (the text is unchanged). */
function colored(json) {
  const token = /("(?:[^"\\]|\\.)*")(\s*:)?|\b(?:true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g
  const nodes = []
  let last = 0
  for (const m of json.matchAll(token)) {
    if (m.index > last) nodes.push(json.slice(last, m.index))
    const kind = m[2] ? 'key' : m[1] ? (/^"\[[^\]]*, [0-9.]+ [KMG]?B\]"$/.test(m[1]) ? 'payload' : 'string') : /^[tfn]/.test(m[0]) ? 'literal' : 'number'
    nodes.push(h('span', { class: `j-${kind}` }, m[1] ?? m[0]))
    if (m[2]) nodes.push(m[2])
    last = m.index + m[0].length
  }
  nodes.push(json.slice(last))
  return nodes
}

function diagnosticButton(code, path, message, at) {
  return h(
    'button',
    { type: 'button', class: 'diagnostic', 'data-path': path, 'data-at': at, title: 'Highlight this path in the input' },
    h('code', { class: 'code' }, code),
    h('code', { class: 'path' }, path || '(the whole input)'),
    h('span', { class: 'message' }, message),
  )
}

function inputMedia(text) {
  try {
    return findMedia(JSON.parse(text))
  } catch {
    return []
  }
}

/** The worker's converter: `convert(text, target, options)` resolves to `{conversion}` or `{failure}`; `targets` its targets. */
async function startWorker() {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })
  const waiting = new Map()
  let next = 0
  let fail = null
  worker.addEventListener('error', (e) => fail(new Error(`the conversion worker failed: ${e.message}`)))
  const targets = await new Promise((resolve, reject) => {
    fail = reject
    worker.onmessage = ({ data }) => {
      if (data.targets) return resolve(data.targets)
      waiting.get(data.id)(data)
      waiting.delete(data.id)
    }
  })
  fail = (e) => {
    ui.status.textContent = e.message
    document.body.dataset.ready = 'failed'
  }
  const convert = (text, target, options) =>
    new Promise((resolve) => {
      next += 1
      waiting.set(next, resolve)
      worker.postMessage({ id: next, text, target, options })
    })
  return { convert, targets }
}

let latest = 0

/** Converts the current state and shows the answer, unless a newer one was asked for meanwhile. */
async function render(convert, examples) {
  const state = currentState()
  const options = coreOptions(state.values)
  const ticket = ++latest
  document.body.dataset.pending = 'true'
  ui.outputPane.setAttribute('aria-busy', 'true')
  const answer = await convert(state.input, state.target, options)
  if (ticket !== latest) return
  paint(state, options, answer, examples)
  delete document.body.dataset.pending
  ui.outputPane.setAttribute('aria-busy', 'false')
}

function paint(state, options, { conversion = null, failure: error = null }, examples) {
  clearHighlight()
  let failure = null
  if (error !== null) {
    const prefix = `${error.code}${error.path ? ` at ${error.path}` : ''}: `
    failure = { ...error, message: error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message }
  }
  ui.output.dataset.options = JSON.stringify(options)
  ui.output.dataset.target = state.target
  ui.output.dataset.raw = rawJson(conversion ?? { error: failure })

  ui.error.hidden = failure === null
  ui.error.replaceChildren()
  if (failure !== null) {
    const at = failure.code === 'invalid_json' ? textOffset(state.input, failure.message) : undefined
    ui.error.append(h('strong', {}, 'ConvertError'), ' — the core refused this input with these options:', diagnosticButton(failure.code, failure.path, failure.message, at))
  }

  const diagnostics = conversion?.diagnostics ?? []
  ui.diagnostics.replaceChildren(...diagnostics.map((d) => h('li', {}, diagnosticButton(d.code, d.path, d.message))))
  ui.noDiagnostics.hidden = diagnostics.length !== 0
  ui.noDiagnostics.textContent = failure === null ? 'None: nothing was repaired, skipped or replaced.' : 'None: the conversion stopped at the error above.'

  const shown = conversion === null ? { error: failure } : abbreviate(conversion)
  ui.output.replaceChildren(...colored(JSON.stringify(shown, null, 2)))

  const before = inputMedia(state.input)
  const after = conversion === null ? [] : [...findMedia(conversion.output, '/output'), ...findMedia(conversion.attachments ?? [], '/attachments')]
  gallery(ui.mediaIn, before, diagnostics)
  gallery(ui.mediaOut, after)
  ui.media.hidden = before.length === 0 && after.length === 0

  const attachments = conversion?.attachments?.length ?? 0
  ui.summary.textContent =
    failure !== null
      ? `${state.target}: no conversion (ConvertError ${failure.code}).`
      : `${state.target}: ${attachments === 0 ? 'no attachments' : `${attachments} attachment${attachments === 1 ? '' : 's'} for the next user message`}, ` +
        `${diagnostics.length} diagnostic${diagnostics.length === 1 ? '' : 's'}, ${mediaSummary(after)}.${costSummary(conversion)}`

  const fragment = encodeState(state, examples)
  const linkable = fragment.length <= MAX_FRAGMENT
  history.replaceState(null, '', linkable ? `#${fragment}` : location.pathname)
  ui.link.textContent = linkable ? 'The link in the address bar reproduces this conversion.' : 'This input is too large for a link (the address bar holds none).'
}

function clearHighlight() {
  ui.backdrop.replaceChildren()
  ui.note.textContent = ''
  delete ui.input.dataset.highlight
}

/** Highlights (and selects) the value at `path` in the input, or its nearest ancestor there. */
function highlight(path) {
  const range = locate(ui.input.value, path)
  if (range === null) {
    ui.note.textContent = `The input is not JSON where ${path} leads, so it cannot be highlighted.`
    return
  }
  show(range)
  ui.note.textContent = range.exact
    ? `Highlighted ${path || 'the whole input'} in the input.`
    : `${path} is not in the input (the core reports what is missing there); its nearest parent is highlighted.`
}

/** Marks and selects `{start, end}` of the input and scrolls it into view. */
function show(range) {
  const text = ui.input.value
  const mark = h('mark', {}, text.slice(range.start, range.end))
  // The trailing lines let the backdrop scroll as far as the textarea (whose scrollbars take room).
  ui.backdrop.replaceChildren(text.slice(0, range.start), mark, `${text.slice(range.end)}\n\n\n`)
  ui.input.dataset.highlight = `${range.start}-${range.end}`
  ui.input.focus({ preventScroll: true })
  ui.input.setSelectionRange(range.start, range.end)
  ui.input.scrollTop = Math.max(0, mark.offsetTop - ui.input.clientHeight / 3)
  const visible = mark.offsetLeft + Math.min(mark.offsetWidth, ui.input.clientWidth / 2) < ui.input.clientWidth - 24
  ui.input.scrollLeft = visible ? 0 : mark.offsetLeft - 48
  syncScroll()
}

function syncScroll() {
  ui.backdrop.scrollTop = ui.input.scrollTop
  ui.backdrop.scrollLeft = ui.input.scrollLeft
}

async function main() {
  const [{ convert, targets }, examples] = await Promise.all([startWorker(), fetch('examples.json').then((r) => r.json())])
  buildExamples(examples)
  buildTargets(targets)
  buildOptions()

  const values = Object.fromEntries(OPTIONS.map((o) => [o.key, initialValue(o)]))
  const initial = { input: examples[0].text, target: DEFAULT_TARGET, values }
  const restore = () => showState(decodeState(location.hash, examples, targets, initial), examples)
  restore()

  let typing = null
  const later = () => {
    clearTimeout(typing)
    typing = setTimeout(() => render(convert, examples), TYPING_PAUSE_MS)
  }
  const now = () => {
    clearTimeout(typing)
    render(convert, examples)
  }
  ui.input.addEventListener('input', () => {
    clearHighlight()
    syncExample(examples)
    later()
  })
  ui.input.addEventListener('scroll', syncScroll)
  ui.example.addEventListener('change', () => {
    const example = examples.find((e) => e.id === ui.example.value)
    if (example) ui.input.value = example.text
    now()
  })
  ui.targets.addEventListener('change', now)
  ui.options.addEventListener('change', now)
  ui.options.addEventListener('input', (event) => (event.target.type === 'text' || event.target.type === 'number' ? later() : null))
  for (const list of [ui.diagnostics, ui.error]) {
    list.addEventListener('click', (event) => {
      const button = event.target.closest('button.diagnostic')
      if (button === null) return
      if (button.dataset.at === undefined) highlight(button.dataset.path)
      else {
        const at = Number(button.dataset.at)
        show({ start: at, end: Math.min(at + 1, ui.input.value.length) })
        ui.note.textContent = 'The JSON text goes wrong here.'
      }
    })
  }
  window.addEventListener('hashchange', () => {
    if (location.hash.slice(1) === encodeState(currentState(), examples)) return
    restore()
    now()
  })

  await render(convert, examples)
  ui.status.textContent = `Ready: the WebAssembly build of mcp-tool-result, ${targets.length} targets.`
  document.body.dataset.ready = 'true'
}

main().catch((e) => {
  ui.status.textContent = `The playground failed to start: ${e.message}`
  document.body.dataset.ready = 'failed'
  throw e
})
