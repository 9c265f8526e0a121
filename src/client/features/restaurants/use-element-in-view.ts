import { useEffect, useState } from 'react'

/**
 * The parts of a phone's screen the page scrolls under: the sticky header at the top (h-16), and
 * at the bottom the tab bar (h-16) with the floating "View cart" bar above it (bottom-20, about
 * 44 px tall). Something showing only there is not in sight.
 */
export const COVERED_EDGES = { top: 64, bottom: 128 }

/**
 * True while any part of the element with `id` shows between the page's covered edges. The
 * floating "View cart" bar hides then, so it never covers the cart it leads to (its address
 * selector, its button); while the cart only peeks out under the tab bar or behind the floating
 * bar itself, the bar stays to lead the diner to it.
 */
export function useElementInView(
  id: string,
  watching: boolean,
  edges: { top: number; bottom: number } = COVERED_EDGES,
): boolean {
  const [inView, setInView] = useState(false)
  const { top, bottom } = edges
  useEffect(() => {
    const element = watching ? document.getElementById(id) : null
    if (!element) {
      setInView(false)
      return
    }
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), {
      rootMargin: `-${top}px 0px -${bottom}px 0px`,
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [id, watching, top, bottom])
  return inView
}
