export type OrderNumberInput = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'ok'; orderId: number }

/** "2", "0002" and "#0002" all mean order 2. */
export function parseOrderNumber(text: string): OrderNumberInput {
  const trimmed = text.trim().replace(/^#/, '').trim()
  if (trimmed === '') return { kind: 'empty' }
  if (!/^\d{1,10}$/.test(trimmed)) return { kind: 'invalid' }
  const orderId = Number(trimmed)
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2_147_483_647) return { kind: 'invalid' }
  return { kind: 'ok', orderId }
}
