import { LiveBadge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { toast } from '@client/components/ui/use-toast'
import { useIdleReady } from '@client/lib/use-idle-ready'
import { useOverflowFade } from '@client/lib/use-overflow-fade'
import { useSeen } from '@client/lib/use-seen'
import { cn } from '@client/lib/utils'
import type { Camera } from '@shared/schemas/restaurants'
import { Expand, Eye, Minimize, RefreshCw, VideoOff } from 'lucide-react'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { type PlaybackClock, PlaybackClockContext, type PlaybackMode } from './playback-clock'
import { attachWebRtc, webRtcSupported, whepUrlFor } from './webrtc-playback'

type Detach = () => void

/**
 * Plays an HLS playlist with hls.js (loaded only when a player is shown) where the browser
 * supports MediaSource, else natively; a plain video file plays directly. hls.js's module build
 * has no worker of its own, so without `workerPath` it would demux and remux every segment on the
 * main thread, in the way of scrolling and taps; its worker script is served beside the app.
 */
async function attachStream(
  video: HTMLVideoElement,
  url: string,
  onFatal: () => void,
  setFrameTime: (get: () => number | undefined) => void,
): Promise<Detach> {
  if (!/\.m3u8($|\?)/i.test(url)) {
    video.src = url
    return () => {
      video.removeAttribute('src')
      video.load()
    }
  }
  const [{ default: Hls }, { default: workerPath }] = await Promise.all([
    import('hls.js/light'),
    import('hls.js/dist/hls.worker.js?url'),
  ])
  if (Hls.isSupported()) {
    const hls = new Hls({
      liveSyncDurationCount: 3,
      manifestLoadingMaxRetry: 3,
      levelLoadingMaxRetry: 3,
      workerPath,
    })
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) {
        hls.destroy()
        onFatal()
      }
    })
    hls.loadSource(url)
    hls.attachMedia(video)
    // The frame on screen's wall-clock time, from the playlist's EXT-X-PROGRAM-DATE-TIME.
    setFrameTime(() => hls.playingDate?.getTime())
    return () => hls.destroy()
  }
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    // Safari's own HLS maps the playlist's program date-time to the timeline's start.
    setFrameTime(() => {
      const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.()
      const time = start?.getTime()
      return time && !Number.isNaN(time) ? time + video.currentTime * 1000 : undefined
    })
    video.src = url
    return () => {
      video.removeAttribute('src')
      video.load()
    }
  }
  onFatal()
  return () => {}
}

/** How often a player whose camera is reconnecting asks again. */
export const RECONNECT_POLL_MS = 3000

/**
 * What the server says of a camera it serves under /live/: `offline` while a restreamed camera's
 * source is reconnecting (503 with code `camera.offline`), `ok` when the playlist answers, and
 * `failed` for anything else.
 */
async function cameraState(url: string): Promise<'ok' | 'offline' | 'failed'> {
  if (!url.startsWith('/live/')) return 'failed'
  try {
    const res = await fetch(url, { cache: 'no-store', credentials: 'include' })
    if (res.ok) return 'ok'
    if (res.status !== 503) return 'failed'
    const body = (await res.json().catch(() => null)) as { code?: unknown } | null
    return body?.code === 'camera.offline' ? 'offline' : 'failed'
  } catch {
    return 'failed'
  }
}

export interface CameraPlayerProps {
  cameras: Camera[] | undefined
  isLoading?: boolean
  /** Label of the player region, e.g. "Trattoria Bellini live kitchen". */
  title: string
  viewers?: number
  /** A picture of the kitchen shown until the video plays (the restaurant's own). */
  poster?: string
  /** Shown over the bottom of the video (the telemetry overlay). */
  overlay?: ReactNode
  className?: string
}

