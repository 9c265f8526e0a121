// Applies the stored theme before first paint so the page does not flash (kept in sync with src/client/lib/theme.ts).
try {
  var t = localStorage.getItem('clearplate-theme') || 'light'
  var dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches)
  if (dark) document.documentElement.classList.add('dark')
} catch (e) {}
