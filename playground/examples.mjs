// The playground's examples, made at build time from the repository's own inputs: the demo
// screenshot result (conformance/demo) verbatim, and tool results built from the e2e suite's
// tools and media files (conformance/e2e/tools.json, assets/), as its MCP test servers send them,
// and a full-page screenshot taller than Anthropic's 8000 px limit (drawn by png.mjs).
import { readFileSync } from 'node:fs'

import { pageScreenshot } from './png.mjs'

const conformance = new URL('../conformance/', import.meta.url)
const e2e = new URL('e2e/', conformance)
const tools = JSON.parse(readFileSync(new URL('tools.json', e2e), 'utf8')).tools

/** A tool of tools.json as a server sends it: each `asset` becomes the file's base64. */
function toolResult(name) {
  const result = structuredClone(tools[name])
  result.content = result.content.map(({ asset, ...block }) => {
    if (asset === undefined) return block
    const data = readFileSync(new URL(`assets/${asset}`, e2e)).toString('base64')
    if (block.type !== 'resource') return { type: block.type, data, mimeType: block.mimeType }
    return { type: 'resource', resource: { uri: block.uri, mimeType: block.mimeType, blob: data } }
  })
  return result
}

function text(value) {
  return `${JSON.stringify(value, null, 2)}\n`
}

const chart = toolResult('image').content[1]

/** `[{id, title, text}]`, the first one shown on a fresh load. */
export function examples() {
  return [
    {
      id: 'screenshot',
      title: 'Browser screenshot (text, PNG, resource, link)',
      text: readFileSync(new URL('demo/browser-screenshot.json', conformance), 'utf8'),
    },
    { id: 'error-image', title: 'Error with an image', text: text(toolResult('error_image')) },
    {
      id: 'structured-only',
      title: 'structuredContent only',
      text: text({ content: [], structuredContent: tools.structured.structuredContent }),
    },
    { id: 'audio', title: 'Audio block (WAV)', text: text(toolResult('audio')) },
    {
      id: 'malformed',
      title: 'Malformed blocks',
      text: text({
        content: [
          { type: 'text', text: 'Three captures; the second was cut off in transit:' },
          { type: 'image', data: chart.data, mimeType: 'image/jpg' },
          { type: 'image', data: `${chart.data.slice(0, 40)}!!`, mimeType: 'image/png' },
          { type: 'image', mimeType: 'image/png' },
          { type: 'video', uri: 'file:///tmp/capture.webm' },
        ],
      }),
    },
    {
      // @modelcontextprotocol/server-filesystem answers read_media_file with the media block and a
      // structuredContent of `{content: [the same block]}` (conformance/fixtures/*/structured-mirror.json).
      id: 'read-media-file',
      title: 'Filesystem server: read_media_file',
      text: text({ content: [chart], structuredContent: { content: [chart] } }),
    },
    {
      id: 'full-page',
      title: 'Full-page screenshot (1280×8400 px)',
      text: text({
        content: [
          { type: 'text', text: 'Full-page capture of https://example.com/incidents (1280×8400 px).' },
          { type: 'image', data: pageScreenshot(1280, 8400).toString('base64'), mimeType: 'image/png' },
        ],
      }),
    },
  ]
}
