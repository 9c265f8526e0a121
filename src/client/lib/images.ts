const UPLOADED = /^\/images\/([a-f0-9]{32})\.webp$/

/**
 * The address of a picture at about `width` pixels: uploaded pictures come in 320, 640 and 1280
 * wide WebP; any other address is returned as it is.
 */
export function sizedImage(url: string, width: 320 | 640 | 1280): string {
  const hash = UPLOADED.exec(url)?.[1]
  if (!hash || width === 1280) return url
  return `/images/${hash}-${width}.webp`
}
