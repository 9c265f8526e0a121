import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createRasterCache } from './raster-cache'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clearplate-raster-'))
  dirs.push(dir)
  return join(dir, 'pictures')
}

describe('pictures kept on disk', () => {
  it('draws a picture once: a second server on the same folder reads it back', async () => {
    const dir = freshDir()
    let draws = 0
    const draw = async (svg: string) => {
      draws += 1
      return Buffer.from(`webp of ${svg}`)
    }
    const first = createRasterCache(dir, draw)
    expect((await first('<svg>a</svg>')).toString()).toBe('webp of <svg>a</svg>')
    const restarted = createRasterCache(dir, draw)
    expect((await restarted('<svg>a</svg>')).toString()).toBe('webp of <svg>a</svg>')
    expect(draws).toBe(1)
    // Another drawing is another picture, drawn anew.
    expect((await restarted('<svg>b</svg>')).toString()).toBe('webp of <svg>b</svg>')
    expect(draws).toBe(2)
    // Nothing half-written is left beside the pictures.
    expect(readdirSync(dir).filter((name) => !name.endsWith('.webp'))).toEqual([])
  })

  it('still answers when the folder cannot be written, and keeps no failed drawing', async () => {
    const parent = freshDir()
    writeFileSync(parent, 'a file where the folder would be')
    let draws = 0
    const cache = createRasterCache(join(parent, 'pictures'), async () => {
      draws += 1
      if (draws === 1) throw new Error('could not draw')
      return Buffer.from('drawn')
    })
    await expect(cache('<svg/>')).rejects.toThrow('could not draw')
    expect((await cache('<svg/>')).toString()).toBe('drawn')
    expect((await cache('<svg/>')).toString()).toBe('drawn')
    expect(draws).toBe(3)
  })
})
