// The offline page: follows the stored theme, tries again on the button and once the network is back.
try {
  var t = localStorage.getItem('clearplate-theme') || 'light'
  var dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.add(dark ? 'dark' : 'light')
} catch (e) {}
document.getElementById('retry').addEventListener('click', function () {
  location.reload()
})
addEventListener('online', function () {
  location.reload()
})
