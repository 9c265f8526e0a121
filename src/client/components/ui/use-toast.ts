import { type ReactNode, useSyncExternalStore } from 'react'

/** At most one toast at once; a dismissed toast is removed after 1,000,000 ms (the spec's values). */
export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY = 1_000_000

export interface ToastOptions {
  title?: ReactNode
  description?: ReactNode
  variant?: 'default' | 'destructive'
  duration?: number
}
interface ToastItem extends ToastOptions {
  id: string
  open: boolean
}

let toasts: ToastItem[] = []
let counter = 0
const listeners = new Set<() => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function emit() {
  for (const listener of listeners) listener()
}

export function dismissToast(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t))
  for (const t of toasts) {
    if (!t.open && !removalTimers.has(t.id)) {
      removalTimers.set(
        t.id,
        setTimeout(() => {
          removalTimers.delete(t.id)
          toasts = toasts.filter((x) => x.id !== t.id)
          emit()
        }, TOAST_REMOVE_DELAY),
      )
    }
  }
  emit()
}

/** Shows a toast; the newest replaces the one on screen. */
export function toast(options: ToastOptions) {
  const id = String(++counter)
  toasts = [{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT)
  emit()
  return { id, dismiss: () => dismissToast(id) }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useToasts() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  )
  return { toasts: list, dismiss: dismissToast }
}
