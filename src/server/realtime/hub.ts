import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import { type Bus, orderChannel } from '../infra/bus'
import { textFrame } from './frames'

/** One viewer's end of the live channel, as the hub sees it. */
export interface HubMember {
  /** The signed-in user behind the connection, if any. */
  readonly userId: number | undefined
  /** Sends already serialized messages, together; skips them when the connection cannot keep up. */
  send(data: Buffer, ...more: Buffer[]): void
  /**
   * Writes WebSocket frames built beforehand (`textFrame`), as they are, in one write; skips them
   * when the connection cannot keep up.
   */
  sendFrames(frames: Buffer): void
  readonly open: boolean
}

/** The latest status and telemetry of an order, serialized, as a new viewer first sees them. */
export interface RoomSnapshot {
  status?: Buffer
  telemetry?: Buffer
}

export interface JoinOptions {
  /** The diner who placed the order: only they receive its upsell offers. */
  dinerId: number
  /** Anyone may watch (the showcase). */
  isPublic: boolean
  /** Reads the order's current status and telemetry, once per room, after the room listens. */
  load(): Promise<{ status?: ServerMessage; telemetry?: ServerMessage }>
  /** Runs synchronously as the member enters the room, before any later message reaches it. */
  onJoined(snapshot: RoomSnapshot): void
}

interface Outgoing {
  seq: number
  type: string
  data: Buffer
}

interface Room {
  orderId: number
  dinerId: number
  isPublic: boolean
  /** Each member with the sequence number of the last message it had when it joined. */
  members: Map<HubMember, number>
  seq: number
  /** Messages of this turn of the event loop, sent together once it ends. */
  outbox: Outgoing[]
  /** A large room's batch is still being written, a chunk of members per turn: the next waits. */
  writing: boolean
  lastStatus?: Buffer
  lastTelemetry?: Buffer
  ready: Promise<void>
  unsubscribe?: () => Promise<void>
  load: JoinOptions['load']
}

export interface Hub {
  /** Adds a member to the order's room; false when the member left while the room was opening. */
  join(orderId: number, member: HubMember, options: JoinOptions): Promise<boolean>
  leave(orderId: number, member: HubMember): void
  /** True when the order's room is open on this instance and anyone may watch it. */
  isPublic(orderId: number): boolean
  stats(): { rooms: number; members: number }
  close(): Promise<void>
}

const serialize = (message: unknown) => Buffer.from(JSON.stringify(message))

/**
 * Time a room's batch may hold the event loop before it lets HTTP requests and other rooms in.
 * A large room is written over several turns of the event loop, each at most this long, so a
 * request waits at most about this long behind a fan-out, while the viewers wait for as few
 * turns as the writing needs (counted in members, a room would yield far more often than it must
 * on a fast machine and too seldom on a slow one).
 */
export const WRITE_BUDGET_MS = 12
/** The clock is read once per this many members written. */
const MEMBERS_PER_CLOCK_READ = 64

/**
 * Rooms of viewers per order. Each room listens to its order's bus channel once per instance
 * (from its first local viewer until its last one leaves), serializes and frames every message
 * once for all of its members, and writes those bytes to each. Messages that arrive together (a
 * kitchen pass's status and telemetry) leave together: one write per viewer, not one per message.
 */
