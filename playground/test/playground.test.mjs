// The built playground (PLAYGROUND, from `make playground`) in headless Chromium: Debian's
// /usr/bin/chromium driven by playwright-core (PLAYGROUND_TOOLS; it never downloads a browser),
// the page served by serve.mjs from 127.0.0.1. What the page shows must be the native addon's
// conversion of the same text with the same options; diagnostics must highlight their paths; a
// fragment URL must restore the state. Leaves screenshots in PLAYGROUND: screenshot.png, and
// screenshot-diagnostic.png and screenshot-fit.png of those tests.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'

import { pointerTokens } from '../src/locate.mjs'
import { abbreviate, findMedia, rawJson } from '../src/present.mjs'
import { serve } from '../serve.mjs'

const require = createRequire(import.meta.url)
const native = require('../../bindings-node/index.js')
const { PLAYGROUND, PLAYGROUND_TOOLS } = process.env
assert.ok(PLAYGROUND && PLAYGROUND_TOOLS, 'PLAYGROUND (the built page) and PLAYGROUND_TOOLS (playwright-core) must be set')
const { chromium } = createRequire(join(PLAYGROUND_TOOLS, 'package.json'))('playwright-core')

const CHROMIUM = '/usr/bin/chromium'
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync']
const examples = Object.fromEntries(JSON.parse(readFileSync(join(PLAYGROUND, 'examples.json'), 'utf8')).map((e) => [e.id, e.text]))

let served = null
let profile = null
let context = null
let page = null
const outside = []
const pageErrors = []

before(async () => {
  assert.equal(native.backend, 'native', 'the comparison must run against the native addon')
  served = await serve(PLAYGROUND, { lifetimeMs: 120_000 })
  profile = mkdtempSync(join(tmpdir(), 'mtr-playground-'))
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1440, height: 1000 },
    timeout: 60_000,
  })
  const origin = new URL(served.url).origin
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (new URL(url).origin === origin) return route.continue()
    outside.push(url)
    return route.abort()
  })
  page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (e) => pageErrors.push(e.message))
  page.on('console', (m) => (m.type() === 'error' ? pageErrors.push(m.text()) : null))
})

after(async () => {
  if (context !== null) await context.close()
  if (served !== null) {
    served.server.close()
    served.server.closeAllConnections()
  }
  if (profile !== null) rmSync(profile, { recursive: true, force: true })
})

/** A full load of the page (not a same-document jump to another fragment). */
async function open(fragment = '', on = page) {
  await on.goto('about:blank')
  await on.goto(`${served.url}${fragment}`)
  await on.waitForSelector('body[data-ready]')
  assert.equal(await on.getAttribute('body', 'data-ready'), 'true', await on.textContent('#status'))
}

/** What the page shows once its last conversion is in: input text, target, options given to the core, raw and shown conversion. */
async function shown(on = page) {
  await on.waitForSelector('body:not([data-pending])')
  return on.evaluate(() => {
    const output = document.getElementById('output')
    return {
      input: document.getElementById('input').value,
      target: output.dataset.target,
      options: JSON.parse(output.dataset.options),
      raw: output.dataset.raw,
      text: output.textContent,
      mediaOut: [...document.querySelectorAll('#media-out figcaption code')].map((c) => c.textContent),
    }
  })
}

/** The value at `pointer` in `value`, or at its deepest prefix that `value` holds. */
function walk(value, pointer) {
  let at = value
  for (const token of pointerTokens(pointer)) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, token)) return at
    at = at[token]
  }
  return at
}

test('three examples for three targets: the page shows the native conversion, payloads abbreviated, media rendered', async () => {
  await open()
  for (const example of ['screenshot', 'error-image', 'malformed']) {
    for (const target of ['anthropic', 'openai-chat', 'bedrock']) {
      await page.selectOption('#example', example)
      await page.check(`#target-${target}`)
      const got = await shown()
      const name = `${example} for ${target}`
      assert.equal(got.input, examples[example], name)
      assert.equal(got.target, target, name)
      assert.deepEqual(got.options, { tool_call_id: 'call_1' }, name)
      const expected = native.convertJson(got.input, target, got.options)
      assert.equal(got.raw, rawJson(expected), name)
      assert.deepEqual(JSON.parse(got.text), abbreviate(expected), name)
      assert.match(got.text, /"\[(base64|bytes|data:[^,"]*), [0-9]+ (B|KB)\]"/, `${name}: a payload is abbreviated`)
      const media = [...findMedia(expected.output, '/output'), ...findMedia(expected.attachments ?? [], '/attachments')]
      assert.ok(media.some((m) => m.kind === 'image'), `${name}: the conversion carries an image`)
      assert.deepEqual(got.mediaOut, media.map((i) => i.path), name)
    }
  }
  const loaded = await page.$$eval('#media-out img, #media-in img', (imgs) => imgs.map((i) => i.complete && i.naturalWidth > 0))
  assert.ok(loaded.length > 0 && loaded.every(Boolean), 'every image decodes')
})

