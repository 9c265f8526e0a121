import { describe, expect, it, vi } from 'vitest'
import type { ServerMessage } from '../../shared/live-messages'
import { type Bus, orderChannel } from '../infra/bus'
import { createMemoryBus } from '../infra/bus.memory'
import { readTextFrames } from './frames'
import { createHub, type HubMember, type RoomSnapshot, WRITE_BUDGET_MS } from './hub'

/** The memory bus, counting subscriptions per channel. */
function countingBus() {
  const inner = createMemoryBus()
  const subscribes = new Map<string, number>()
  const unsubscribes = new Map<string, number>()
  const bus: Bus = {
    kind: 'memory',
    publish: (channel, message) => inner.publish(channel, message),
    async subscribe(channel, handler) {
      subscribes.set(channel, (subscribes.get(channel) ?? 0) + 1)
      const off = await inner.subscribe(channel, handler)
      return async () => {
        unsubscribes.set(channel, (unsubscribes.get(channel) ?? 0) + 1)
        await off()
      }
    },
    onResync: (listener) => inner.onResync(listener),
    status: () => inner.status(),
    close: () => inner.close(),
  }
  return { bus, subscribes, unsubscribes }
}

function member(userId?: number) {
  const received: Buffer[] = []
  const writes: number[] = []
  /** The bytes of each frame write, as the hub handed them over. */
  const written: Buffer[] = []
  const m: HubMember & { received: Buffer[]; writes: number[]; written: Buffer[]; open: boolean } = {
    userId,
    open: true,
    received,
    writes,
    written,
    send: (data, ...more) => {
      received.push(data, ...more)
      writes.push(1 + more.length)
    },
    sendFrames: (frames) => {
      written.push(frames)
      const payloads = readTextFrames(frames)
      received.push(...payloads)
      writes.push(payloads.length)
    },
  }
  return m
}

const settle = () => new Promise((r) => setTimeout(r, 10))
const status = (orderId: number, progress: number): ServerMessage => ({
  type: 'status',
  orderId,
  status: 'cooking',
  progress,
  sentAt: Date.now(),
})

function joiner(orderId: number, loads: { count: number }, snapshots: RoomSnapshot[] = []) {
  return {
    dinerId: 1,
    isPublic: false,
    load: async () => {
      loads.count++
      return { status: status(orderId, 33) }
    },
    onJoined: (snapshot: RoomSnapshot) => snapshots.push(snapshot),
  }
}

