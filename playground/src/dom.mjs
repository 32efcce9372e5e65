// The one DOM helper of the page.

/** `document.createElement` with attributes and children (strings become text). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === undefined) continue
    if (key === 'class') node.className = value
    else if (key.startsWith('data-')) node.dataset[key.slice(5).replace(/-(.)/g, (_, c) => c.toUpperCase())] = value
    else if (key in node && typeof value !== 'string') node[key] = value
    else node.setAttribute(key, value === true ? '' : value)
  }
  node.append(...children)
  return node
}
