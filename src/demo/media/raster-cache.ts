import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Pictures drawn as WebP, kept on disk by their drawing's content: a hero takes about a second of
 * CPU to draw, and a server that starts again (or another one on the machine) finds it here. A
 * drawing that changes is another file. A failure to keep a picture costs only the next drawing.
 */
export function createRasterCache(dir: string, draw: (svg: string) => Promise<Buffer>) {
  return async function rasterised(svg: string): Promise<Buffer> {
    const path = join(dir, `${createHash('sha256').update(svg).digest('hex').slice(0, 40)}.webp`)
    try {
      return await readFile(path)
    } catch {
      // Not drawn yet.
    }
    const body = await draw(svg)
    // Written beside, then renamed: a reader never sees half a file.
    const partial = `${path}.${randomUUID()}.partial`
    try {
      await mkdir(dir, { recursive: true })
      await writeFile(partial, body)
      await rename(partial, path)
    } catch {
      await rm(partial, { force: true }).catch(() => {})
    }
    return body
  }
}
