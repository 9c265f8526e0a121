/**
 * Clicks on a page rendered ahead, before the app has taken it over (the markup is there, its
 * handlers are not yet). A link is left to the browser until the takeover is done: it navigates,
 * or opens a new tab, by itself, and the app does not see the click. Any other click is held (its
 * default action prevented, so a form is not sent) and dispatched again on the same element once
 * the app has taken over; the first press of a pointer or a key also tells the entry to fetch the
 * app at once. Keys keep their own action: Enter or Space on a button makes a click, which is held
 * like any other; text typed into a field stays in it, and is handed to the app (as an input event)
 * before the held clicks. Decision record 032.
 */
export function holdEarlyClicks(root: HTMLElement) {
  const held: { target: Element; path: number[]; event: MouseEvent }[] = []
  const typedInto = new Map<Element, number[]>()
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

  let replaying = false
  let takingOver = false
  let leaving = false
  const onClick = (event: MouseEvent) => {
    if (replaying) return
    interacted()
    const target = event.target
    if (!(target instanceof Element) || !root.contains(target)) return
    // A link is the browser's to follow until the app has taken over: it loads the next page (or
    // opens a tab) without waiting for the app. From the start of the takeover React listens too,
    // and a link it followed in the middle would have the wrong page taken over: it is not told.
    const link = target.closest('a[href]')
    if (link) {
      const modified = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey
      if (!modified && link instanceof HTMLAnchorElement && leavesThePage(link)) leaving = true
      if (takingOver) event.stopImmediatePropagation()
      return
    }
    event.preventDefault()
    // Nothing else sees it now: it is dispatched once, after the takeover.
    event.stopImmediatePropagation()
    held.push({ target, path: pathOf(target), event })
  }

  const onInput = (event: Event) => {
    const field = event.target
    if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    )
      typedInto.set(field, pathOf(field))
  }

  addEventListener('click', onClick, true)
  addEventListener('input', onInput, true)
  addEventListener('pointerdown', interacted, { capture: true, once: true })
  addEventListener('keydown', interacted, { capture: true, once: true })

  return {
    /** Resolves on the first press of a pointer or a key. */
    firstInteraction,
    /**
     * A link was followed by the browser: the page is being left, and taking it over now would
     * spend the phone's CPU on a page about to go.
     */
    get leaving() {
      return leaving
    },
    /** Called as the app starts taking over the page: from then on it does not see clicks on links. */
    takingOver() {
      takingOver = true
    },
    /**
     * Called once the app has taken over the page: the typed text, then the held clicks in order
     * on their elements, each in a task of its own (as a visitor's are: the app has rendered what
     * the one before did). Clicks made meanwhile join the queue.
     */
    async replay() {
      removeEventListener('input', onInput, true)
      // The app took over a field showing the typed text (or rendered it anew, empty) but holds
      // what it rendered (the field's default value). The field is set back to that and told
      // (the app takes over its part of the page now if it has not yet), then set to the typed
      // text past the `value` property React watches (the prototype's setter) and told again: the
      // app reads that as a change.
      for (const [typedField, path] of typedInto) {
        const field = typedField.isConnected ? typedField : at(path)
        if (field?.tagName !== typedField.tagName) continue
        if (field instanceof HTMLSelectElement) {
          field.value = (typedField as HTMLSelectElement).value
          field.dispatchEvent(new Event('change', { bubbles: true }))
          continue
        }
        if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue
        const typed = (typedField as HTMLInputElement).value
        if (typed === field.defaultValue) continue
        field.value = field.defaultValue
        field.dispatchEvent(new Event('input', { bubbles: true }))
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed)
        field.dispatchEvent(new Event('input', { bubbles: true }))
      }
      typedInto.clear()
      while (held.length > 0) {
        await new Promise((resolve) => setTimeout(resolve))
        const { target, path, event } = held.shift()!
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
        replaying = true
        try {
          found.dispatchEvent(new PointerEvent('pointerdown', { ...init, buttons: 1 }))
          found.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }))
          found.dispatchEvent(new PointerEvent('pointerup', init))
          found.dispatchEvent(new MouseEvent('mouseup', init))
          found.dispatchEvent(new PointerEvent('click', init))
        } finally {
          replaying = false
        }
      }
      removeEventListener('click', onClick, true)
    },
  }
}

export type EarlyClicks = ReturnType<typeof holdEarlyClicks>

/** The link loads another document in this tab (not a new tab, a download or a jump on this page). */
function leavesThePage(link: HTMLAnchorElement) {
  if (link.target && link.target !== '_self') return false
  if (link.hasAttribute('download')) return false
  const samePage =
    link.origin === location.origin && link.pathname === location.pathname && link.search === location.search
  return !(samePage && link.hash)
}
