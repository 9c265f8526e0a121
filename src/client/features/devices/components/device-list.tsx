import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { fahrenheitToCelsius, relativeTime } from '@client/lib/utils'
import { DEVICE_KIND_LABELS, type Device } from '@shared/schemas/devices'
import type { Camera } from '@shared/schemas/restaurants'
import { Droplets, KeyRound, Thermometer, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useRevokeDevice } from '../api/revoke-device'

/** Online, offline (silent for a while) or never reported. */
export function DeviceStatus({ device }: { device: Device }) {
  if (device.online)
    return (
      <Badge variant="success" data-testid="device-status">
        <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
        Online
      </Badge>
    )
  if (device.lastSeenAt)
    return (
      <Badge variant="warning" data-testid="device-status">
        Offline
      </Badge>
    )
  return (
    <Badge variant="outline" data-testid="device-status">
      Never reported
    </Badge>
  )
}

function LastReading({ device }: { device: Device }) {
  const reading = device.lastReading
  if (!reading) return <span className="text-muted-foreground">No readings yet</span>
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1 tabular-nums">
      {reading.temperatureF !== null ? (
        <span className="inline-flex items-center gap-1">
          <Thermometer className="size-4 text-orange-500" aria-hidden="true" />
          {Math.round(reading.temperatureF)}°F ({fahrenheitToCelsius(reading.temperatureF)}°C)
        </span>
      ) : null}
      {reading.humidityPct !== null ? (
        <span className="inline-flex items-center gap-1">
          <Droplets className="size-4 text-sky-500" aria-hidden="true" />
          {Math.round(reading.humidityPct)}%
        </span>
      ) : null}
      <span className="text-muted-foreground">
        {reading.orderId ? `order #${String(reading.orderId).padStart(4, '0')}` : 'station'}
      </span>
    </span>
  )
}

export function DeviceList({
  restaurantId,
  devices,
  cameras,
}: {
  restaurantId: number
  devices: Device[]
  cameras: Camera[]
}) {
  const revoke = useRevokeDevice(restaurantId)
  const [confirming, setConfirming] = useState<Device | null>(null)
  const cameraName = (id: number | null) => cameras.find((c) => c.id === id)?.name

  const onRevoke = () => {
    const device = confirming
    if (!device) return
    revoke.mutate(device.id, {
      onSuccess: () => {
        setConfirming(null)
        toast({ title: 'Device revoked', description: `${device.name}’s key no longer works.` })
      },
      onError: (error) =>
        toast({
          title: 'Could not revoke the device',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    })
  }

  return (
    <>
      <ul className="grid gap-3" aria-label="Devices">
        {devices.map((device) => (
          <li
            key={device.id}
            className="grid gap-3 rounded-xl border bg-card p-4 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1.6fr)_auto] md:items-center"
            data-testid="device-row"
          >
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{device.name}</span>
                <DeviceStatus device={device} />
              </div>
              <p className="text-sm text-muted-foreground">
                {DEVICE_KIND_LABELS[device.kind]}
                {cameraName(device.cameraId) ? ` · ${cameraName(device.cameraId)}` : ''}
                <span className="ms-2 inline-flex items-center gap-1 font-mono text-xs">
                  <KeyRound className="size-3" aria-hidden="true" />
                  <span className="sr-only">Key ending in</span>…{device.keyLast4}
                </span>
              </p>
            </div>
            <div className="grid gap-1 text-sm">
              <LastReading device={device} />
              <span className="text-xs text-muted-foreground">
                {device.lastSeenAt ? `Last seen ${relativeTime(device.lastSeenAt)}` : 'Not seen yet'}
              </span>
            </div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start md:justify-self-end"
              onClick={() => setConfirming(device)}
            >
              <Trash2 aria-hidden="true" />
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Revoke {confirming?.name}?</DialogTitle>
            <DialogDescription>
              Its key stops working at once. Readings it already sent are kept. To use the device again,
              register it anew and enter the new key.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setConfirming(null)}>
              Keep it
            </Button>
            <Button type="button" variant="destructive" onClick={onRevoke} disabled={revoke.isPending}>
              {revoke.isPending ? 'Revoking…' : 'Revoke key'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}
