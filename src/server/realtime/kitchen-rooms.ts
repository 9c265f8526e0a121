import { type Bus, kitchenChannel } from '../infra/bus'
import type { HubMember } from './hub'

export interface KitchenRooms {
  /** Adds a console to the restaurant's kitchen room; its bus channel is listened to once per instance. */
  join(restaurantId: number, member: HubMember): Promise<void>
  leave(restaurantId: number, member: HubMember): void
  close(): Promise<void>
}

interface Room {
  members: Set<HubMember>
  ready: Promise<() => Promise<void>>
}

/**
 * Kitchen consoles per restaurant (and, with `restaurantChannel`, visitors of restaurants' pages). Owners are few next to viewers, so a room is simpler than an
 * order's: each message is serialized once and sent to every console of the restaurant.
 */
export function createKitchenRooms({
  bus,
  onError,
  channelOf = kitchenChannel,
}: {
  bus: Bus
  onError?: (error: unknown) => void
  /** The bus channel of a restaurant's room: its kitchen's, or its public page's. */
  channelOf?: (restaurantId: number) => string
}): KitchenRooms {
  const rooms = new Map<number, Room>()

  function close(restaurantId: number, room: Room) {
    if (rooms.get(restaurantId) === room) rooms.delete(restaurantId)
    room.ready.then((unsubscribe) => unsubscribe()).catch((error: unknown) => onError?.(error))
  }

  return {
    async join(restaurantId, member) {
      let room = rooms.get(restaurantId)
      if (!room) {
        const created: Room = { members: new Set(), ready: Promise.resolve(async () => {}) }
        created.ready = bus.subscribe(channelOf(restaurantId), (message) => {
          const data = Buffer.from(JSON.stringify(message))
          for (const m of created.members) m.send(data)
        })
        rooms.set(restaurantId, created)
        room = created
      }
      room.members.add(member)
      try {
        await room.ready
      } catch (error) {
        close(restaurantId, room)
        throw error
      }
    },
    leave(restaurantId, member) {
      const room = rooms.get(restaurantId)
      if (!room?.members.delete(member)) return
      if (room.members.size === 0) close(restaurantId, room)
    },
    async close() {
      const all = [...rooms.values()]
      rooms.clear()
      await Promise.all(all.map((room) => room.ready.then((unsubscribe) => unsubscribe()).catch(() => {})))
    },
  }
}
