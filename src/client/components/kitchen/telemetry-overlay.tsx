import type { TimedTelemetry } from '@client/lib/telemetry-history'
import { type ReadingsStore, useReadings } from '@client/lib/use-live-order'
import { cn, fahrenheitToCelsius, formatTime } from '@client/lib/utils'
import { DEFAULT_COOKING_TIME_S, DEFAULT_TEMPERATURE_F, SENSOR_OFFLINE_MS } from '@shared/constants'
import type { Telemetry } from '@shared/schemas/orders'
import { Droplets, Radio, Thermometer, Timer, WifiOff } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTelemetryAtFrame } from './playback-clock'
import { formatCookingTime, TONE_CLASS, telemetryTone } from './telemetry'

/**
 * True once a sensor reading is older than the offline window and nothing newer has come: the
 * server says so itself with the estimate it sends next, this covers a channel that went quiet.
 */
function useSensorSilent(telemetry: Telemetry | null): boolean {
  const [silent, setSilent] = useState(false)
  useEffect(() => {
    setSilent(false)
    if (telemetry?.source !== 'sensor') return
    const timer = setTimeout(() => setSilent(true), SENSOR_OFFLINE_MS)
    return () => clearTimeout(timer)
  }, [telemetry])
  return silent
}

/**
 * Oven temperature, cooking time left and the kitchen's status line, over the video. Given the
 * readings' `history`, it shows what was true at the frame on screen while the picture plays a
 * few seconds behind (HLS), and the newest over WebRTC.
 */
export function TelemetryOverlay({
  telemetry: latest,
  history,
  className,
}: {
  telemetry: Telemetry | null
  history?: TimedTelemetry[]
  className?: string
}) {
  const { telemetry, synced } = useTelemetryAtFrame(latest, history)
  const silent = useSensorSilent(telemetry)
  const temperature = telemetry?.temperature ?? DEFAULT_TEMPERATURE_F
  const cookingTime = telemetry?.cookingTime ?? DEFAULT_COOKING_TIME_S
  const status = telemetry?.status ?? 'Waiting for the kitchen…'
  const fromSensor = telemetry?.source === 'sensor' && !silent
  const offline = Boolean(telemetry?.sensorOffline) || silent
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-0.5 rounded-lg bg-black/65 px-2 py-1 text-[11px] text-white backdrop-blur-sm sm:gap-x-4 sm:px-3 sm:py-2 sm:text-sm',
        className,
      )}
      aria-live="off"
      data-testid="telemetry"
      data-source={telemetry ? (fromSensor ? 'sensor' : 'estimate') : undefined}
      data-synced={synced ? 'frame' : 'newest'}
    >
      <span className="inline-flex items-center gap-1.5 tabular-nums">
        <Thermometer className="size-3.5 text-orange-300 sm:size-4" aria-hidden="true" />
        <span className="sr-only">Oven temperature</span>
        <span data-testid="temperature-f">{Math.round(temperature)}°F</span>
        <span className="text-white/70">({fahrenheitToCelsius(temperature)}°C)</span>
      </span>
      <span className="inline-flex items-center gap-1.5 tabular-nums">
        <Timer className="size-3.5 text-orange-300 sm:size-4" aria-hidden="true" />
        <span className="sr-only">Cooking time left</span>
        <span data-testid="cooking-time">{formatCookingTime(cookingTime)}</span>
      </span>
      {fromSensor && telemetry?.humidity !== undefined ? (
        <span className="inline-flex items-center gap-1.5 tabular-nums">
          <Droplets className="size-3.5 text-sky-300 sm:size-4" aria-hidden="true" />
          <span className="sr-only">Humidity</span>
          {Math.round(telemetry.humidity)}%
        </span>
      ) : null}
      <span className={cn('font-medium', TONE_CLASS[telemetryTone(status)])} data-testid="telemetry-status">
        {status}
      </span>
      {offline ? (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-amber-400/90 px-1.5 py-0.5 text-[10px] font-semibold text-black sm:text-xs"
          data-testid="sensor-offline"
        >
          <WifiOff className="size-3" aria-hidden="true" />
          Sensor offline
        </span>
      ) : null}
      {telemetry ? (
        fromSensor ? (
          <span
            className="inline-flex items-center gap-1 text-[10px] text-white/80 sm:text-xs"
            data-testid="telemetry-source"
            title={
              telemetry.recordedAt
                ? `Measured ${formatTime(new Date(telemetry.recordedAt), { seconds: true })}`
                : undefined
            }
          >
            <Radio className="size-3 text-green-300" aria-hidden="true" />
            {telemetry.deviceName ? `Sensor · ${telemetry.deviceName}` : 'Sensor'}
          </span>
        ) : (
          <span className="text-[10px] italic text-white/70 sm:text-xs" data-testid="telemetry-source">
            Estimate
          </span>
        )
      ) : null}
    </div>
  )
}

/** The overlay of an order's live room: re-rendered by each reading, without the page around it. */
export function LiveTelemetryOverlay({ readings }: { readings: ReadingsStore }) {
  const { telemetry, history } = useReadings(readings)
  return <TelemetryOverlay telemetry={telemetry} history={history} />
}
