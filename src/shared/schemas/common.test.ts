import { describe, expect, it } from 'vitest'
import { clientMessageSchema } from '../live-messages'
import { registerSchema } from './auth'
import { idField, idParam, multilineText, singleLineText } from './common'
import { placeOrderSchema } from './orders'
import { tipSchema } from './wallet'

describe('ids', () => {
  it.each([true, '1', '0x1', ' 1', '+1', 1.5, 0, -1, 2 ** 31, null])('refuses %j in a body', (value) => {
    expect(idField().safeParse(value).success).toBe(false)
  })

  it('takes a JSON number up to 2^31-1 in a body', () => {
    expect(idField().parse(1)).toBe(1)
    expect(idField().parse(2 ** 31 - 1)).toBe(2 ** 31 - 1)
  })

  it.each(['0x1', ' 1', '+1', '1 ', '1e3', '1.0', '0', '007', '-1', '2147483648', '99999999999', ''])(
    'refuses %j in a path',
    (value) => {
      expect(idParam().safeParse(value).success).toBe(false)
    },
  )

  it('reads canonical digits in a path', () => {
    expect(idParam().parse('42')).toBe(42)
    expect(idParam().parse('2147483647')).toBe(2147483647)
  })

  it('refuses an order whose ids are booleans instead of placing one for item 1', () => {
    const parsed = placeOrderSchema.safeParse({
      restaurantId: true,
      items: [{ menuItemId: true, quantity: 1 }],
    })
    expect(parsed.success).toBe(false)
  })

  it('refuses a live upsell answer whose id cannot be a database id', () => {
    const parsed = clientMessageSchema.safeParse({ type: 'upsell_response', upsellId: 3e9, accepted: true })
    expect(parsed.success).toBe(false)
    expect(clientMessageSchema.safeParse({ type: 'subscribe', orderId: '5' }).success).toBe(false)
  })
})

describe('text fields', () => {
  it('refuses NUL and other control characters on one line, with a field message', () => {
    for (const bad of ['de\u0000mo', 'a\u001bb', 'a\nb', 'a\tb', 'a\u007fb', 'a\u0085b']) {
      const parsed = singleLineText().safeParse(bad)
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues[0]?.message).toBe('Must not contain control characters')
    }
  })

  it('lets a message span lines but still refuses NUL', () => {
    expect(multilineText().parse('Thank you!\nGreat pasta')).toBe('Thank you!\nGreat pasta')
    expect(multilineText().safeParse('Thanks\u0000').success).toBe(false)
  })

  it('trims before checking, so a pasted trailing newline is not an error', () => {
    expect(singleLineText().parse('  Ramen Bar\n')).toBe('Ramen Bar')
  })

  it('names the field that holds the control character', () => {
    const parsed = registerSchema.safeParse({
      username: 'demo',
      password: 'secret123',
      fullName: 'De\u0000mo',
      email: 'demo@example.com',
    })
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['fullName'])
    expect(tipSchema.safeParse({ amount: 1, message: 'hi\u0000' }).success).toBe(false)
  })
})
