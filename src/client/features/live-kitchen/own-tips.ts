import type { ChefTipMessage } from '@client/lib/use-live-order'

/**
 * Tells this page's own tips from everyone else's. A tip sent from here has its own toast, so its
 * live `chef_tip` must not be announced again: it is recognised by the id the REST answer gave.
 * A paid tip that arrives while one of ours is still in flight waits for that answer, since it
 * may be ours.
 */
export function createOwnTips(announce: (tip: ChefTipMessage) => void) {
  const ids = new Set<number>()
  let inFlight = 0
  let held: ChefTipMessage[] = []
  const isOwn = (tip: ChefTipMessage) => tip.tipId !== undefined && ids.has(tip.tipId)

  return {
    /** A tip is about to be sent from this page. */
    sending() {
      inFlight++
    },
    /** Its answer came: its id when it was charged, nothing when it failed. */
    settled(tipId?: number) {
      inFlight = Math.max(0, inFlight - 1)
      if (tipId !== undefined) ids.add(tipId)
      if (inFlight > 0) return
      const waiting = held
      held = []
      for (const tip of waiting) if (!isOwn(tip)) announce(tip)
    },
    /** A live `chef_tip` arrived. */
    received(tip: ChefTipMessage) {
      if (isOwn(tip)) return
      if (inFlight > 0 && tip.tipId !== undefined) {
        held.push(tip)
        return
      }
      announce(tip)
    },
  }
}
