import { cn } from '@client/lib/utils'
import { DELIVERY_PLATFORMS } from '@shared/constants'

type PlatformValue = (typeof DELIVERY_PLATFORMS)[number]['value']

/** Simple wordmarks drawn here, in each platform's colours; no third-party artwork. */
const MARKS: Record<
  PlatformValue,
  { label: string; bg: string; fg: string; accent?: string; split?: number }
> = {
  ubereats: { label: 'Uber Eats', bg: '#0b0b0b', fg: '#ffffff', accent: '#06c167', split: 4 },
  doordash: { label: 'DoorDash', bg: '#ff3008', fg: '#ffffff' },
  grubhub: { label: 'Grubhub', bg: '#ff8000', fg: '#ffffff' },
  postmates: { label: 'Postmates', bg: '#1f1f1f', fg: '#ffdf18' },
  seamless: { label: 'Seamless', bg: '#1f63e8', fg: '#ffffff' },
}

export function platformLabel(platform: string): string {
  return DELIVERY_PLATFORMS.find((p) => p.value === platform)?.label ?? platform
}

export function PlatformWordmark({ platform, className }: { platform: string; className?: string }) {
  const mark = MARKS[platform as PlatformValue]
  if (!mark) return <span className={cn('font-semibold', className)}>{platform}</span>
  const first = mark.split ? mark.label.slice(0, mark.split) : mark.label
  const rest = mark.split ? mark.label.slice(mark.split) : ''
  return (
    <svg viewBox="0 0 140 40" role="img" aria-label={mark.label} className={cn('h-9 w-auto', className)}>
      <rect x="0.5" y="0.5" width="139" height="39" rx="10" fill={mark.bg} stroke="rgba(255,255,255,0.18)" />
      <text
        x="70"
        y="26"
        textAnchor="middle"
        fontFamily="ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="17"
        fontWeight="800"
        letterSpacing="-0.3"
        fill={mark.fg}
      >
        {first}
        {rest ? <tspan fill={mark.accent ?? mark.fg}>{rest}</tspan> : null}
      </text>
    </svg>
  )
}

export function PlatformLogoStrip() {
  return (
    <ul
      className="flex flex-wrap items-center justify-center gap-4 sm:gap-6"
      aria-label="Delivery platforms we integrate with"
    >
      {DELIVERY_PLATFORMS.map((p) => (
        <li key={p.value} className="opacity-90 transition-opacity hover:opacity-100">
          <PlatformWordmark platform={p.value} className="h-10" />
        </li>
      ))}
    </ul>
  )
}
