import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './config'

describe('configuration', () => {
  it('defaults to the embedded database on port 5000 with the kitchen and cameras on', () => {
    const config = parseConfig({})
    expect(config.port).toBe(5000)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.kitchen).toMatchObject({ enabled: true, orderMs: 900_000, tickMs: 2000 })
    expect(config.cameras.enabled).toBe(true)
    expect(config.seedDemo).toBe(true)
    expect(config.trustProxy).toBe(false)
  })

  it('reads yes/no variables and numbers', () => {
    const config = parseConfig({
      KITCHEN_ENABLED: 'false',
      CAMERAS_ENABLED: '0',
      TRUST_PROXY: 'true',
      PORT: '8080',
    })
    expect(config.kitchen.enabled).toBe(false)
    expect(config.cameras.enabled).toBe(false)
    expect(config.trustProxy).toBe(true)
    expect(config.port).toBe(8080)
  })

  it('lists every wrong variable at once', () => {
    const parse = () => parseConfig({ PORT: 'abc', DATABASE_URL: 'not a url', KITCHEN_ENABLED: 'maybe' })
    expect(parse).toThrow(ConfigError)
    const message = (() => {
      try {
        parse()
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message).toMatch(/PORT/)
    expect(message).toMatch(/DATABASE_URL/)
    expect(message).toMatch(/KITCHEN_ENABLED: Use true or false/)
  })
})
