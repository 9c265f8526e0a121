import { type RefObject, useEffect, useState } from 'react'

/**
 * True once any part of `ref`'s element has come on screen (or within `rootMargin` of it) while
 * `watching`; it stays true. For a part worth building or loading only once it is looked at;
 * watch from when the page has settled if parts above it may still be growing. Without
 * `IntersectionObserver` (jsdom) everything counts as seen; a page rendered ahead has seen nothing.
 */
export function useSeen(
  ref: RefObject<Element | null>,
  { watching = true, rootMargin = '0px' }: { watching?: boolean; rootMargin?: string } = {},
): boolean {
  const [seen, setSeen] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  )
  useEffect(() => {
    const element = ref.current
    if (seen || !element || !watching) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, seen, watching, rootMargin])
  return seen
}
