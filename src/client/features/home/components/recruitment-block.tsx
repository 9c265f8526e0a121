import { Button } from '@client/components/ui/button'
import { ArrowRight, ChefHat } from 'lucide-react'
import { Link } from 'wouter'

export function RecruitmentBlock() {
  return (
    <section className="flex flex-col gap-6 overflow-hidden rounded-2xl bg-neutral-900 p-6 text-white shadow-lg sm:p-10 md:flex-row md:items-center dark:bg-neutral-900/80 dark:ring-1 dark:ring-border">
      <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
        <ChefHat className="size-7" aria-hidden="true" />
      </span>
      <div className="grid flex-1 gap-2">
        <h2 className="text-2xl font-bold tracking-tight">Run a restaurant? Open your kitchen.</h2>
        <p className="text-white/75">
          Set up in three easy steps: we install the cameras and sensors. Partner kitchens see upsell add-ons
          up by 24 percent, and diners who can see their food order with confidence.
        </p>
      </div>
      <Button asChild size="lg" className="md:self-center">
        <Link href="/for-restaurants">
          Partner with Clearplate
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </section>
  )
}
