import { Button } from '@client/components/ui/button'
import { ShieldCheck, Video } from 'lucide-react'
import { Link } from 'wouter'

/** The allergen hero: what Clearplate is, and where allergen alerts are set up and explained. */
export function HomeHero() {
  return (
    <section className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-brand-50 via-card to-amber-50 p-6 shadow-sm sm:p-10 dark:from-brand-900/40 dark:via-card dark:to-card">
      <div
        className="pointer-events-none absolute -right-20 -top-24 size-72 rounded-full bg-brand-200/40 blur-2xl dark:bg-brand-700/20"
        aria-hidden="true"
      />
      <div className="relative grid max-w-3xl gap-5">
        <p className="inline-flex items-center gap-2 justify-self-start rounded-full bg-card/80 px-3 py-1 text-xs font-semibold text-primary shadow-sm ring-1 ring-border">
          <Video className="size-3.5" aria-hidden="true" />
          Dine Transparently
        </p>
        <h1 className="text-3xl font-bold leading-tight tracking-tight sm:text-5xl">
          Watch your meal cooked live, <span className="text-primary">and know what&rsquo;s in it.</span>
        </h1>
        <p className="max-w-2xl text-base text-muted-foreground sm:text-lg">
          Follow your order on the kitchen camera with oven temperature and time left. Save your allergen
          profile once and every menu warns you about dishes that contain your allergens.
        </p>
        <div className="flex flex-wrap gap-3">
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
    </section>
  )
}