test('clicking a diagnostic (or Enter on it) highlights its path in the input', async () => {
  await open('#example=malformed&target=anthropic')
  const input = JSON.parse(examples.malformed)
  const paths = await page.$$eval('#diagnostics button.diagnostic', (buttons) => buttons.map((b) => b.dataset.path))
  assert.ok(paths.length >= 4, `diagnostics: ${paths}`)
  assert.ok(paths.includes('/content/2/data'), `an invalid payload is reported at its data: ${paths}`)
  for (const [i, path] of paths.entries()) {
    const button = page.locator('#diagnostics button.diagnostic').nth(i)
    if (i % 2 === 0) await button.click()
    else {
      await button.focus()
      await page.keyboard.press('Enter')
    }
    const picked = await page.evaluate(() => {
      const area = document.getElementById('input')
      return {
        selected: area.value.slice(area.selectionStart, area.selectionEnd),
        marked: document.querySelector('#backdrop mark')?.textContent,
        focused: document.activeElement === area,
      }
    })
    assert.deepEqual(JSON.parse(picked.selected), walk(input, path), path)
    assert.equal(picked.marked, picked.selected, path)
    assert.ok(picked.focused, path)
  }
  const data = paths.indexOf('/content/2/data')
  await page.locator('#diagnostics button.diagnostic').nth(data).click()
  assert.equal(await page.evaluate(() => document.querySelector('#backdrop mark').textContent), JSON.stringify(input.content[2].data))

  // Strict mode: the ConvertError's path is highlighted the same way.
  await page.check('#opt-strict')
  const got = await shown()
  const failure = JSON.parse(got.raw).error
  assert.deepEqual(got.options, { strict: true, tool_call_id: 'call_1' })
  assert.throws(() => native.convertJson(got.input, 'anthropic', got.options), (e) => e.code === failure.code && e.path === failure.path)
  await page.click('#error button.diagnostic')
  const marked = await page.evaluate(() => document.querySelector('#backdrop mark').textContent)
  assert.deepEqual(JSON.parse(marked), walk(input, failure.path))
  await page.screenshot({ path: join(PLAYGROUND, 'screenshot-diagnostic.png'), fullPage: true })
})

test('text that is not JSON: the error, and a click puts the selection where it goes wrong', async () => {
  const input = '{\n  "content": [\n    {"type": "text", "text": "hi"},\n  ]\n}\n'
  await open(`#${new URLSearchParams({ target: 'anthropic', input })}`)
  const got = await shown()
  assert.equal(got.input, input)
  const failure = JSON.parse(got.raw).error
  assert.equal(failure.code, 'invalid_json')
  assert.throws(() => native.convertJson(input, 'anthropic', got.options), (e) => e.code === 'invalid_json' && e.path === failure.path)
  await page.click('#error button.diagnostic')
  const at = await page.evaluate(() => {
    const area = document.getElementById('input')
    return { start: area.selectionStart, text: area.value.slice(area.selectionStart, area.selectionEnd) }
  })
  assert.deepEqual(at, { start: input.indexOf(']'), text: ']' })
})

