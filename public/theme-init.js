// Applies the stored theme before first paint so the page does not flash (kept in sync with src/client/lib/theme.ts).
try {
  var t = localStorage.getItem('clearplate-theme') || 'light'
  var dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches)
  if (dark) document.documentElement.classList.add('dark')
  // The browser bar follows the chosen theme (src/client/lib/theme.ts keeps it so).
  var metas = document.querySelectorAll('meta[name="theme-color"]')
  for (var i = 0; i < metas.length; i++) metas[i].content = dark ? '#0f0d0c' : '#ea580c'
} catch (e) {}
