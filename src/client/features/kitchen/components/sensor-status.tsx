import { cn } from '@client/lib/utils'
import type { Device } from '@shared/schemas/devices'
import { Thermometer } from 'lucide-react'

/** The restaurant's sensors at a glance: how many report, and which have gone offline. */
export function SensorStatus({ devices, className }: { devices: Device[]; className?: string }) {
  if (devices.length === 0) return null
  const offline = devices.filter((d) => !d.online)
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5', className)} data-testid="sensor-status">
      <Thermometer
        className={cn('size-4', offline.length > 0 ? 'text-amber-500' : 'text-green-500')}
        aria-hidden="true"
      />
      {offline.length === 0 ? (
        <span>
          {devices.length} {devices.length === 1 ? 'sensor' : 'sensors'} online
        </span>
      ) : (
        <span className="font-medium text-amber-600 dark:text-amber-400">
          Sensor offline: {offline.map((d) => d.name).join(', ')}
        </span>
      )}
    </span>
  )
}