test('a fragment URL restores input, target and options, and the page writes the fragment it would restore', async () => {
  const input = JSON.stringify({ content: [{ type: 'text', text: ' ' }], structuredContent: { rows: [1, 2] } }, null, 1)
  const fragment = new URLSearchParams({ target: 'gemini', input, structured_content: 'append', tool_call_id: 'call_9', sniff_mime: 'false', max_images: '3' })
  await open(`#${fragment}`)
  const state = await page.evaluate(() => ({
    example: document.getElementById('example').value,
    target: document.querySelector('input[name="target"]:checked').value,
    structured: document.getElementById('opt-structured_content').value,
    id: document.getElementById('opt-tool_call_id').value,
    sniff: document.getElementById('opt-sniff_mime').checked,
    strict: document.getElementById('opt-strict').checked,
  }))
  assert.deepEqual(state, { example: '', target: 'gemini', structured: 'append', id: 'call_9', sniff: false, strict: false })
  const got = await shown()
  assert.equal(got.input, input)
  assert.deepEqual(got.options, { structured_content: 'append', tool_call_id: 'call_9', max_images: 3, sniff_mime: false })
  assert.equal(got.raw, rawJson(native.convertJson(input, 'gemini', got.options)))

  // A new fragment in the same document (a pasted link, the history) is restored too.
  await page.evaluate(() => (location.hash = '#example=error-image&target=bedrock&strict=true'))
  await page.waitForFunction(() => document.getElementById('output').dataset.target === 'bedrock')
  const jumped = await shown()
  assert.equal(jumped.input, examples['error-image'])
  assert.deepEqual(jumped.options, { strict: true, tool_call_id: 'call_1' })
  assert.equal(jumped.raw, rawJson(native.convertJson(jumped.input, 'bedrock', jumped.options)))
  await open(`#${fragment}`)

  // Changed in the page, then opened from the address bar in a fresh tab: the same state.
  await page.check('#target-openai-responses')
  await page.selectOption('#example', 'audio')
  await page.check('#opt-strict')
  await shown()
  const link = page.url()
  assert.match(link, /#.*example=audio/)
  const fresh = await context.newPage()
  try {
    await open(new URL(link).hash, fresh)
    const again = await shown(fresh)
    const now = await shown()
    assert.deepEqual(again, now)
    assert.equal(again.target, 'openai-responses')
    assert.deepEqual(again.options, { strict: true, structured_content: 'append', tool_call_id: 'call_9', max_images: 3, sniff_mime: false })
  } finally {
    await fresh.close()
  }
})

test('an input too large for a link leaves the address bar without a fragment, and says so', async () => {
  await open('#example=audio&target=text')
  const input = JSON.stringify({ content: [{ type: 'text', text: 'x'.repeat(1_100_000) }] })
  await page.evaluate((text) => {
    const area = document.getElementById('input')
    area.value = text
    area.dispatchEvent(new Event('input', { bubbles: true }))
  }, input)
  await page.waitForFunction((length) => JSON.parse(document.getElementById('output').dataset.raw).output.length === length, 1_100_000)
  assert.equal(new URL(page.url()).hash, '')
  assert.match(await page.textContent('#link'), /too large for a link/)
})

test('audio plays where the target carries it: in the input and in the attachments', async () => {
  await open('#example=audio&target=openai-chat')
  const sources = await page.$$eval('#media-in audio, #media-out audio', (players) => players.map((a) => a.closest('.gallery').id))
  assert.deepEqual(sources, ['media-in', 'media-out'])
  await page.check('#target-anthropic')
  assert.deepEqual((await shown()).mediaOut, [])
  assert.equal(await page.locator('#media-in audio').count(), 1)
})

test('a fitted image is shown beside the original, byte for byte the native fit; fit_images=off gives the marker again', async () => {
  await open('#example=full-page&target=anthropic')
  const got = await shown()
  const expected = native.convertJson(examples['full-page'], 'anthropic', got.options)
  assert.equal(got.raw, rawJson(expected))
  const resized = (expected.diagnostics ?? []).filter((d) => d.code === 'image_resized')
  assert.deepEqual(resized.map((d) => d.path), ['/content/1'])
  const sides = await page.evaluate(() =>
    ['media-in', 'media-out'].map((id) => {
      const figure = document.querySelector(`#${id} figure`)
      const img = figure.querySelector('img')
      return { size: [img.naturalWidth, img.naturalHeight], badges: [...figure.querySelectorAll('.badge code')].map((c) => c.textContent) }
    }),
  )
  assert.deepEqual(sides[0], { size: [1280, 8400], badges: ['image_resized'] })
  assert.equal(sides[1].size[1], 8000, 'fitted to the 8000 px limit')
  assert.deepEqual(sides[1].badges, [])
  await page.screenshot({ path: join(PLAYGROUND, 'screenshot-fit.png'), fullPage: true })

  await open('#example=full-page&target=anthropic&fit_images=off')
  const off = await shown()
  assert.deepEqual(off.options, { fit_images: 'off', tool_call_id: 'call_1' })
  const marker = native.convertJson(examples['full-page'], 'anthropic', off.options)
  assert.equal(off.raw, rawJson(marker))
  assert.deepEqual(off.mediaOut, [])
  assert.deepEqual(await page.$$eval('#media-in figure .badge code', (codes) => codes.map((c) => c.textContent)), ['block_as_marker'])
})

test('every control is labelled, nothing is requested from outside 127.0.0.1, and the page logged no error', async () => {
  await open('#example=screenshot&target=openai-chat')
  const unlabelled = await page.$$eval('input, select, textarea, button', (controls) =>
    controls
      .filter((c) => !(c.labels?.length || c.getAttribute('aria-label') || c.getAttribute('aria-labelledby') || (c.tagName === 'BUTTON' && c.textContent.trim())))
      .map((c) => c.outerHTML),
  )
  assert.deepEqual(unlabelled, [])
  assert.deepEqual(outside, [])
  assert.deepEqual(pageErrors, [])
  await page.screenshot({ path: join(PLAYGROUND, 'screenshot.png'), fullPage: true })
})
