import './styles/index.css'
import { holdEarlyClicks } from './app/early-clicks'

/**
 * The entry is small and starts the app (`app/start.tsx`) in a chunk of its own. Over a page the
 * server rendered ahead, the app is fetched once the page's pictures are loaded and painted: a
 * phone on a slow network spends its first bandwidth and CPU on what the visitor sees, unless the
 * visitor acts first: then the app is fetched at once, and the clicks made before it took over
 * are dispatched again once it has (`app/early-clicks.ts`).
 */
const root = document.getElementById('root')!

/** The pictures of the page (images and video posters) loaded and painted, or 3 s gone by. */
function picturesShown() {
  const images = [...root.querySelectorAll('img')].filter((img) => img.loading !== 'lazy')
  const posters = [...root.querySelectorAll('video[poster]')].map((video) => {
    const img = new Image()
    img.src = (video as HTMLVideoElement).poster
    return img
  })
  const loaded = [...images, ...posters].map((img) => img.decode().catch(() => undefined))
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
  return Promise.race([Promise.all(loaded), new Promise((resolve) => setTimeout(resolve, 3000))]).then(frame)
}

async function boot() {
  const early = root.firstElementChild ? holdEarlyClicks(root) : undefined
  if (early) await Promise.race([picturesShown(), early.firstInteraction])
  const { start } = await import('./app/start')
  // A link clicked meanwhile is taking the visitor to another page: leave this one alone, unless
  // it is still here a while later (the navigation did not happen).
  if (early?.leaving) await new Promise((resolve) => setTimeout(resolve, 3000))
  await start(early)
}

void boot()
