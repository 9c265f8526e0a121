import { LiveBadge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { AlertTriangle, ShieldCheck, Thermometer, Timer, Video } from 'lucide-react'
import { Link } from 'wouter'

/** A picture of what the product does: an allergen alert on a dish and live oven telemetry. */
function HeroIllustration() {
  return (
    <div className="relative hidden lg:block" aria-hidden="true">
      <div className="ml-auto w-80 rotate-1 rounded-2xl border bg-card p-5 shadow-xl">
        <div className="flex items-start justify-between gap-3">
          <p className="font-semibold">Pad Thai</p>
          <p className="font-semibold tabular-nums">$14.50</p>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          Rice noodles, tamarind, crushed peanuts and lime.
        </p>
        <div className="mt-3 flex flex-wrap gap-1.5 text-xs">
          <span className="rounded-full bg-muted px-2 py-0.5 text-muted-foreground">rice noodles</span>
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            <AlertTriangle className="size-3" />
            peanuts
          </span>
          <span className="rounded-full bg-muted px-2 py-0.5 text-muted-foreground">tamarind</span>
        </div>
        <div className="mt-3 flex gap-2 rounded-lg border border-red-300 bg-red-50 p-2.5 text-xs text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
          <AlertTriangle className="size-4 shrink-0" />
          <span>
            <span className="font-semibold">Contains Peanuts</span>, listed in your allergen profile.
          </span>
        </div>
      </div>
      <div className="-mt-4 mr-24 w-72 -rotate-2 rounded-2xl bg-neutral-900 p-4 text-white shadow-2xl ring-1 ring-white/10">
        <div className="flex items-center justify-between">
          <LiveBadge />
          <span className="text-xs text-white/70">Order #0042</span>
        </div>
        <div className="mt-3 flex items-center gap-4 text-sm tabular-nums">
          <span className="inline-flex items-center gap-1.5">
            <Thermometer className="size-4 text-orange-300" />
            375°F
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Timer className="size-4 text-orange-300" />
            12:45
          </span>
          <span className="font-medium text-green-300">On schedule</span>
        </div>
        <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-white/15">
          <div className="h-full w-2/5 rounded-full bg-gradient-to-r from-brand-400 to-brand-600" />
        </div>
      </div>
    </div>
  )
}

/** The allergen hero: what Clearplate is, and where allergen alerts are set up and explained. */
export function HomeHero() {
  return (
    <section className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-brand-50 via-card to-amber-50 p-6 shadow-sm sm:p-10 dark:from-brand-900/40 dark:via-card dark:to-card">
      <div
        className="pointer-events-none absolute -right-20 -top-24 size-72 rounded-full bg-brand-200/40 blur-2xl dark:bg-brand-700/20"
        aria-hidden="true"
      />
      <div className="relative grid items-center gap-10 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)]">
        <div className="grid gap-5">
          <p className="inline-flex items-center gap-2 justify-self-start rounded-full bg-card/80 px-3 py-1 text-xs font-semibold text-primary shadow-sm ring-1 ring-border">
            <Video className="size-3.5" aria-hidden="true" />
            Dine Transparently
          </p>
          <h1 className="text-balance text-3xl font-bold leading-tight tracking-tight sm:text-5xl">
            Watch your meal cooked live, <span className="text-primary">and know what&rsquo;s in it.</span>
          </h1>
          <p className="max-w-2xl text-base text-muted-foreground sm:text-lg">
            Follow your order on the kitchen camera with oven temperature and time left. Save your allergen
            profile once and every menu warns you about dishes that contain your allergens.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg">
              <Link href="/allergen-profile">
                <ShieldCheck aria-hidden="true" />
                Set up your allergen profile
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/faq#allergens">How allergen alerts work</Link>
            </Button>
          </div>
        </div>
        <HeroIllustration />
      </div>
    </section>
  )
}
