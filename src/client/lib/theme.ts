import { THEME_STORAGE_KEY } from '@shared/constants'
import { useCallback, useEffect, useSyncExternalStore } from 'react'

export type ThemePreference = 'light' | 'dark' | 'system'
const listeners = new Set<() => void>()

function read(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY)
    return stored === 'dark' || stored === 'system' || stored === 'light' ? stored : 'light'
  } catch {
    return 'light'
  }
}

export function applyTheme(preference: ThemePreference) {
  const dark =
    preference === 'dark' ||
    (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
  // The browser's bar (and an installed app's title bar) follows the theme chosen here, not only
  // the system's: both theme-color tags (one per colour scheme) take the chosen colour.
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]'))
    meta.content = dark ? THEME_COLORS.dark : THEME_COLORS.light
}

/** The browser bar's colour per theme (index.html, public/theme-init.js and the manifest say the same). */
export const THEME_COLORS = { light: '#ea580c', dark: '#0f0d0c' } as const

/** Light, dark or system; stored locally, default light. */
export function useTheme() {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    read,
    () => 'light' as const,
  )
  useEffect(() => {
    applyTheme(theme)
    if (theme !== 'system') return
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const onChange = () => applyTheme('system')
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [theme])
  const setTheme = useCallback((next: ThemePreference) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next)
    } catch {}
    for (const listener of listeners) listener()
  }, [])
  return { theme, setTheme }
}
