import { useCameras } from '@client/lib/queries/restaurants'
import { cn } from '@client/lib/utils'
import { ChevronDown, Video } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'

// The player (and hls.js after it) loads only once the panel is open: a console that keeps it
// closed downloads none of it.
const CameraPlayer = lazy(() =>
  import('@client/components/kitchen/camera-player').then((m) => ({ default: m.CameraPlayer })),
)

const OPEN_KEY = 'clearplate-kitchen-camera'

/**
 * The restaurant's cameras as diners see them, in the console: muted, real-time where WebRTC
 * gets through (the diner's player, falling back to HLS), in a panel the team opens and closes.
 * It starts closed and remembers the team's choice: a console stays open all service, and an
 * open player would keep the camera's encoder (and a restaurant's source) running for nobody
 * else and the tablet decoding video all day. Closed, it loads and plays nothing.
 */
export function KitchenCameras({
  restaurantId,
  restaurantName,
}: {
  restaurantId: number
  restaurantName: string
}) {
  const cameras = useCameras(restaurantId)
  const [open, setOpen] = useState(() => readOpen(restaurantId))
  const panelId = useId()
  const active = cameras.data?.filter((c) => c.isActive) ?? []
  if (active.length === 0) return null

  const toggle = () => {
    setOpen(!open)
    try {
      localStorage.setItem(`${OPEN_KEY}-${restaurantId}`, open ? 'closed' : 'open')
    } catch {}
  }
  return (
    <section aria-label="Camera" className="overflow-hidden rounded-xl border border-border bg-card">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="flex h-12 w-full items-center gap-2 px-3 text-left text-sm font-semibold hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Video className="size-4 shrink-0" aria-hidden="true" />
        <span className="flex-1">What diners see</span>
        <ChevronDown
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      {open ? (
        <div id={panelId} data-testid="kitchen-camera">
          <Suspense fallback={<div className="aspect-video w-full bg-neutral-950" />}>
            <CameraPlayer
              cameras={active}
              title={`${restaurantName} camera, as diners see it`}
              className="rounded-none shadow-none"
            />
          </Suspense>
        </div>
      ) : null}
    </section>
  )
}

function readOpen(restaurantId: number): boolean {
  try {
    return localStorage.getItem(`${OPEN_KEY}-${restaurantId}`) === 'open'
  } catch {
    return false
  }
}
