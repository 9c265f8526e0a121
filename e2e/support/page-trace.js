// Runs in every journey's pages before their own scripts (a file, not a function: the test
// runner's transform would add helpers the page does not have). It tells the page's log where
// each press and click landed, when a link left the page (removed from it, as when a part of the
// page is rendered anew) and when the app started: a click that led nowhere then says why.
;(() => {
  const started = performance.now()
  const say = (line) =>
    console.debug(`[trace] +${Math.round(performance.now() - started)} ms in the page: ${line}`)
  const describe = (node) => {
    if (!(node instanceof Element)) return String(node?.nodeName ?? node)
    const link = node.closest('a[href]')
    const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
    return `${node.tagName.toLowerCase()}${link ? ` in a link to ${link.getAttribute('href')}` : ''} "${text}"`
  }
  for (const type of ['pointerdown', 'click'])
    addEventListener(type, (event) => say(`${type} on ${describe(event.target)}`), true)
  addEventListener('pagehide', () => say('pagehide'))
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes) {
        if (!(node instanceof Element)) continue
        if (node.id === 'clearplate-state') say('the app started')
        else if (node.matches('a[href]') || node.querySelector('a[href]'))
          say(`removed ${describe(node)} with ${node.querySelectorAll('a[href]').length || 1} link(s)`)
      }
  }).observe(document, { childList: true, subtree: true })
})()
