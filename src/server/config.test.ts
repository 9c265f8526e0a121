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

  it('refuses to start on PostgreSQL without a shared APP_SECRET', () => {
    expect(() => parseConfig({ DATABASE_URL: 'postgres://db.example/app' })).toThrow(/APP_SECRET: required/)
    const config = parseConfig({
      DATABASE_URL: 'postgres://db.example/app',
      APP_SECRET: 'a-secret-shared-by-every-instance-0001',
    })
    expect(config.appSecret).toBe('a-secret-shared-by-every-instance-0001')
  })

  it('reads the abuse limits, the cookie flag and the metrics token', () => {
    const defaults = parseConfig({})
    expect(defaults.limits).toEqual({
      registerPerHour: 20,
      loginFailuresPerAddress: 20,
      restaurantsPerDay: 5,
      liveConnectionsPerAddress: 20,
    })
    expect(defaults.cookieSecure).toBeUndefined()
    const config = parseConfig({
      REGISTER_LIMIT_PER_HOUR: '3',
      COOKIE_SECURE: 'true',
      METRICS_TOKEN: 'x'.repeat(16),
    })
    expect(config.limits.registerPerHour).toBe(3)
    expect(config.cookieSecure).toBe(true)
    expect(config.metricsToken).toBe('x'.repeat(16))
  })
})
