import type { Telemetry } from '@shared/schemas/orders'

/** A reading with the time it was true: the sensor's own, else when the kitchen sent it. */
export interface TimedTelemetry {
  at: number
  data: Telemetry
}

/** How much history is kept: more than HLS's delay behind the live edge. */
export const TELEMETRY_HISTORY_MS = 30_000

/** Adds a reading to a history kept in time order, dropping what is older than the window. */
export function addReading(history: TimedTelemetry[], reading: TimedTelemetry): TimedTelemetry[] {
  const kept = history.filter((r) => r.at >= reading.at - TELEMETRY_HISTORY_MS)
  let index = kept.length
  while (index > 0 && kept[index - 1]!.at > reading.at) index--
  kept.splice(index, 0, reading)
  return kept
}

/** The reading that was true at `time`: the newest taken at or before it, else the oldest kept. */
export function readingAt(history: TimedTelemetry[], time: number): TimedTelemetry | undefined {
  let found: TimedTelemetry | undefined
  for (const reading of history) {
    if (reading.at <= time) found = reading
    else break
  }
  return found ?? history[0]
}
