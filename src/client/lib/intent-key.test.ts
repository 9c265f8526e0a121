import { afterEach, describe, expect, it, vi } from 'vitest'
import { intentDone, intentKey } from './intent-key'

afterEach(() => {
  vi.restoreAllMocks()
  intentDone('tip:1')
  intentDone('tip:2')
})

describe('one idempotency key per intent', () => {
  it('keeps the key across retries of the same intent, whatever order its fields come in', () => {
    const first = intentKey('tip:1', { amount: 5, message: 'Thanks' })
    expect(intentKey('tip:1', { message: 'Thanks', amount: 5 })).toBe(first)
  })

  it('makes a new key when the intent changes, and after it succeeded', () => {
    const first = intentKey('tip:1', { amount: 5, message: 'Thanks' })
    const changed = intentKey('tip:1', { amount: 6, message: 'Thanks' })
    expect(changed).not.toBe(first)
    intentDone('tip:1')
    expect(intentKey('tip:1', { amount: 6, message: 'Thanks' })).not.toBe(changed)
  })

  it('keeps scopes apart', () => {
    expect(intentKey('tip:1', { amount: 5 })).not.toBe(intentKey('tip:2', { amount: 5 }))
  })

  it('sends the same key when a tip is retried after a network error, so it is charged once', async () => {
    const { useTipChef } = await import('../features/live-kitchen/api/tip-chef')
    expect(useTipChef).toBeTypeOf('function')
    const keys: string[] = []
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      keys.push(new Headers(init?.headers).get('idempotency-key') ?? '')
      if (keys.length === 1) throw new TypeError('Failed to fetch')
      return new Response(JSON.stringify({ tipAmount: 5, newBalance: 10 }), {
        headers: { 'content-type': 'application/json' },
      })
    })
    const { tipChef } = await import('../features/live-kitchen/api/tip-chef')
    await expect(tipChef(7, { amount: 5, message: 'Thanks' })).rejects.toThrow('Failed to fetch')
    await tipChef(7, { amount: 5, message: 'Thanks' })
    await tipChef(7, { amount: 5, message: 'Thanks' })
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(keys[0]).toBe(keys[1])
    expect(keys[2]).not.toBe(keys[1])
  })
})
