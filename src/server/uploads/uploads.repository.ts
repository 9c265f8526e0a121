import { and, eq } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { images } from '../db/schema'

export interface StoredImage {
  hash: string
  width: number
  height: number
  content: Buffer
}

/** Uploaded pictures live in the database, so every server instance serves every picture. */
export function createUploadsRepository(db: Tx) {
  return {
    /** Stores every size of a picture; the same picture uploaded again changes nothing. */
    async save(variants: StoredImage[], uploadedBy: number, tx: Tx = db): Promise<void> {
      if (variants.length === 0) return
      await tx
        .insert(images)
        .values(
          variants.map((v) => ({
            hash: v.hash,
            width: v.width,
            height: v.height,
            content: v.content,
            byteSize: v.content.length,
            uploadedBy,
          })),
        )
        .onConflictDoNothing()
    },

    async find(hash: string, width: number, tx: Tx = db): Promise<Buffer | undefined> {
      const [row] = await tx
        .select({ content: images.content })
        .from(images)
        .where(and(eq(images.hash, hash), eq(images.width, width)))
      return row ? Buffer.from(row.content) : undefined
    },
  }
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>
