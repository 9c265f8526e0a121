import { Spinner } from '@client/components/ui/spinner'
import { useAllergenProfile } from '@client/lib/queries/allergen-profile'
import { useCurrentUser } from '@client/lib/session'
import { cn } from '@client/lib/utils'
import { allergenLabel } from '@shared/constants'
import type { AllergenCheck } from '@shared/schemas/allergens'
import { AlertTriangle, CheckCircle2, ShieldAlert, X } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { CHECK_FAILED, useAllergenCheck } from '../api/check-allergens'

export type BannerMode = 'summary' | 'item'

export interface AllergenBannerProps {
  restaurantId: number
  /** Item mode checks one menu item; summary mode checks the whole menu. */
  menuItemId?: number
  mode?: BannerMode
  /** Where "sign in" returns to. */
  returnTo?: string
  className?: string
}

/** Distinct allergens of the matches, as labels, in first-seen order. */
export function matchedAllergenLabels(matches: AllergenCheck['matches']): string[] {
  return [...new Set(matches.map(matchLabel))]
}

/** "Peanuts", or "Peanuts in Crushed peanuts" when only an option of the dish brings it in. */
function matchLabel(match: AllergenCheck['matches'][number]): string {
  const label = allergenLabel(match.allergen)
  return match.option ? `${label} in ${match.option.name}` : label
}

/** Matches grouped by dish: [{name, allergens: [labels]}]. */
export function matchesByItem(matches: AllergenCheck['matches']) {
  const byId = new Map<number, { id: number; name: string; allergens: string[] }>()
  for (const match of matches) {
    const entry = byId.get(match.menuItem.id) ?? {
      id: match.menuItem.id,
      name: match.menuItem.name,
      allergens: [],
    }
    const label = matchLabel(match)
    if (!entry.allergens.includes(label)) entry.allergens.push(label)
    byId.set(entry.id, entry)
  }
  return [...byId.values()]
}

/**
 * Warns a signed-in diner about dishes that match their allergen profile. Hidden while the
 * profile loads or when it lists no allergens; visitors get a prompt to sign in instead.
 * Dismissal holds for this restaurant (and item) only.
 */
export function AllergenBanner({
  restaurantId,
  menuItemId,
  mode = 'summary',
  returnTo,
  className,
}: AllergenBannerProps) {
  const { user, isLoading: userLoading } = useCurrentUser()
  const profile = useAllergenProfile(user?.id)
  const hasAllergens = (profile.data?.allergens.length ?? 0) > 0
  const check = useAllergenCheck(user?.id, restaurantId, { menuItemId, enabled: hasAllergens })
  const subject = `${restaurantId}:${menuItemId ?? ''}`
  const [dismissedFor, setDismissedFor] = useState<string | null>(null)

  if (userLoading) return null
  if (!user) {
    if (mode !== 'summary') return null
    const next = returnTo ? `?next=${encodeURIComponent(returnTo)}` : ''
    return (
      <p
        className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}
        data-testid="allergen-banner"
      >
        <ShieldAlert className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          <Link href={`/auth${next}`} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>{' '}
          or{' '}
          <Link
            href={`/auth${next ? `${next}&` : '?'}tab=register`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            register
          </Link>{' '}
          to get allergen alerts for this menu.
        </span>
      </p>
    )
  }
  if (profile.isLoading || !profile.data || !hasAllergens) return null
  if (dismissedFor === subject) return null

  const severity = profile.data.severity
  const high = severity === 'severe' || severity === 'life-threatening'
  const profileLabels = profile.data.allergens.map(allergenLabel).join(', ')

  if (check.isLoading) {
    return (
      <div
        className={cn(boxClass, 'border-border bg-muted/60 text-muted-foreground', className)}
        data-testid="allergen-banner"
        role="status"
      >
        <Spinner className="size-4 text-current" label="" />
        <span>Checking {mode === 'summary' ? 'this menu' : 'this dish'} against your allergen profile…</span>
      </div>
    )
  }
  if (check.isError) {
    return (
      <div className={cn(boxClass, tone.warning, className)} data-testid="allergen-banner" role="alert">
        <AlertTriangle aria-hidden="true" />
        <span>{CHECK_FAILED}. Please check the ingredients before ordering.</span>
      </div>
    )
  }
  const matches = check.data?.matches ?? []
  if (matches.length === 0) {
    if (mode !== 'summary') return null
    return (
      <div className={cn(boxClass, tone.success, className)} data-testid="allergen-banner" role="note">
        <CheckCircle2 aria-hidden="true" />
        <span>
          No dishes on this menu list your allergens ({profileLabels}). Still mention your allergies when you
          order.
        </span>
      </div>
    )
  }

  const dismiss = (
    <button
      type="button"
      onClick={() => setDismissedFor(subject)}
      className="-m-1 ml-auto self-start rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
      aria-label="Dismiss allergen alert"
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  )
  const warning =
    severity === 'life-threatening' ? (
      <p className="font-semibold">
        Your profile marks these allergies as life-threatening. Confirm every dish with the restaurant before
        you order.
      </p>
    ) : null

  if (mode === 'item') {
    return (
      <div
        className={cn(boxClass, 'p-2.5 text-xs', high ? tone.danger : tone.warning, className)}
        data-testid="allergen-banner"
        data-severity={severity}
        role="alert"
      >
        <AlertTriangle aria-hidden="true" className="!size-4" />
        <div className="grid gap-1">
          <p>
            <span className="font-semibold">Contains {matchedAllergenLabels(matches).join(', ')}</span>,
            listed in your allergen profile.
          </p>
          {warning}
        </div>
        {dismiss}
      </div>
    )
  }

  // The headline counts the dishes that contain an allergen themselves; a dish whose option does
  // is listed (with the option) but counted only when no dish does.
  const own = matches.filter((m) => !m.option)
  const dishes = matchesByItem(matches)
  const counted = own.length > 0 ? matchesByItem(own) : dishes
  const headline =
    own.length > 0
      ? `${counted.length} ${counted.length === 1 ? 'dish contains' : 'dishes contain'} ${matchedAllergenLabels(own).join(', ')}`
      : `options of ${counted.length} ${counted.length === 1 ? 'dish contain' : 'dishes contain'} ${[...new Set(matches.map((m) => allergenLabel(m.allergen)))].join(', ')}`
  return (
    <div
      className={cn(boxClass, high ? tone.danger : tone.warning, className)}
      data-testid="allergen-banner"
      data-severity={severity}
      role="alert"
    >
      <AlertTriangle aria-hidden="true" />
      <div className="grid gap-1.5">
        <p className="font-semibold">Allergen alert: {headline} from your profile</p>
        <ul className="flex flex-wrap gap-x-3 gap-y-0.5">
          {dishes.map((dish) => (
            <li key={dish.id}>
              {dish.name} <span className="opacity-80">({dish.allergens.join(', ')})</span>
            </li>
          ))}
        </ul>
        {warning}
      </div>
      {dismiss}
    </div>
  )
}

const boxClass = 'flex gap-3 rounded-xl border p-4 text-sm [&>svg]:size-5 [&>svg]:shrink-0'
const tone = {
  success:
    'border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950/50 dark:text-green-200',
  warning:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200',
  danger: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200',
}
