/**
 * Clicks on a page rendered ahead, before the app has taken it over (the markup is there, its
 * handlers are not yet). A link is left to the browser: it navigates, or opens a new tab, by
 * itself. Any other click is held (its default action prevented, so a form is not sent) and
 * dispatched again on the same element once the app has taken over; the first press of a pointer
 * or a key also tells the entry to fetch the app at once. Keys keep their own action: Enter or
 * Space on a button makes a click, which is held like any other.
 */
export function holdEarlyClicks(root: HTMLElement) {
  const held: { target: Element; path: number[]; event: MouseEvent }[] = []
  let interacted!: () => void
  const firstInteraction = new Promise<void>((resolve) => {
    interacted = resolve
  })

  /** The element's place under the root, to find it again if the app has rendered it anew. */
  const pathOf = (element: Element) => {
    const path: number[] = []
    for (let node = element; node !== root && node.parentElement; node = node.parentElement)
      path.unshift([...node.parentElement.children].indexOf(node))
    return path
  }
  const at = (path: number[]) =>
    path.reduce<Element | undefined>((node, index) => node?.children[index], root)

  const onClick = (event: MouseEvent) => {
    interacted()
    const target = event.target
    if (!(target instanceof Element) || !root.contains(target) || target.closest('a[href]')) return
    event.preventDefault()
    // Nothing else sees it now: it is dispatched once, after the takeover.
    event.stopImmediatePropagation()
    held.push({ target, path: pathOf(target), event })
  }

  addEventListener('click', onClick, true)
  addEventListener('pointerdown', interacted, { capture: true, once: true })
  addEventListener('keydown', interacted, { capture: true, once: true })

  return {
    /** Resolves on the first press of a pointer or a key. */
    firstInteraction,
    /** Called once the app has taken over the page: the held clicks, in order, on their elements. */
    replay() {
      removeEventListener('click', onClick, true)
      for (const { target, path, event } of held.splice(0)) {
        const found = target.isConnected ? target : at(path)
        if (found?.tagName !== target.tagName) continue
        const init: PointerEventInit = {
          bubbles: true,
          cancelable: true,
          composed: true,
          view: window,
          button: event.button,
          clientX: event.clientX,
          clientY: event.clientY,
          screenX: event.screenX,
          screenY: event.screenY,
          ctrlKey: event.ctrlKey,
          shiftKey: event.shiftKey,
          altKey: event.altKey,
          metaKey: event.metaKey,
          detail: event.detail,
          pointerType: (event as PointerEvent).pointerType || 'mouse',
          isPrimary: true,
        }
        // The whole press, as some controls act on the pointer going down (tabs, menus).
        found.dispatchEvent(new PointerEvent('pointerdown', { ...init, buttons: 1 }))
        found.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }))
        found.dispatchEvent(new PointerEvent('pointerup', init))
        found.dispatchEvent(new MouseEvent('mouseup', init))
        found.dispatchEvent(new PointerEvent('click', init))
      }
    },
  }
}
