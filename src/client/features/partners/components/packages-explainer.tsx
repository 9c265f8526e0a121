import { Badge } from '@client/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card'
import { cn, formatMoney } from '@client/lib/utils'
import { INSTALLATION_TIME, PACKAGES } from '@shared/constants'
import { Camera, Check, Clock, Thermometer, UtensilsCrossed } from 'lucide-react'

/** The equipment packages, what installation involves, and what a kitchen needs to go live. */
export function PackagesExplainer() {
  return (
    <div className="grid gap-8">
      <div className="grid gap-5 md:grid-cols-3">
        {PACKAGES.map((pkg) => {
          const featured = pkg.name === 'Premium'
          return (
            <Card
              key={pkg.name}
              className={cn(
                'relative flex flex-col',
                featured && 'border-primary shadow-md ring-1 ring-primary',
              )}
            >
              {featured ? <Badge className="absolute -top-3 left-5">Most popular</Badge> : null}
              <CardHeader className="p-6 pb-2">
                <CardTitle>{pkg.name}</CardTitle>
                {pkg.setup === null ? (
                  <p className="mt-2 text-3xl font-extrabold tracking-tight">Custom pricing</p>
                ) : (
                  <p className="mt-2">
                    <span className="text-3xl font-extrabold tracking-tight">
                      {formatMoney(pkg.setup).replace('.00', '')}
                    </span>
                    <span className="text-sm text-muted-foreground"> one-time</span>
                    <span className="block text-sm text-muted-foreground">
                      + {formatMoney(pkg.monthly ?? 0).replace('.00', '')}/month
                    </span>
                  </p>
                )}
              </CardHeader>
              <CardContent className="flex flex-1 flex-col gap-2.5 p-6 pt-3 text-sm">
                <p className="flex items-center gap-2">
                  <Camera className="size-4 text-primary" aria-hidden="true" />
                  {pkg.cameras === null
                    ? 'As many HD cameras as your kitchen needs'
                    : `${pkg.cameras} HD kitchen cameras`}
                </p>
                <p className="flex items-center gap-2">
                  <Thermometer className="size-4 text-primary" aria-hidden="true" />
                  {pkg.sensors}
                </p>
                <p className="flex items-center gap-2">
                  <Check className="size-4 text-primary" aria-hidden="true" />
                  {pkg.setup === null
                    ? 'Multi-location rollout and dedicated support'
                    : 'Professional installation and setup'}
                </p>
              </CardContent>
            </Card>
          )
        })}
      </div>
      <div className="grid gap-4 rounded-xl border bg-muted/60 p-5 sm:grid-cols-2">
        <p className="flex gap-3 text-sm">
          <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <strong className="block">Installation takes {INSTALLATION_TIME}</strong>
            <span className="text-muted-foreground">
              A technician mounts the cameras, places the sensors and tests the stream with your team, outside
              service hours.
            </span>
          </span>
        </p>
        <p className="flex gap-3 text-sm">
          <UtensilsCrossed className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <strong className="block">Start with at least 3 menu items</strong>
            <span className="text-muted-foreground">
              We recommend at least three dishes on your live menu so diners have a real choice on day one.
            </span>
          </span>
        </p>
      </div>
    </div>
  )
}
