import { STREAM_ACCESS_STORAGE_KEY } from '@shared/constants'
import { afterEach, describe, expect, it } from 'vitest'
import { getStreamGrant, removeStreamGrant, storeStreamGrant } from './stream-access'

describe('stream access grants', () => {
  afterEach(() => sessionStorage.clear())

  it('counts the server grant length from now on this browser clock', () => {
    const grant = storeStreamGrant(
      { orderId: 7, grantedAt: '2020-01-01T00:00:00.000Z', expiresAt: '2020-01-01T00:20:00.000Z' },
      1_000_000,
    )
    expect(grant).toEqual({ grantedAt: 1_000_000, expiresAt: 1_000_000 + 20 * 60_000 })
    expect(getStreamGrant(7)).toEqual(grant)
  })

  it('keeps one grant per order under one storage key and removes them one by one', () => {
    storeStreamGrant({ orderId: 1, grantedAt: '2020-01-01T00:00:00Z', expiresAt: '2020-01-01T00:20:00Z' }, 0)
    storeStreamGrant({ orderId: 2, grantedAt: '2020-01-01T00:00:00Z', expiresAt: '2020-01-01T00:05:00Z' }, 0)
    expect(Object.keys(JSON.parse(sessionStorage.getItem(STREAM_ACCESS_STORAGE_KEY)!))).toEqual(['1', '2'])
    removeStreamGrant(1)
    expect(getStreamGrant(1)).toBeUndefined()
    expect(getStreamGrant(2)?.expiresAt).toBe(5 * 60_000)
  })

  it('treats damaged storage as no grant', () => {
    sessionStorage.setItem(STREAM_ACCESS_STORAGE_KEY, 'nonsense')
    expect(getStreamGrant(1)).toBeUndefined()
  })
})
