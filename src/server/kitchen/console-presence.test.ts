import { afterEach, describe, expect, it } from 'vitest'
import type { Bus } from '../infra/bus'
import { createMemoryBus } from '../infra/bus.memory'
import { type ConsolePresence, createConsolePresence } from './console-presence'

const settle = () => new Promise((resolve) => setTimeout(resolve, 10))
const open: ConsolePresence[] = []
afterEach(async () => {
  for (const presence of open.splice(0)) await presence.close()
})

async function instance(bus: Bus, options: { heartbeatMs?: number; ttlMs?: number } = {}) {
  const presence = await createConsolePresence({ bus, ...options })
  open.push(presence)
  return presence
}

describe('kitchen consoles seen from every instance', () => {
  it('counts a console opened on one instance as open on the other, until its last one closes', async () => {
    const bus = createMemoryBus()
    const [a, b] = [await instance(bus), await instance(bus)]
    a.opened(7)
    a.opened(7)
    await settle()
    expect([a.isOpen(7), b.isOpen(7), b.isOpen(8)]).toEqual([true, true, false])
    a.closed(7)
    await settle()
    expect(b.isOpen(7)).toBe(true)
    a.closed(7)
    await settle()
    expect([a.isOpen(7), b.isOpen(7)]).toEqual([false, false])
  })

  it('tells an instance that starts late what is open already', async () => {
    const bus = createMemoryBus()
    const a = await instance(bus)
    a.opened(3)
    await settle()
    const late = await instance(bus)
    await settle()
    expect(late.isOpen(3)).toBe(true)
  })

  it('forgets an instance that stopped without a word once its time is up, and one that shut down at once', async () => {
    const bus = createMemoryBus()
    let alive = true
    // An instance whose messages stop reaching anyone, as when its process died.
    const dying: Bus = {
      ...bus,
      publish: async (channel, message) => (alive ? bus.publish(channel, message) : undefined),
    }
    const watcher = await instance(bus, { heartbeatMs: 20 })
    const doomed = await instance(dying, { heartbeatMs: 20, ttlMs: 120 })
    doomed.opened(5)
    await settle()
    expect(watcher.isOpen(5)).toBe(true)
    // Its heartbeats keep it open past one time-to-live while it lives.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(watcher.isOpen(5)).toBe(true)
    alive = false
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(watcher.isOpen(5)).toBe(false)

    const leaving = await instance(bus)
    leaving.opened(6)
    await settle()
    expect(watcher.isOpen(6)).toBe(true)
    await leaving.close()
    await settle()
    expect(watcher.isOpen(6)).toBe(false)
  })
})
