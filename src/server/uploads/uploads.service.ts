import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { notAnImage } from './uploads.errors'
import type { StoredImage } from './uploads.repository'

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
/**
 * The widths the pages show: 320 for logos, thumbnails and phone cards, 640 for dish cards and the
 * gallery on a tablet, 1280 for the restaurant's hero picture. A picture is never enlarged.
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]
export const LARGEST_WIDTH: ImageWidth = 1280
/** Refuses pictures that would take too much memory to decode (about 50 megapixels). */
const MAX_INPUT_PIXELS = 50_000_000
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])

/** `/images/{hash}.webp` is the largest size; `/images/{hash}-320.webp` and `-640` the smaller ones. */
export function imageUrl(hash: string, width: ImageWidth = LARGEST_WIDTH): string {
  return width === LARGEST_WIDTH ? `/images/${hash}.webp` : `/images/${hash}-${width}.webp`
}

export const IMAGE_FILE_PATTERN = /^([a-f0-9]{32})(?:-(320|640))?\.webp$/

/** JPEG, PNG and WebP by their first bytes, whatever the file is called. */
export function sniffImageType(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (
    bytes.length >= 8 &&
    Buffer.from(bytes.subarray(0, 8)).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
  )
    return 'png'
  if (
    bytes.length >= 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP'
  )
    return 'webp'
  return undefined
}

/**
 * Checks that `bytes` really is a JPEG, PNG or WebP picture and makes its WebP sizes, keyed by a
 * hash of the content: the same picture always gets the same address.
 */
export async function processImage(bytes: Buffer): Promise<{ hash: string; variants: StoredImage[] }> {
  const sniffed = sniffImageType(bytes)
  if (!sniffed) throw notAnImage()
  const source = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
  let format: string | undefined
  try {
    format = (await source().metadata()).format
  } catch {
    throw notAnImage('This image could not be read: it may be damaged or too large')
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage()
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
  try {
    const variants = await Promise.all(
      IMAGE_WIDTHS.map(async (width) => {
        const { data, info } = await source()
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true })
        return { hash, width, height: info.height, content: data }
      }),
    )
    return { hash, variants }
  } catch {
    throw notAnImage('This image could not be read: it may be damaged or too large')
  }
}
