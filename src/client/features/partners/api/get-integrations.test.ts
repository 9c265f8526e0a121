import type { DeliveryIntegration } from '@shared/schemas/partners'
import { describe, expect, it } from 'vitest'
import { integrationsRefreshMs } from './get-integrations'

const NOW = Date.parse('2026-11-28T18:00:00Z')
const integration = (status: string, secondsAgo: number) =>
  ({ status, updatedAt: new Date(NOW - secondsAgo * 1000).toISOString() }) as DeliveryIntegration

describe('how soon the integrations are read again', () => {
  it('every 3 s while one has been pending for less than two minutes', () => {
    expect(integrationsRefreshMs([integration('connected', 5), integration('pending', 10)], NOW)).toBe(3000)
    expect(integrationsRefreshMs([integration('pending', 600), integration('pending', 119)], NOW)).toBe(3000)
  })

  it('every 30 s while one stays pending longer', () => {
    expect(integrationsRefreshMs([integration('pending', 120)], NOW)).toBe(30_000)
    expect(integrationsRefreshMs([integration('pending', 3600), integration('error', 1)], NOW)).toBe(30_000)
  })

  it('not at all when none is pending, or before the list is read', () => {
    expect(integrationsRefreshMs([integration('connected', 1), integration('error', 1)], NOW)).toBe(false)
    expect(integrationsRefreshMs([], NOW)).toBe(false)
    expect(integrationsRefreshMs(undefined, NOW)).toBe(false)
  })
})
