/** What a key does on the console, or undefined when the key is not the console's. */
export type ConsoleKeyAction =
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'pick'; position: number }
  | { kind: 'bump' }
  | { kind: 'recall' }
  | { kind: 'help' }

/**
 * The console's keys (a keyboard, or a bump bar that sends the same keys). Enter and Space bump
 * only when the focus is on a ticket or nowhere: on a button they press that button, as always.
 * Nothing is taken from a field being typed in.
 */
export function consoleKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>,
  focus: 'ticket' | 'none' | 'control' | 'field',
): ConsoleKeyAction | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey || focus === 'field') return undefined
  switch (event.key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return { kind: 'move', by: 1 }
    case 'ArrowLeft':
    case 'ArrowUp':
      return { kind: 'move', by: -1 }
    case 'Enter':
    case ' ':
      return focus === 'control' ? undefined : { kind: 'bump' }
    case 'r':
    case 'R':
      return { kind: 'recall' }
    case '?':
      return { kind: 'help' }
    default:
      return /^[1-9]$/.test(event.key) ? { kind: 'pick', position: Number(event.key) } : undefined
  }
}

/** Where the focus is, as `consoleKeyAction` needs it. */
export function focusKind(target: EventTarget | null): 'ticket' | 'none' | 'control' | 'field' {
  if (!(target instanceof HTMLElement) || target === document.body) return 'none'
  if (target.matches('input, textarea, select, [contenteditable=""], [contenteditable="true"]'))
    return 'field'
  if (target.dataset.ticketCard !== undefined) return 'ticket'
  if (target.matches('button, a[href], [role="button"], [role="switch"], [role="radio"], summary'))
    return 'control'
  return 'none'
}
