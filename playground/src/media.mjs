// The page's media galleries: each image or audio payload of one side of the conversion, with
// its path, type and size, and (for the input) the diagnostics about it.
import { h } from './dom.mjs'
import { formatSize } from './present.mjs'

/** Images smaller than this are shown enlarged. */
const MIN_SHOWN_PX = 96

/** The diagnostics about `item` (their path is the item's or one of its parents'). */
function about(item, diagnostics) {
  return diagnostics.filter((d) => item.path === d.path || item.path.startsWith(`${d.path}/`))
}

/** Fills `container` with a figure per item of `findMedia`, captioned with the `diagnostics` about it. */
export function gallery(container, items, diagnostics = []) {
  container.replaceChildren()
  if (items.length === 0) {
    container.append(h('p', { class: 'none' }, 'none'))
    return
  }
  for (const item of items) {
    const caption = h('figcaption', {}, h('code', {}, item.path), ` ${item.type}, ${formatSize(item.size)}`)
    const label = `${item.type} at ${item.path}`
    let shown
    if (item.kind === 'image') {
      shown = h('img', { src: item.src, alt: label })
      shown.addEventListener('load', () => enlarge(shown, caption), { once: true })
    } else {
      shown = h('audio', { src: item.src, controls: true, preload: 'metadata', 'aria-label': label })
    }
    const notes = about(item, diagnostics).map((d) => h('span', { class: 'badge', title: d.message }, h('code', {}, d.code), ` ${d.message}`))
    container.append(h('figure', { class: item.kind }, h('div', { class: 'frame' }, shown), caption, ...notes))
  }
}

/** Captions an image with its size; a tiny one is shown enlarged, in whole pixels, and says so. */
function enlarge(img, caption) {
  const { naturalWidth: w, naturalHeight: h } = img
  const scale = Math.floor(MIN_SHOWN_PX / Math.max(w, h, 1))
  caption.append(`, ${w}×${h} px`)
  if (scale < 2) return
  img.style.width = `${w * scale}px`
  img.classList.add('enlarged')
  caption.append(` (shown ×${scale})`)
}

/** `1 image and 1 audio sent as media`, or `no media sent`. */
export function mediaSummary(media) {
  const images = media.filter((m) => m.kind === 'image').length
  const audio = media.length - images
  const parts = [images && `${images} image${images === 1 ? '' : 's'}`, audio && `${audio} audio`].filter(Boolean)
  return parts.length === 0 ? 'no media sent' : `${parts.join(' and ')} sent as media`
}
