import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './config'
import { vapidEnv } from './testing/vapid-env'

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

  it('allows private hosts for every outbound URL with OUTBOUND_PRIVATE_HOSTS, or its older name CAMERA_PRIVATE_HOSTS', () => {
    expect(parseConfig({}).outbound.allowPrivateHosts).toBe(false)
    for (const env of [{ OUTBOUND_PRIVATE_HOSTS: 'true' }, { CAMERA_PRIVATE_HOSTS: 'true' }]) {
      const config = parseConfig(env)
      expect(config.outbound.allowPrivateHosts, JSON.stringify(env)).toBe(true)
      expect(config.cameras.allowPrivateHosts, JSON.stringify(env)).toBe(true)
    }
    expect(
      parseConfig({ OUTBOUND_PRIVATE_HOSTS: 'false', CAMERA_PRIVATE_HOSTS: 'false' }).outbound
        .allowPrivateHosts,
    ).toBe(false)
    expect(() => parseConfig({ OUTBOUND_PRIVATE_HOSTS: 'yes' })).toThrow(
      /OUTBOUND_PRIVATE_HOSTS: Use true or false/,
    )
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
      ...vapidEnv(),
    })
    expect(config.appSecret).toBe('a-secret-shared-by-every-instance-0001')
  })

  it('refuses to start on PostgreSQL without the shared VAPID keys, and takes both halves or neither', () => {
    const shared = {
      DATABASE_URL: 'postgres://db.example/app',
      APP_SECRET: 'a-secret-shared-by-every-instance-0001',
    }
    expect(() => parseConfig(shared)).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: required with DATABASE_URL/,
    )
    const keys = vapidEnv()
    const config = parseConfig({ ...shared, ...keys })
    expect(config.push.vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
    })
    expect(config.push.subject).toBe(keys.VAPID_SUBJECT)
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/give both halves/)
    expect(() => parseConfig({ VAPID_SUBJECT: 'someone' })).toThrow(
      /VAPID_SUBJECT must be a mailto: or https: address/,
    )
    expect(parseConfig({}).push).toMatchObject({ vapid: undefined, anyEndpoint: false })
    expect(parseConfig({ PUSH_ANY_ENDPOINT: 'true' }).push.anyEndpoint).toBe(true)
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
