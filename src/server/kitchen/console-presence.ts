/**
 * Which restaurants have a kitchen console open on this instance: the live channel counts the
 * consoles that join and leave a restaurant's kitchen room, and the owner's "new order" notice is
 * kept for the times none is open (someone at the console sees the ticket arrive).
 */
export function createConsolePresence() {
  const open = new Map<number, number>()
  return {
    opened(restaurantId: number) {
      open.set(restaurantId, (open.get(restaurantId) ?? 0) + 1)
    },
    closed(restaurantId: number) {
      const left = (open.get(restaurantId) ?? 1) - 1
      if (left <= 0) open.delete(restaurantId)
      else open.set(restaurantId, left)
    },
    isOpen(restaurantId: number): boolean {
      return (open.get(restaurantId) ?? 0) > 0
    },
  }
}
export type ConsolePresence = ReturnType<typeof createConsolePresence>
