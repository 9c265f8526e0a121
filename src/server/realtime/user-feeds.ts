import { type Bus, userChannel } from '../infra/bus'
import { textFrame } from './frames'
import type { HubMember } from './hub'

interface Feed {
  members: Set<HubMember>
  ready: Promise<(() => Promise<void>) | undefined>
}

export interface UserFeeds {
  /** Starts sending the user's own messages (their wallet) to this connection. */
  join(userId: number, member: HubMember): Promise<void>
  leave(userId: number, member: HubMember): void
  close(): Promise<void>
}

/**
 * A signed-in user's own messages, on every instance: each instance listens to a user's bus
 * channel while it holds at least one of their connections, and serializes and frames each
 * message once for all of them.
 */
export function createUserFeeds({
  bus,
  onError,
}: {
  bus: Bus
  onError?: (error: unknown) => void
}): UserFeeds {
  const feeds = new Map<number, Feed>()

  function close(userId: number, feed: Feed) {
    if (feeds.get(userId) === feed) feeds.delete(userId)
    feed.ready.then((unsubscribe) => unsubscribe?.()).catch((error: unknown) => onError?.(error))
  }

  return {
    async join(userId, member) {
      let feed = feeds.get(userId)
      if (!feed) {
        const opened: Feed = { members: new Set(), ready: Promise.resolve(undefined) }
        opened.ready = bus.subscribe(userChannel(userId), (message) => {
          if (opened.members.size === 0) return
          const frame = textFrame(Buffer.from(JSON.stringify(message)))
          for (const m of opened.members) m.sendFrames(frame)
        })
        feeds.set(userId, opened)
        opened.ready.catch(() => close(userId, opened))
        feed = opened
      }
      feed.members.add(member)
      await feed.ready
    },
    leave(userId, member) {
      const feed = feeds.get(userId)
      if (!feed?.members.delete(member)) return
      if (feed.members.size === 0) close(userId, feed)
    },
    async close() {
      const all = [...feeds.values()]
      feeds.clear()
      await Promise.all(all.map((feed) => feed.ready.then((unsubscribe) => unsubscribe?.()).catch(() => {})))
    },
  }
}