/** The live kitchen player: camera switcher (camera 1 first), LIVE badge, viewers, fullscreen. */
export function CameraPlayer({
  cameras,
  isLoading,
  title,
  viewers,
  poster,
  overlay,
  className,
}: CameraPlayerProps) {
  const frameRef = useRef<HTMLDivElement>(null)
  const videoRef = useRef<HTMLVideoElement>(null)
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)
  const [reconnecting, setReconnecting] = useState(false)
  const [attempt, setAttempt] = useState(0)
  /** Re-attaches in a row that failed although the server answered: stop after a few. */
  const quickRetries = useRef(0)
  const [fullscreen, setFullscreen] = useState(false)
  /** How the picture plays now: WebRTC (real-time) or HLS (standard); null until it plays. */
  const [mode, setMode] = useState<PlaybackMode | null>(null)
  /** Cameras whose WebRTC failed here: they play over HLS from then on. */
  const [webRtcRefused, setWebRtcRefused] = useState<ReadonlySet<number>>(() => new Set())
  const frameTimeRef = useRef<() => number | undefined>(() => undefined)
  const clock = useMemo<PlaybackClock>(() => ({ mode, frameTime: () => frameTimeRef.current() }), [mode])
  // Near the screen: the stream starts a little before it shows.
  const seen = useSeen(frameRef, { rootMargin: '200px' })
  // hls.js (115 kB) loads once the player is about to be visible and the page has finished loading.
  const idle = useIdleReady()
  const active = cameras?.filter((c) => c.isActive) ?? []
  const camera = active.find((c) => c.id === selectedId) ?? active[0]
  const chipsRef = useRef<HTMLFieldSetElement>(null)
  const chipsFade = useOverflowFade(chipsRef, active.length)

  // The player says so itself, with its Try again, rather than in a toast that would cover it.
  const reportFailure = useCallback(() => setFailed(true), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the stream on retry
  useEffect(() => {
    const video = videoRef.current
    if (!video || !camera || !seen || !idle) return
    let detach: Detach | undefined
    let cancelled = false
    setFailed(false)
    setMode(null)
    frameTimeRef.current = () => undefined
    const url = camera.streamUrl
    const whepUrl = whepUrlFor(url)
    const cameraId = camera.id
    if (whepUrl && webRtcSupported() && !webRtcRefused.has(cameraId)) {
      // Real-time first; anything that stops it sends this camera to HLS.
      attachWebRtc(video, whepUrl, () => {
        if (cancelled) return
        setWebRtcRefused((refused) => new Set(refused).add(cameraId))
      })
        .then((d) => {
          if (cancelled) d()
          else detach = d
        })
        .catch(() => {
          if (!cancelled) setWebRtcRefused((refused) => new Set(refused).add(cameraId))
        })
      return () => {
        cancelled = true
        detach?.()
      }
    }
    const setFrameTime = (get: () => number | undefined) => {
      if (!cancelled) frameTimeRef.current = get
    }
    attachStream(
      video,
      url,
      () => {
        if (cancelled) return
        void cameraState(url).then((state) => {
          if (cancelled) return
          if (state === 'offline') setReconnecting(true)
          else if (state === 'ok' && quickRetries.current++ < 3) setAttempt((n) => n + 1)
          else reportFailure()
        })
      },
      setFrameTime,
    )
      .then((d) => {
        if (cancelled) d()
        else detach = d
      })
      .catch(() => {
        if (!cancelled) reportFailure()
      })
    return () => {
      cancelled = true
      detach?.()
    }
  }, [camera?.id, camera?.streamUrl, attempt, reportFailure, seen, idle, webRtcRefused])

  // While the camera's source reconnects, ask again now and then and play once it is back.
  useEffect(() => {
    if (!reconnecting || !camera) return
    const url = camera.streamUrl
    let cancelled = false
    const timer = setInterval(() => {
      void cameraState(url).then((state) => {
        if (cancelled || state === 'offline') return
        setReconnecting(false)
        if (state === 'ok') {
          quickRetries.current = 0
          setAttempt((n) => n + 1)
        } else reportFailure()
      })
    }, RECONNECT_POLL_MS)
    return () => {
      cancelled = true
      clearInterval(timer)
    }
  }, [reconnecting, camera, reportFailure])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new camera starts afresh
  useEffect(() => {
    setReconnecting(false)
    quickRetries.current = 0
  }, [camera?.id])

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current)
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [])

  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen()
      else {
        await frameRef.current!.requestFullscreen()
        // Phones turn to landscape for the 16:9 picture where the browser allows it.
        const orientation = screen.orientation as ScreenOrientation & {
          lock?: (orientation: 'landscape') => Promise<void>
        }
        orientation?.lock?.('landscape').catch(() => {})
      }
    } catch (error) {
      toast({
        title: 'Fullscreen Error',
        description: `Error attempting to enable fullscreen: ${error instanceof Error ? error.message : String(error)}`,
        variant: 'destructive',
      })
    }
  }

  const showSkeleton = isLoading && !cameras
  return (
    <section
      aria-label={title}
      className={cn('overflow-hidden rounded-xl bg-neutral-950 shadow-lg', className)}
    >
      <div ref={frameRef} className="relative aspect-video w-full bg-neutral-950">
        {showSkeleton ? (
          <Skeleton className="absolute inset-0 rounded-none bg-neutral-800" />
        ) : camera ? (
          <video
            ref={videoRef}
            key={camera.id}
            // Fullscreen shows the whole 16:9 picture (a portrait phone letterboxes it, never crops).
            className={cn('absolute inset-0 size-full', fullscreen ? 'object-contain' : 'object-cover')}
            poster={poster}
            muted
            autoPlay
            playsInline
            aria-label={`${camera.name} camera`}
            onError={reportFailure}
            onPlaying={(event) => {
              quickRetries.current = 0
              setMode(event.currentTarget.srcObject ? 'webrtc' : 'hls')
            }}
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-neutral-300">
            <VideoOff className="size-8" aria-hidden="true" />
            <p className="text-sm">No live cameras right now</p>
          </div>
        )}
        {reconnecting && camera && !failed ? (
          <div
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-neutral-950/80 p-4 text-center text-neutral-200"
            role="status"
            data-testid="camera-reconnecting"
          >
            <RefreshCw className="size-7 animate-spin" aria-hidden="true" />
            <p className="text-sm font-medium">Camera offline, reconnecting</p>
          </div>
        ) : null}
        {failed && camera ? (
          <div
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-neutral-950/85 p-4 text-center text-neutral-200"
            role="alert"
            data-testid="camera-failed"
          >
            <VideoOff className="size-8" aria-hidden="true" />
            <p className="text-sm">The live picture is not reaching us right now.</p>
            <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : null}
        <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 bg-gradient-to-b from-black/60 to-transparent p-2 sm:p-3">
          <div className="flex min-w-0 items-center gap-2">
            <LiveBadge className="shrink-0" />
            {camera ? (
              <span className="min-w-0 truncate text-xs font-medium text-white/90 drop-shadow">
                {camera.name}
              </span>
            ) : null}
            <PlaybackMark mode={camera && !failed ? mode : null} />
          </div>
          {viewers !== undefined ? (
            <span className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-black/55 px-2 py-0.5 text-xs font-medium text-white">
              <Eye className="size-3.5" aria-hidden="true" />
              <span data-testid="viewer-count">{viewers} watching</span>
            </span>
          ) : null}
        </div>
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 p-2 sm:p-3">
          {/* On a phone the overlay would cover "Try again": it steps aside while the picture fails. */}
          <div className={cn('pointer-events-auto min-w-0', failed && camera && 'max-sm:invisible')}>
            <PlaybackClockContext.Provider value={clock}>{overlay}</PlaybackClockContext.Provider>
          </div>
          <Button
            size="icon"
            variant="ghost"
            className="pointer-events-auto size-8 shrink-0 bg-black/55 text-white hover:bg-black/75 sm:size-9"
            onClick={toggleFullscreen}
            aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
          >
            {fullscreen ? <Minimize aria-hidden="true" /> : <Expand aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {active.length > 1 ? (
        <fieldset
          ref={chipsRef}
          style={chipsFade.style}
          className="flex gap-2 overflow-x-auto bg-neutral-900 p-2"
        >
          <legend className="sr-only">Cameras</legend>
          {active.map((c, index) => (
            <button
              key={c.id}
              type="button"
              onClick={() => setSelectedId(c.id)}
              aria-pressed={c.id === camera?.id}
              className={cn(
                'shrink-0 rounded-lg px-3 py-1.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring sm:text-sm',
                c.id === camera?.id
                  ? 'bg-primary text-primary-foreground'
                  : 'bg-white/10 text-white/85 hover:bg-white/20',
              )}
            >
              <span className="mr-1 text-white/60" aria-hidden="true">
                {index + 1}
              </span>
              {c.name}
            </button>
          ))}
        </fieldset>
      ) : null}
    </section>
  )
}

const MARK = {
  webrtc: { label: 'Real-time', title: 'Playing in real time (WebRTC)', dot: 'bg-emerald-400' },
  hls: { label: 'Standard', title: 'Playing a few seconds behind the kitchen (HLS)', dot: 'bg-white/60' },
} as const

/**
 * How the picture plays: "Real-time" over WebRTC, "Standard" over HLS. It keeps its place (and
 * width) while the player finds out, so nothing moves when it switches.
 */
function PlaybackMark({ mode }: { mode: PlaybackMode | null }) {
  const mark = mode ? MARK[mode] : undefined
  return (
    <span
      className={cn(
        'inline-flex min-w-[4.75rem] shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-black/55 px-2 py-0.5 text-[10px] font-medium text-white/90 sm:text-xs',
        !mark && 'invisible',
      )}
      title={mark?.title}
      data-testid="playback-mode"
      data-mode={mode ?? ''}
    >
      <span className={cn('size-1.5 rounded-full', mark?.dot ?? 'bg-white/60')} aria-hidden="true" />
      {mark?.label ?? 'Standard'}
    </span>
  )
}
