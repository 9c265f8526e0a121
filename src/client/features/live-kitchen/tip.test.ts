import { tipSchema } from '@shared/schemas/wallet'
import { describe, expect, it } from 'vitest'
import { canSendTip, INITIAL_TIP, tipAmount, tipError } from './tip'

describe('tip amount', () => {
  it('starts at the $5 preset', () => {
    expect(tipAmount(INITIAL_TIP)).toBe(5)
    expect(canSendTip(INITIAL_TIP)).toBe(true)
    expect(tipError(INITIAL_TIP)).toBeNull()
  })

  it('uses the custom amount when chosen and disables send while it is empty, zero or not a number', () => {
    const custom = (text: string) => ({ ...INITIAL_TIP, useCustom: true, custom: text })
    expect(tipAmount(custom('7.50'))).toBe(7.5)
    expect(canSendTip(custom('7.50'))).toBe(true)
    for (const text of ['', '   ', '0', '0.00', 'abc', '1e']) expect(canSendTip(custom(text))).toBe(false)
  })

  it('rejects amounts that are not above zero with the spec message', () => {
    const custom = (text: string) => ({ ...INITIAL_TIP, useCustom: true, custom: text })
    expect(tipError(custom('-3'))).toBe('Please enter a valid tip amount')
    expect(tipError(custom('abc'))).toBe('Please enter a valid tip amount')
    expect(tipError(custom('0.5'))).toBeNull()
  })

  it('keeps send disabled below $0.50, above $100 or with fractions of a cent, as the server does', () => {
    const custom = (text: string) => ({ ...INITIAL_TIP, useCustom: true, custom: text })
    for (const text of ['0.30', '0.49', '100.01']) {
      expect(canSendTip(custom(text))).toBe(false)
      expect(tipError(custom(text))).toBe('Tips are between $0.50 and $100.00')
    }
    expect(canSendTip(custom('2.505'))).toBe(false)
    expect(tipError(custom('2.505'))).toBe('Amounts have at most two decimals')
    for (const text of ['0.50', '100', '12.34']) expect(canSendTip(custom(text))).toBe(true)
  })

  it('takes exactly the amounts the server’s tip schema takes, with its message', () => {
    const custom = (text: string) => ({ ...INITIAL_TIP, useCustom: true, custom: text })
    for (const text of [
      '0.01',
      '0.49',
      '0.5',
      '0.501',
      '1',
      '7.25',
      '99.99',
      '100',
      '100.001',
      '100.01',
      '250',
    ]) {
      const server = tipSchema.shape.amount.safeParse(Number(text))
      expect(canSendTip(custom(text)), text).toBe(server.success)
      expect(tipError(custom(text)), text).toBe(server.success ? null : server.error.issues[0]?.message)
    }
  })
})