describe('live rooms', () => {
  it('listens to an order once per instance however many viewers join, and stops after the last one leaves', async () => {
    const { bus, subscribes, unsubscribes } = countingBus()
    const hub = createHub({ bus })
    const loads = { count: 0 }
    const viewers = [member(), member(), member(5)]
    await Promise.all(viewers.map((v) => hub.join(12, v, joiner(12, loads))))
    expect(subscribes.get(orderChannel(12))).toBe(1)
    expect(loads.count).toBe(1)
    expect(hub.stats()).toEqual({ rooms: 1, members: 3 })

    for (const v of viewers) hub.leave(12, v)
    await settle()
    expect(unsubscribes.get(orderChannel(12))).toBe(1)
    expect(hub.stats()).toEqual({ rooms: 0, members: 0 })

    await hub.join(12, viewers[0]!, joiner(12, loads))
    expect(subscribes.get(orderChannel(12))).toBe(2)
    await hub.close()
  })

  it('writes a large room over several turns of the event loop, each within its time budget, every viewer getting every message in order', async () => {
    const { bus } = countingBus()
    // Each write costs a tenth of a millisecond on this clock.
    let clock = 0
    const hub = createHub({ bus, now: () => clock })
    const loads = { count: 0 }
    const writeCost = 0.1
    const perTurn = WRITE_BUDGET_MS / writeCost
    const viewers = Array.from({ length: perTurn * 2 + 7 }, () => {
      const v = member()
      const sendFrames = v.sendFrames
      v.sendFrames = (frames) => {
        clock += writeCost
        sendFrames(frames)
      }
      return v
    })
    for (const v of viewers) await hub.join(21, v, joiner(21, loads))
    const leaver = viewers[viewers.length - 1]!

    await bus.publish(orderChannel(21), status(21, 50))
    // The first turn wrote until its budget was spent (the clock is read every 64 viewers), then
    // let what else waits on the event loop run before the rest.
    await new Promise((r) => setImmediate(r))
    const reached = viewers.filter((v) => v.received.length > 0).length
    expect(reached).toBeGreaterThanOrEqual(perTurn)
    expect(reached).toBeLessThan(perTurn + 64)
    // Arrives while the first batch is being written: it waits for it, and a viewer that left
    // meanwhile gets nothing more.
    hub.leave(21, leaver)
    await bus.publish(orderChannel(21), status(21, 51))
    const progress = (m: { received: Buffer[] }) => m.received.map((b) => JSON.parse(b.toString()).progress)
    // The writes take real time too: on a busy machine more than one timer's worth.
    await vi.waitFor(() => {
      for (const v of viewers.slice(0, -1)) expect(progress(v)).toEqual([50, 51])
    })
    expect(progress(leaver)).toEqual([])
    await hub.close()
  })

  it('serializes and frames each message once and writes the same bytes to every viewer of the room only', async () => {
    const { bus } = countingBus()
    const hub = createHub({ bus })
    const loads = { count: 0 }
    const inRoom = [member(), member(), member()]
    const elsewhere = member()
    for (const v of inRoom) await hub.join(7, v, joiner(7, loads))
    await hub.join(8, elsewhere, joiner(8, loads))

    await bus.publish(orderChannel(7), status(7, 40))
    await settle()
    const first = inRoom[0]!.received[0]!
    expect(JSON.parse(first.toString())).toMatchObject({ type: 'status', orderId: 7, progress: 40 })
    for (const v of inRoom) expect(v.written[0]).toBe(inRoom[0]!.written[0])
    expect(elsewhere.received).toEqual([])
    await hub.close()
  })

  it('gives a new viewer the room’s latest status and telemetry, and upsell offers only to the diner', async () => {
    const { bus } = countingBus()
    const hub = createHub({ bus })
    const loads = { count: 0 }
    const diner = member(1)
    const owner = member(2)
    const snapshots: RoomSnapshot[] = []
    await hub.join(9, diner, joiner(9, loads, snapshots))
    expect(JSON.parse(snapshots[0]!.status!.toString())).toMatchObject({ progress: 33 })

    await bus.publish(orderChannel(9), status(9, 41))
    await bus.publish(orderChannel(9), {
      type: 'telemetry',
      orderId: 9,
      data: { temperature: 377, cookingTime: 300, status: 'On schedule' },
      sentAt: Date.now(),
    })
    await settle()
    await hub.join(9, owner, joiner(9, loads, snapshots))
    expect(loads.count).toBe(1)
    expect(JSON.parse(snapshots[1]!.status!.toString())).toMatchObject({ progress: 41 })
    expect(JSON.parse(snapshots[1]!.telemetry!.toString())).toMatchObject({ data: { temperature: 377 } })

    await bus.publish(orderChannel(9), {
      type: 'upsell',
      orderId: 9,
      upsellId: 3,
      menuItem: { id: 1, name: 'Side Salad', description: 'Greens', price: 6.99, image: null },
      sentAt: Date.now(),
    })
    await settle()
    const types = (m: { received: Buffer[] }) => m.received.map((b) => JSON.parse(b.toString()).type)
    expect(types(diner)).toEqual(['status', 'telemetry', 'upsell'])
    expect(types(owner)).toEqual([])
    await hub.close()
  })

  it('sends messages that arrive together in one write per viewer, and none queued before a viewer joined', async () => {
    // Delivers inside publish, so the test decides exactly what happens before the room flushes.
    const handlers = new Map<string, (m: unknown) => void>()
    const bus: Bus = {
      kind: 'memory',
      publish: async (channel, message) => handlers.get(channel)?.(message),
      subscribe: async (channel, handler) => {
        handlers.set(channel, handler)
        return async () => {
          handlers.delete(channel)
        }
      },
      onResync: () => () => {},
      status: () => ({ connected: true, queued: 0 }),
      close: async () => {},
    }
    const hub = createHub({ bus })
    const loads = { count: 0 }
    const early = member()
    await hub.join(5, early, joiner(5, loads))
    const late = member()
    const snapshots: RoomSnapshot[] = []
    const joining = hub.join(5, late, joiner(5, loads, snapshots))
    void bus.publish(orderChannel(5), status(5, 44))
    void bus.publish(orderChannel(5), {
      type: 'telemetry',
      orderId: 5,
      data: { temperature: 380, cookingTime: 200, status: 'On schedule' },
      sentAt: Date.now(),
    })
    await joining
    await settle()
    expect(early.writes).toEqual([2])
    expect(early.received.map((b) => JSON.parse(b.toString()).type)).toEqual(['status', 'telemetry'])
    // The late viewer joined before the flush: its snapshot has both, and nothing comes twice.
    expect(late.received).toEqual([])
    expect(JSON.parse(snapshots[0]!.status!.toString())).toMatchObject({ progress: 44 })
    expect(JSON.parse(snapshots[0]!.telemetry!.toString())).toMatchObject({ data: { temperature: 380 } })
    await hub.close()
  })

  it('knows which open rooms anyone may watch', async () => {
    const { bus } = countingBus()
    const hub = createHub({ bus })
    const viewer = member()
    await hub.join(1, viewer, { ...joiner(1, { count: 0 }), isPublic: true })
    await hub.join(2, viewer, joiner(2, { count: 0 }))
    expect([hub.isPublic(1), hub.isPublic(2), hub.isPublic(3)]).toEqual([true, false, false])
    hub.leave(1, viewer)
    expect(hub.isPublic(1)).toBe(false)
    await hub.close()
  })

  it('does not keep a viewer who left while the room was opening', async () => {
    const { bus, unsubscribes } = countingBus()
    const hub = createHub({ bus })
    const gone = member()
    gone.open = false
    const joined = await hub.join(4, gone, joiner(4, { count: 0 }))
    expect(joined).toBe(false)
    await settle()
    expect(hub.stats()).toEqual({ rooms: 0, members: 0 })
    expect(unsubscribes.get(orderChannel(4))).toBe(1)
  })
})
