import { cn, fahrenheitToCelsius } from '@client/lib/utils'
import { DEFAULT_COOKING_TIME_S, DEFAULT_TEMPERATURE_F } from '@shared/constants'
import type { Telemetry } from '@shared/schemas/orders'
import { Thermometer, Timer } from 'lucide-react'
import { formatCookingTime, TONE_CLASS, telemetryTone } from './telemetry'

/** Oven temperature, cooking time left and the kitchen's status line, over the video. */
export function TelemetryOverlay({
  telemetry,
  className,
}: {
  telemetry: Telemetry | null
  className?: string
}) {
  const temperature = telemetry?.temperature ?? DEFAULT_TEMPERATURE_F
  const cookingTime = telemetry?.cookingTime ?? DEFAULT_COOKING_TIME_S
  const status = telemetry?.status ?? 'Waiting for the kitchen…'
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-0.5 rounded-lg bg-black/65 px-2 py-1 text-[11px] text-white backdrop-blur-sm sm:gap-x-4 sm:px-3 sm:py-2 sm:text-sm',
        className,
      )}
      aria-live="off"
      data-testid="telemetry"
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
      <span className={cn('font-medium', TONE_CLASS[telemetryTone(status)])} data-testid="telemetry-status">
        {status}
      </span>
    </div>
  )
}
