import { LiveBadge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { toast } from '@client/components/ui/use-toast'
import { useIdleReady } from '@client/lib/use-idle-ready'
import { useOverflowFade } from '@client/lib/use-overflow-fade'
import { cn } from '@client/lib/utils'
import type { Camera } from '@shared/schemas/restaurants'
import { Expand, Eye, Minimize, RefreshCw, VideoOff } from 'lucide-react'
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react'

type Detach = () => void

/**
 * Plays an HLS playlist with hls.js (loaded only when a player is shown) where the browser
 * supports MediaSource, else natively; a plain video file plays directly. hls.js's module build
 * has no worker of its own, so without `workerPath` it would demux and remux every segment on the
 * main thread, in the way of scrolling and taps; its worker script is served beside the app.
 */
async function attachStream(video: HTMLVideoElement, url: string, onFatal: () => void): Promise<Detach> {
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
    return () => hls.destroy()
  }
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
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

/** True once the element has come near the viewport; it stays true after. */
function useSeen(ref: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (seen || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true)
      },
      { rootMargin: '200px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, seen])
  return seen
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
  const seen = useSeen(frameRef)
  // hls.js (115 kB) loads once the player is about to be visible and the page has finished loading.
  const idle = useIdleReady()
  const active = cameras?.filter((c) => c.isActive) ?? []
  const camera = active.find((c) => c.id === selectedId) ?? active[0]
  const chipsRef = useRef<HTMLFieldSetElement>(null)
  const chipsFade = useOverflowFade(chipsRef, active.length)

  const reportFailure = useCallback(() => {
    setFailed((already) => {
      if (!already)
        toast({
          title: 'Streaming Error',
          description: 'Could not connect to the live stream. Please try again later.',
          variant: 'destructive',
        })
      return true
    })
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the stream on retry
  useEffect(() => {
    const video = videoRef.current
    if (!video || !camera || !seen || !idle) return
    let detach: Detach | undefined
    let cancelled = false
    setFailed(false)
    const url = camera.streamUrl
    attachStream(video, url, () => {
      if (cancelled) return
      void cameraState(url).then((state) => {
        if (cancelled) return
        if (state === 'offline') setReconnecting(true)
        else if (state === 'ok' && quickRetries.current++ < 3) setAttempt((n) => n + 1)
        else reportFailure()
      })
    })
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
  }, [camera?.id, camera?.streamUrl, attempt, reportFailure, seen, idle])

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
            onPlaying={() => {
              quickRetries.current = 0
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
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-neutral-950/85 p-4 text-center text-neutral-200">
            <VideoOff className="size-8" aria-hidden="true" />
            <p className="text-sm">The live picture is not reaching us right now.</p>
            <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : null}
        <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 bg-gradient-to-b from-black/60 to-transparent p-2 sm:p-3">
          <div className="flex items-center gap-2">
            <LiveBadge />
            {camera ? (
              <span className="text-xs font-medium text-white/90 drop-shadow">{camera.name}</span>
            ) : null}
          </div>
          {viewers !== undefined ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-black/55 px-2 py-0.5 text-xs font-medium text-white">
              <Eye className="size-3.5" aria-hidden="true" />
              <span data-testid="viewer-count">{viewers} watching</span>
            </span>
          ) : null}
        </div>
        <div className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 p-2 sm:p-3">
          <div className="min-w-0">{overlay}</div>
          <Button
            size="icon"
            variant="ghost"
            className="size-8 shrink-0 bg-black/55 text-white hover:bg-black/75 sm:size-9"
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
