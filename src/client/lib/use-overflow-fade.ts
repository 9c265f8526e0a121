import { type CSSProperties, type RefObject, useEffect, useState } from 'react'

const FADE = '2.5rem'

/**
 * For a row that scrolls sideways: a mask that fades the edge that has more to show, so a
 * clipped row reads as "there is more this way" on a phone. No mask when everything fits.
 */
export function useOverflowFade(
  ref: RefObject<HTMLElement | null>,
  /** Changes when the row's items change (their number), to measure again. */
  items: number,
): {
  style: CSSProperties | undefined
  more: { start: boolean; end: boolean }
} {
  const [more, setMore] = useState({ start: false, end: false })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `items` measures again when the row changes
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const update = () => {
      const start = element.scrollLeft > 1
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1
      setMore((m) => (m.start === start && m.end === end ? m : { start, end }))
    }
    update()
    element.addEventListener('scroll', update, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update)
    observer?.observe(element)
    for (const child of Array.from(element.children)) observer?.observe(child)
    return () => {
      element.removeEventListener('scroll', update)
      observer?.disconnect()
    }
  }, [ref, items])
  if (!more.start && !more.end) return { style: undefined, more }
  const mask = `linear-gradient(to right, ${more.start ? 'transparent' : 'black'}, black ${FADE}, black calc(100% - ${FADE}), ${more.end ? 'transparent' : 'black'})`
  return { style: { maskImage: mask, WebkitMaskImage: mask }, more }
}
