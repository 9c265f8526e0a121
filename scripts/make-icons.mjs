// The app's icons for the web app manifest, notifications and iOS, drawn from public/favicon.svg
// with sharp (no network). Run after changing the logo: `node scripts/make-icons.mjs`; the PNGs
// are committed under public/icons/.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url))
const out = (name) => new URL(`../public/icons/${name}`, import.meta.url).pathname
const plate = (size) => sharp(svg, { density: Math.ceil((72 * size) / 64) * 2 }).resize(size, size).png().toBuffer()

/** The plate alone on a transparent square: "any" purpose. */
async function plain(size, name) {
  await sharp(await plate(size)).toFile(out(name))
}

/** The plate at `scale` of a square filled with `background`: maskable (the safe zone is the middle 80%) and iOS. */
async function onBackground(size, scale, background, name) {
  const inner = Math.round(size * scale)
  await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: await plate(inner), gravity: 'center' }])
    .png()
    .toFile(out(name))
}

/** A white silhouette for Android's status bar (the badge of a notification). */
async function badge(size, name) {
  const mono = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path fill-rule="evenodd" fill="#fff" d="M32 2a30 30 0 1 1 0 60a30 30 0 1 1 0-60zM32 11a21 21 0 1 0 0 42a21 21 0 1 0 0-42z"/><path fill="#fff" d="M27 22.5v19a1.6 1.6 0 0 0 2.4 1.4l15.2-9.5a1.6 1.6 0 0 0 0-2.8L29.4 21.1A1.6 1.6 0 0 0 27 22.5z"/></svg>`
  await sharp(Buffer.from(mono), { density: 300 }).resize(size, size).png().toFile(out(name))
}

await plain(192, 'icon-192.png')
await plain(512, 'icon-512.png')
await onBackground(512, 0.66, '#fcfaf8', 'icon-maskable-512.png')
await onBackground(192, 0.66, '#fcfaf8', 'icon-maskable-192.png')
await onBackground(180, 0.8, '#fcfaf8', 'apple-touch-icon.png')
await badge(96, 'badge-96.png')