export function createHub({
  bus,
  onError,
  now = performance.now.bind(performance),
}: {
  bus: Bus
  onError?: (error: unknown) => void
  /** Milliseconds, monotonic: measures each turn's writing against WRITE_BUDGET_MS. */
  now?: () => number
}): Hub {
  const rooms = new Map<number, Room>()
  let closed = false

  function deliver(room: Room, message: unknown) {
    if (!message || typeof message !== 'object') return
    const type = (message as { type?: unknown }).type
    if (typeof type !== 'string') return
    const data = serialize(message)
    if (type === 'status') room.lastStatus = data
    else if (type === 'telemetry') room.lastTelemetry = data
    room.outbox.push({ seq: ++room.seq, type, data })
    if (room.outbox.length === 1 && !room.writing) queueMicrotask(() => flush(room))
  }

  /**
   * Each message of the batch is framed once; a member that has seen none of them and may see them
   * all (nearly every member) gets the same bytes as every other: one buffer, one write each.
   * A room that takes longer than WRITE_BUDGET_MS is written over several turns of the event loop;
   * messages arriving meanwhile wait for the batch to finish, so every viewer keeps their order.
   */
  function flush(room: Room) {
    const batch = room.outbox
    room.outbox = []
    const frames = batch.map((o) => textFrame(o.data))
    const all = frames.length === 1 ? frames[0]! : Buffer.concat(frames)
    const firstSeq = batch[0]!.seq
    const hasUpsell = batch.some((o) => o.type === 'upsell')
    const send = (member: HubMember, joinedAt: number) => {
      if (joinedAt < firstSeq && (!hasUpsell || member.userId === room.dinerId)) {
        member.sendFrames(all)
        return
      }
      const mine: Buffer[] = []
      for (let i = 0; i < batch.length; i++) {
        const { seq, type } = batch[i]!
        if (joinedAt < seq && (type !== 'upsell' || member.userId === room.dinerId)) mine.push(frames[i]!)
      }
      if (mine.length > 0) member.sendFrames(mine.length === 1 ? mine[0]! : Buffer.concat(mine))
    }
    const members = [...room.members]
    let at = 0
    const writeTurn = () => {
      const until = now() + WRITE_BUDGET_MS
      while (at < members.length) {
        const end = Math.min(at + MEMBERS_PER_CLOCK_READ, members.length)
        for (; at < end; at++) {
          const [member, joinedAt] = members[at]!
          // Left the room while the batch was being written.
          if (room.members.has(member)) send(member, joinedAt)
        }
        if (at < members.length && now() >= until) {
          room.writing = true
          setImmediate(writeTurn)
          return
        }
      }
      room.writing = false
      if (room.outbox.length > 0) flush(room)
    }
    writeTurn()
  }

  function openRoom(orderId: number, options: JoinOptions): Room {
    const room: Room = {
      orderId,
      dinerId: options.dinerId,
      isPublic: options.isPublic,
      members: new Map(),
      seq: 0,
      outbox: [],
      writing: false,
      ready: Promise.resolve(),
      load: options.load,
    }
    room.ready = (async () => {
      room.unsubscribe = await bus.subscribe(orderChannel(orderId), (message) => deliver(room, message))
      // Read after listening: a change made meanwhile arrives as a message and wins.
      const initial = await options.load()
      if (!room.lastStatus && initial.status) room.lastStatus = serialize(initial.status)
      if (!room.lastTelemetry && initial.telemetry) room.lastTelemetry = serialize(initial.telemetry)
    })()
    rooms.set(orderId, room)
    room.ready.catch(() => closeRoom(room))
    return room
  }

  function closeRoom(room: Room) {
    if (rooms.get(room.orderId) === room) rooms.delete(room.orderId)
    room.ready.then(() => room.unsubscribe?.()).catch((error: unknown) => onError?.(error))
  }

  /** After a broker outage: tell the room's viewers to refetch, then send the order's current state. */
  async function resync(room: Room) {
    deliver(room, liveMessage.resync(room.orderId))
    try {
      const fresh = await room.load()
      if (rooms.get(room.orderId) !== room) return
      if (fresh.status) deliver(room, fresh.status)
      if (fresh.telemetry) deliver(room, fresh.telemetry)
    } catch (error) {
      onError?.(error)
    }
  }
  const stopResync = bus.onResync(() => {
    for (const room of rooms.values())
      void room.ready.then(
        () => resync(room),
        () => {},
      )
  })

  return {
    async join(orderId, member, options) {
      if (closed) return false
      for (;;) {
        const room = rooms.get(orderId) ?? openRoom(orderId, options)
        await room.ready
        if (rooms.get(orderId) !== room) {
          // The room emptied and closed while this member waited; open a new one.
          if (closed) return false
          continue
        }
        if (!member.open) {
          if (room.members.size === 0) closeRoom(room)
          return false
        }
        // The snapshot covers what is waiting in the outbox.
        room.members.set(member, room.seq)
        options.onJoined({ status: room.lastStatus, telemetry: room.lastTelemetry })
        return true
      }
    },
    leave(orderId, member) {
      const room = rooms.get(orderId)
      if (!room) return
      if (!room.members.delete(member)) return
      if (room.members.size === 0) closeRoom(room)
    },
    isPublic(orderId) {
      return rooms.get(orderId)?.isPublic === true
    },
    stats() {
      let members = 0
      for (const room of rooms.values()) members += room.members.size
      return { rooms: rooms.size, members }
    },
    async close() {
      closed = true
      stopResync()
      const all = [...rooms.values()]
      rooms.clear()
      await Promise.all(all.map((room) => room.ready.then(() => room.unsubscribe?.()).catch(() => {})))
    },
  }
}
