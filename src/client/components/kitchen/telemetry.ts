export type TelemetryTone = 'ahead' | 'delay' | 'on-track'

/** Status text containing "ahead" is blue, "delay" yellow, anything else green. */
export function telemetryTone(status: string): TelemetryTone {
  const text = status.toLowerCase()
  if (text.includes('ahead')) return 'ahead'
  if (text.includes('delay')) return 'delay'
  return 'on-track'
}

export const TONE_CLASS: Record<TelemetryTone, string> = {
  ahead: 'text-blue-300',
  delay: 'text-yellow-300',
  'on-track': 'text-green-300',
}

/** 765 -> "12:45"; negative or missing values show as "00:00". */
export function formatCookingTime(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}
