import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cameras, restaurants } from '../db/schema'

/** The camera rows that playback reads. */
export function createCamerasRepository(db: Db) {
  return {
    /** A camera with what its video needs: its source, whether it is on, its restaurant's name. */
    async forPlayback(cameraId: number) {
      const [row] = await db
        .select({
          id: cameras.id,
          name: cameras.name,
          streamUrl: cameras.streamUrl,
          isDemo: cameras.isDemo,
          isActive: cameras.isActive,
          restaurantName: restaurants.name,
        })
        .from(cameras)
        .innerJoin(restaurants, eq(restaurants.id, cameras.restaurantId))
        .where(eq(cameras.id, cameraId))
      return row
    },
  }
}
export type CamerasRepository = ReturnType<typeof createCamerasRepository>
