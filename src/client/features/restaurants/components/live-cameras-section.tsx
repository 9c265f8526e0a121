import { CameraPlayer } from '@client/components/kitchen/camera-player'
import { Skeleton } from '@client/components/ui/skeleton'
import { CAMERA_POSITIONS } from '@shared/constants'
import type { Camera, Restaurant } from '@shared/schemas/restaurants'
import { Camera as CameraIcon, VideoOff } from 'lucide-react'

function positionLabel(position: string) {
  return CAMERA_POSITIONS.find((p) => p.value === position)?.label ?? 'Kitchen'
}

export function LiveCamerasSection({
  restaurant,
  cameras,
  isLoading,
  isError,
}: {
  restaurant: Restaurant
  cameras: Camera[] | undefined
  isLoading: boolean
  isError: boolean
}) {
  const active = cameras?.filter((c) => c.isActive) ?? []
  return (
    <section
      id="live-cameras"
      aria-labelledby="live-cameras-heading"
      className="grid scroll-mt-24 grid-cols-1 gap-4"
    >
      <div className="grid gap-1">
        <h2 id="live-cameras-heading" className="text-2xl font-bold tracking-tight">
          Live Kitchen Cameras
        </h2>
        <p className="text-sm text-muted-foreground">
          Order from {restaurant.name} to follow your own dish with oven temperature and time left.
        </p>
      </div>
      {isLoading ? (
        <Skeleton className="aspect-video w-full rounded-xl" />
      ) : isError ? (
        <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">
          Could not load camera data. Please try again.
        </p>
      ) : restaurant.isLive && active.length > 0 ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
          <CameraPlayer title={`${restaurant.name} live kitchen`} cameras={active} />
          <div className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
            <p className="font-semibold">
              {active.length} {active.length === 1 ? 'camera' : 'cameras'} in this kitchen
            </p>
            <ul className="grid gap-2" aria-label="Cameras">
              {active.map((camera) => (
                <li key={camera.id} className="flex items-center gap-3 text-sm">
                  <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <CameraIcon className="size-4" aria-hidden="true" />
                  </span>
                  <span className="grid">
                    <span className="font-medium">{camera.name}</span>
                    {positionLabel(camera.position) !== camera.name ? (
                      <span className="text-xs text-muted-foreground">{positionLabel(camera.position)}</span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">
              Once you order, your stream adds the oven temperature, the time left and a line to the chef.
            </p>
          </div>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-xl border bg-card p-10 text-center">
          <VideoOff className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">Not streaming right now</p>
          <p className="text-sm text-muted-foreground">
            This kitchen&rsquo;s cameras are off. You can still order.
          </p>
        </div>
      )}
    </section>
  )
}
