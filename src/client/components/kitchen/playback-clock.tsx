import { readingAt, type TimedTelemetry } from '@client/lib/telemetry-history'
import type { Telemetry } from '@shared/schemas/orders'
import { createContext, useContext, useEffect, useState } from 'react'

/**
 * What the camera player tells what it shows over the picture: how it plays (WebRTC is within a
 * fraction of a second of the kitchen, HLS a few seconds behind) and, for HLS, the wall-clock
 * time the frame on screen was taken (from the playlist's EXT-X-PROGRAM-DATE-TIME), so the
 * overlay can show what was true at that moment instead of the newest reading.
 */
export type PlaybackMode = 'webrtc' | 'hls'

export interface PlaybackClock {
  mode: PlaybackMode | null
  /** Milliseconds since the epoch of the frame on screen; undefined when unknown. */
  frameTime(): number | undefined
}

export const PlaybackClockContext = createContext<PlaybackClock>({
  mode: null,
  frameTime: () => undefined,
})

export function usePlaybackClock(): PlaybackClock {
  return useContext(PlaybackClockContext)
}

const FRAME_POLL_MS = 200

/**
 * The telemetry to show over the picture: in HLS mode the reading true at the frame on screen,
 * otherwise (WebRTC, or no frame time known) the newest.
 */
export function useTelemetryAtFrame(
  latest: Telemetry | null,
  history: TimedTelemetry[] | undefined,
): { telemetry: Telemetry | null; synced: boolean } {
  const clock = usePlaybackClock()
  const [atFrame, setAtFrame] = useState<Telemetry | null>(null)
  const follow = clock.mode === 'hls' && history !== undefined && history.length > 0
  useEffect(() => {
    if (!follow || !history) return
    const update = () => {
      const time = clock.frameTime()
      setAtFrame(time === undefined ? null : (readingAt(history, time)?.data ?? null))
    }
    update()
    const timer = setInterval(update, FRAME_POLL_MS)
    return () => clearInterval(timer)
  }, [follow, history, clock])
  if (follow && atFrame) return { telemetry: atFrame, synced: true }
  return { telemetry: latest, synced: false }
}
