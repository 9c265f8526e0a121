import { createContext, useContext, useEffect, useState } from 'react'

/**
 * The moment a page rendered ahead was rendered at. The server renders with it, and the browser's
 * takeover starts from the same moment: a time shown to the minute ("Estimated delivery 6:20 PM")
 * must read the same in both renders, or React drops the server's markup. Each part then moves
 * to the browser's own clock once it is taken over.
 */
export const RenderedAt = createContext<number | undefined>(undefined)

let takeoverTime: number | undefined

/** The browser's takeover of a page rendered at `renderedAt` starts (a number) or is done (undefined). */
export function setTakeoverTime(renderedAt: number | undefined) {
  takeoverTime = renderedAt
}

/** The time a part's first render reads: the page's rendering time while it is taken over. */
export function useFirstRenderTime(): () => number {
  const renderedAt = useContext(RenderedAt)
  return () => renderedAt ?? takeoverTime ?? Date.now()
}

/** The current time, refreshed every `intervalMs` while `enabled`. */
export function useNow(intervalMs: number, enabled = true): number {
  const [now, setNow] = useState(useFirstRenderTime())
  useEffect(() => {
    if (!enabled) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs, enabled])
  return now
}
