import { DELIVERY_FEE_CENTS, type Fulfilment, ORDER_QUANTITY } from '@shared/constants'
import { toDollars } from '@shared/money'
import { useCallback, useSyncExternalStore } from 'react'
import { lineTotalCents } from './order-lines'

/** An option chosen on a cart line, as the menu showed it when the dish was added. */
export interface CartOption {
  id: number
  group: string
  name: string
  priceDelta: number
}

/**
 * One cart line; the cart is local to this browser session and kept per restaurant. `price` is
 * one dish with its options. The same dish with other options or another note is another line.
 */
export interface CartLine {
  menuItemId: number
  name: string
  price: number
  quantity: number
  image?: string | null
  options?: CartOption[]
  notes?: string
}

/** What makes two cart lines one: the dish, its options (in any order) and its note. */
export function cartLineKey(line: Pick<CartLine, 'menuItemId' | 'options' | 'notes'>): string {
  const options = (line.options ?? []).map((o) => o.id).sort((a, b) => a - b)
  return JSON.stringify([line.menuItemId, options, line.notes ?? ''])
}

const PREFIX = 'clearplate-cart:'
const listeners = new Set<() => void>()
const snapshots = new Map<number, { raw: string | null; lines: CartLine[] }>()
const EMPTY: CartLine[] = []

function key(restaurantId: number) {
  return `${PREFIX}${restaurantId}`
}

export function readCart(restaurantId: number): CartLine[] {
  let raw: string | null = null
  try {
    raw = sessionStorage.getItem(key(restaurantId))
  } catch {}
  const cached = snapshots.get(restaurantId)
  if (cached && cached.raw === raw) return cached.lines
  let lines: CartLine[] = EMPTY
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    if (Array.isArray(parsed)) lines = parsed.filter(isLine)
  } catch {}
  snapshots.set(restaurantId, { raw, lines })
  return lines
}

function isLine(value: unknown): value is CartLine {
  const line = value as CartLine
  return (
    typeof line === 'object' &&
    line !== null &&
    Number.isInteger(line.menuItemId) &&
    typeof line.name === 'string' &&
    Number.isFinite(line.price) &&
    Number.isInteger(line.quantity) &&
    line.quantity > 0 &&
    (line.options === undefined ||
      (Array.isArray(line.options) && line.options.every((o) => Number.isInteger(o?.id)))) &&
    (line.notes === undefined || typeof line.notes === 'string')
  )
}

function writeCart(restaurantId: number, lines: CartLine[]) {
  try {
    if (lines.length === 0) sessionStorage.removeItem(key(restaurantId))
    else sessionStorage.setItem(key(restaurantId), JSON.stringify(lines))
  } catch {}
  for (const listener of listeners) listener()
}

const clampQuantity = (q: number) => Math.max(ORDER_QUANTITY.min, Math.min(ORDER_QUANTITY.max, q))

/** Adds `quantity` of an item; the same dish with the same options and note raises that line's quantity. */
export function addToCart(restaurantId: number, item: Omit<CartLine, 'quantity'>, quantity = 1) {
  const lines = readCart(restaurantId)
  const wanted = cartLineKey(item)
  const existing = lines.find((l) => cartLineKey(l) === wanted)
  writeCart(
    restaurantId,
    existing
      ? lines.map((l) => (l === existing ? { ...l, quantity: clampQuantity(l.quantity + quantity) } : l))
      : [...lines, { ...item, quantity: clampQuantity(quantity) }],
  )
}

/** Sets a line's quantity (the line named by `cartLineKey`); zero removes it. */
export function setCartQuantity(restaurantId: number, lineKey: string, quantity: number) {
  const lines = readCart(restaurantId)
  writeCart(
    restaurantId,
    quantity <= 0
      ? lines.filter((l) => cartLineKey(l) !== lineKey)
      : lines.map((l) => (cartLineKey(l) === lineKey ? { ...l, quantity: clampQuantity(quantity) } : l)),
  )
}

export function clearCart(restaurantId: number) {
  writeCart(restaurantId, [])
}

export interface CartTotals {
  itemCount: number
  subtotal: number
  deliveryFee: number
  total: number
}

/** Subtotal of the lines plus the delivery fee (none for pickup), computed in cents. */
export function cartTotals(
  lines: readonly Pick<CartLine, 'price' | 'quantity'>[],
  fulfilment: Fulfilment = 'delivery',
): CartTotals {
  const feeCents = fulfilment === 'pickup' ? 0 : DELIVERY_FEE_CENTS
  const subtotalCents = lines.reduce((sum, l) => sum + lineTotalCents(l), 0)
  const itemCount = lines.reduce((sum, l) => sum + l.quantity, 0)
  return {
    itemCount,
    subtotal: toDollars(subtotalCents),
    deliveryFee: toDollars(feeCents),
    total: toDollars(subtotalCents + feeCents),
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(PREFIX)) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useCart(restaurantId: number) {
  const lines = useSyncExternalStore(
    subscribe,
    () => readCart(restaurantId),
    () => EMPTY,
  )
  const add = useCallback(
    (item: Omit<CartLine, 'quantity'>, quantity = 1) => addToCart(restaurantId, item, quantity),
    [restaurantId],
  )
  const setQuantity = useCallback(
    (lineKey: string, quantity: number) => setCartQuantity(restaurantId, lineKey, quantity),
    [restaurantId],
  )
  const clear = useCallback(() => clearCart(restaurantId), [restaurantId])
  return { lines, add, setQuantity, clear }
}
