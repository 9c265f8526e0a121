/**
 * The demo cameras' picture: the restaurant's own dishes on the pass (the same art as its
 * pictures under /media), a chef moving behind the pass, and where steam rises from the hot
 * dishes. Rasterised once per restaurant with sharp; the camera's encoder animates the layers.
 */
import sharp from 'sharp'
import type { CameraLabel, CameraScene } from '../server/cameras/camera-streams'
import { PICTURE } from '../server/cameras/camera-streams'
import { renderRestaurantHero } from './media/media.service'
import { slugify } from './media/media-urls'
import { HERO_SIZE } from './media/scene-art'

/** The pass scene is the third of a restaurant's hero pictures. */
const PASS_SCENE = 3
/** Where the steel pass starts in the pass scene (HERO_SIZE pixels), and its three dishes. */
const PASS_TOP = 440
const DISH_SPOTS = [
  { x: 250, y: 520 },
  { x: 620, y: 550 },
  { x: 985, y: 520 },
]
export const CHEF_SIZE = { width: 120, height: 176 } as const

const cache = new Map<string, Promise<CameraScene>>()

/** The scene for a camera of `camera.restaurantName`, made once per restaurant. */
export function demoCameraScene(camera: CameraLabel): Promise<CameraScene> {
  const slug = slugify(camera.restaurantName) || 'kitchen'
  let scene = cache.get(slug)
  if (!scene) {
    scene = renderScene(slug)
    scene.catch(() => cache.delete(slug))
    cache.set(slug, scene)
  }
  return scene
}

async function renderScene(slug: string): Promise<CameraScene> {
  const { width, height } = PICTURE
  const scale = width / HERO_SIZE.width
  const svg = Buffer.from(renderRestaurantHero(slug, PASS_SCENE))
  const background = await sharp(svg, { density: 72 }).resize(width, height).png().toBuffer()
  const top = Math.round(PASS_TOP * scale) - 2
  const foreground = await sharp(background)
    .extract({ left: 0, top, width, height: height - top })
    .png()
    .toBuffer()
  const figure = await sharp(Buffer.from(chefSvg())).png().toBuffer()
  return {
    background,
    foreground: { png: foreground, top },
    figure: { png: figure, ...CHEF_SIZE, top: top - CHEF_SIZE.height + 40 },
    steam: DISH_SPOTS.map((spot) => ({
      x: Math.round(spot.x * scale),
      y: Math.round((spot.y - 60) * scale),
    })),
  }
}

/** A cook in whites behind the pass, seen from the dining room through the heat-lamp haze. */
export function chefSvg(): string {
  const { width: w, height: h } = CHEF_SIZE
  const cx = w / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="jacket" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#b9b4ad"/><stop offset=".45" stop-color="#eeebe6"/><stop offset="1" stop-color="#a7a29b"/>
    </linearGradient>
    <linearGradient id="skin" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#d9a47f"/><stop offset="1" stop-color="#a8714f"/>
    </linearGradient>
    <filter id="haze"><feGaussianBlur stdDeviation="0.8"/></filter>
  </defs>
  <g filter="url(#haze)" opacity=".93">
    <path d="M${cx - 44} ${h}L${cx - 50} 104Q${cx - 48} 84 ${cx - 26} 80L${cx + 26} 80Q${cx + 48} 84 ${cx + 50} 104L${cx + 44} ${h}Z" fill="url(#jacket)"/>
    <path d="M${cx - 48} 100Q${cx - 64} 130 ${cx - 40} 160L${cx - 28} 156Q${cx - 44} 128 ${cx - 36} 108Z" fill="#d8d4ce"/>
    <path d="M${cx + 48} 100Q${cx + 64} 130 ${cx + 40} 160L${cx + 28} 156Q${cx + 44} 128 ${cx + 36} 108Z" fill="#cfcac3"/>
    <circle cx="${cx - 36}" cy="160" r="7" fill="url(#skin)"/>
    <circle cx="${cx + 36}" cy="160" r="7" fill="url(#skin)"/>
    <path d="M${cx - 10} 80L${cx} 100L${cx + 10} 80Z" fill="#9c968e"/>
    <circle cx="${cx - 7}" cy="112" r="2.5" fill="#8c867e"/><circle cx="${cx + 7}" cy="112" r="2.5" fill="#8c867e"/>
    <circle cx="${cx - 7}" cy="128" r="2.5" fill="#8c867e"/><circle cx="${cx + 7}" cy="128" r="2.5" fill="#8c867e"/>
    <rect x="${cx - 9}" y="64" width="18" height="18" rx="4" fill="url(#skin)"/>
    <ellipse cx="${cx}" cy="50" rx="20" ry="23" fill="url(#skin)"/>
    <rect x="${cx - 21}" y="22" width="42" height="12" rx="3" fill="#f4f2ee"/>
    <ellipse cx="${cx - 14}" cy="14" rx="14" ry="12" fill="#f7f5f1"/>
    <ellipse cx="${cx + 14}" cy="14" rx="14" ry="12" fill="#ebe8e2"/>
    <ellipse cx="${cx}" cy="9" rx="15" ry="11" fill="#fbfaf7"/>
  </g>
</svg>`
}
