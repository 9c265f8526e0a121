/**
 * An order's lines as stored in its `items` (a JSON string in the API, as the spec reads it), and
 * their reading. Read here without the schema library: the pages that show an order load nothing
 * else of it. The server writes these lines itself; what it reads back is checked all the same.
 */

/** An option chosen on an order line, as it was when the order was placed. */
export interface OrderLineOption {
  id: number
  /** The option's group ("Spice level"). */
  group: string
  name: string
  /** Dollars it added to each dish. */
  priceDelta: number
  allergens: string[]
}

/**
 * One line of an order. `price` is one dish with its options. Lines without options (older
 * orders, a delivery platform's) have neither `options` nor `notes`.
 */
export interface OrderLine {
  menuItemId?: number
  name: string
  quantity: number
  price: number
  options?: OrderLineOption[]
  /** The diner's note on this line ("no onions"). */
  notes?: string
}

type Fields = Record<string, unknown>
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const isString = (value: unknown): value is string => typeof value === 'string'
const optional = <T>(value: unknown, is: (v: unknown) => v is T): value is T | undefined =>
  value === undefined || is(value)

function readOption(value: unknown): OrderLineOption | undefined {
  if (!isFields(value)) return undefined
  const { id, group, name, priceDelta, allergens = [] } = value
  if (!isNumber(id) || !isString(group) || !isString(name) || !isNumber(priceDelta)) return undefined
  if (!Array.isArray(allergens) || !allergens.every(isString)) return undefined
  return { id, group, name, priceDelta, allergens }
}

function readLine(value: unknown): OrderLine | undefined {
  if (!isFields(value)) return undefined
  const { menuItemId, name, quantity, price, options, notes } = value
  if (!isString(name) || !isNumber(quantity) || !isNumber(price)) return undefined
  if (!optional(menuItemId, isNumber) || !optional(notes, isString)) return undefined
  const line: OrderLine = { name, quantity, price }
  if (menuItemId !== undefined) line.menuItemId = menuItemId
  if (options !== undefined) {
    if (!Array.isArray(options)) return undefined
    const read = options.map(readOption)
    if (read.some((o) => o === undefined)) return undefined
    line.options = read as OrderLineOption[]
  }
  if (notes !== undefined) line.notes = notes
  return line
}

/** The lines of `items`; none when it is not a list of lines (every line must read, or none do). */
export function parseOrderItems(items: string): OrderLine[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(items)
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  const lines = parsed.map(readLine)
  return lines.some((l) => l === undefined) ? [] : (lines as OrderLine[])
}

/** "Pad Thai (Hot, Fried egg)": a dish with its options, as counts and short lists name it. */
export function lineWithOptions(line: { name: string; options?: { name: string }[] }): string {
  return line.options?.length ? `${line.name} (${line.options.map((o) => o.name).join(', ')})` : line.name
}
