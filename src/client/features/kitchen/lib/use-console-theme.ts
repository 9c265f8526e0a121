import { useCallback, useEffect, useState } from 'react'

const THEME_KEY = 'clearplate-kitchen-theme'

function readDark(): boolean {
  try {
    return localStorage.getItem(THEME_KEY) !== 'light'
  } catch {
    return true
  }
}

/**
 * The console's own theme, dark unless the kitchen chose light: a tablet on a wall is read from
 * across the room. The site's theme comes back when the console is left.
 */
export function useConsoleTheme() {
  const [dark, setDark] = useState(readDark)
  useEffect(() => {
    const root = document.documentElement
    const before = root.classList.contains('dark')
    root.classList.toggle('dark', dark)
    return () => {
      root.classList.toggle('dark', before)
    }
  }, [dark])
  const toggle = useCallback(() => {
    setDark((d) => {
      try {
        localStorage.setItem(THEME_KEY, d ? 'light' : 'dark')
      } catch {}
      return !d
    })
  }, [])
  return { dark, toggle }
}
