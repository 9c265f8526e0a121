import type { Db } from '../db/client'
import { sourceKind } from '../infra/source-policy'
import type { CameraLabel } from './camera-streams'
import { cameraNotFound, cameraNotStreamedHere } from './cameras.errors'
import { createCamerasRepository } from './cameras.repository'

/** How this server serves a camera's video: a demo picture, a proxied HLS source, or a restream. */
export type PlaybackCamera =
  | { kind: 'demo'; label: CameraLabel }
  | { kind: 'restream'; id: number; streamUrl: string }
  | { kind: 'proxy'; id: number; streamUrl: string }

export function createCamerasService(db: Db) {
  const repo = createCamerasRepository(db)
  return {
    /** A camera whose video this server serves; 404 when it is unknown or off. */
    async playbackCamera(cameraId: number): Promise<PlaybackCamera> {
      const row = await repo.forPlayback(cameraId)
      if (!row?.isActive) throw cameraNotFound()
      if (row.isDemo)
        return { kind: 'demo', label: { id: row.id, name: row.name, restaurantName: row.restaurantName } }
      const kind = sourceKind(row.streamUrl)
      if (kind === 'hls') return { kind: 'proxy', id: row.id, streamUrl: row.streamUrl }
      // A video file is pulled like any other source (ffmpeg plays it through, and it starts again).
      if (kind === 'restream' || kind === 'file')
        return { kind: 'restream', id: row.id, streamUrl: row.streamUrl }
      throw cameraNotStreamedHere()
    },
  }
}
export type CamerasService = ReturnType<typeof createCamerasService>
