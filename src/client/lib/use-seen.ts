import { type RefCallback, useEffect, useState } from 'react'

/**
 * `[ref, seen]`: `seen` turns true the first time any part of the element comes on screen while
 * `watching`, and stays true. For a part below the first screen that is worth building only once
 * it is looked at; watch from when the page has settled, as parts above it may still be growing
 * before. Without `IntersectionObserver` everything counts as seen.
 */
export function useSeen<T extends Element>(watching = true): [RefCallback<T>, boolean] {
  const [element, setElement] = useState<T | null>(null)
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    if (seen || !element || !watching) return
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true)
      return
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element, seen, watching])
  return [setElement, seen]
}
