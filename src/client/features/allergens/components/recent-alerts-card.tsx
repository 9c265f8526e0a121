import { Badge } from '@client/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { relativeTime } from '@client/lib/utils'
import { allergenLabel } from '@shared/constants'
import { Bell } from 'lucide-react'
import { sampleAlerts } from '../lib/sample-alerts'

export function RecentAlertsCard() {
  const alerts = sampleAlerts()
  return (
    <Card>
      <CardHeader className="p-5 pb-3">
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Bell className="size-5 text-primary" aria-hidden="true" />
            Recent Allergen Alerts
          </CardTitle>
          <Badge variant="secondary">Examples</Badge>
        </div>
        <CardDescription>
          How alerts look when a dish matches your profile. Your live alerts appear on restaurant pages.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-5 pt-0">
        <ul className="grid gap-2.5">
          {alerts.map((alert) => (
            <li
              key={alert.id}
              className="flex items-start justify-between gap-3 rounded-lg border p-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium">{alert.menuItemName}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {alert.restaurantName} · {relativeTime(alert.detectedAt)}
                </p>
              </div>
              <Badge variant={alert.severity === 'high' ? 'danger' : 'warning'} className="shrink-0">
                {allergenLabel(alert.allergen)}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
