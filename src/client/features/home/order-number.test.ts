import { describe, expect, it } from 'vitest'
import { parseOrderNumber } from './order-number'

describe('parseOrderNumber', () => {
  it('reads plain, zero-padded and hash-prefixed order numbers', () => {
    expect(parseOrderNumber('2')).toEqual({ kind: 'ok', orderId: 2 })
    expect(parseOrderNumber(' 0002 ')).toEqual({ kind: 'ok', orderId: 2 })
    expect(parseOrderNumber('#0017')).toEqual({ kind: 'ok', orderId: 17 })
  })

  it('tells an empty field from a malformed number', () => {
    expect(parseOrderNumber('')).toEqual({ kind: 'empty' })
    expect(parseOrderNumber('  # ')).toEqual({ kind: 'empty' })
    expect(parseOrderNumber('12a')).toEqual({ kind: 'invalid' })
    expect(parseOrderNumber('0')).toEqual({ kind: 'invalid' })
    expect(parseOrderNumber('9999999999')).toEqual({ kind: 'invalid' })
  })
})
