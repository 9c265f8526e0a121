import { Badge } from '@client/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card'
import type { AllergenProfileView } from '@client/lib/queries/allergen-profile'
import { allergenLabel, SEVERITIES } from '@shared/constants'
import { ShieldAlert, ShieldCheck, Siren } from 'lucide-react'
import { allergenSummaryHeadline, isEmergencyRisk } from '../lib/allergen-summary'

export function AllergenSummaryCard({ profile }: { profile: AllergenProfileView }) {
  const count = profile.allergens.length
  const severity = SEVERITIES.find((s) => s.value === profile.severity)
  const emergency = isEmergencyRisk(count, profile.severity)
  return (
    <Card data-testid="allergen-summary">
      <CardHeader className="p-5 pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          {count > 0 ? (
            <ShieldAlert className="size-5 text-primary" aria-hidden="true" />
          ) : (
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          )}
          Allergen summary
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 p-5 pt-0">
        <p className="font-semibold" data-testid="allergen-summary-headline">
          {allergenSummaryHeadline(count, profile.severity)}
        </p>
        {count > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Saved allergens">
            {profile.allergens.map((id) => (
              <li key={id}>
                <Badge variant={emergency ? 'danger' : 'warning'}>{allergenLabel(id)}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            Choose your allergens and save to get warnings on restaurant menus.
          </p>
        )}
        {count > 0 && severity ? (
          <p className="text-sm text-muted-foreground">
            Severity: <span className="font-medium text-foreground">{severity.label}</span> (
            {severity.description})
          </p>
        ) : null}
        {emergency ? (
          <div
            className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
            role="alert"
          >
            <Siren className="size-5 shrink-0" aria-hidden="true" />
            <p>
              <strong className="block">MEDICAL EMERGENCY RISK</strong>
              Always tell the restaurant about your allergies and carry your emergency medication.
            </p>
          </div>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Alerts are {profile.notificationsEnabled ? 'on' : 'off'}.
        </p>
      </CardContent>
    </Card>
  )
}
