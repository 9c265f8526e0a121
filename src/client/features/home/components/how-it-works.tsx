import { Eye, ShoppingBag, UtensilsCrossed } from 'lucide-react'

const STEPS = [
  {
    icon: ShoppingBag,
    title: 'Order from a live kitchen',
    text: 'Pick a restaurant streaming now and pay from your wallet.',
  },
  {
    icon: Eye,
    title: 'Watch it being cooked',
    text: 'Your order number opens the kitchen camera, oven temperature and time left.',
  },
  {
    icon: UtensilsCrossed,
    title: 'Talk to the chef, then enjoy',
    text: 'Send a chef shout or a tip while it cooks; follow it all the way to your door.',
  },
]

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="grid gap-6">
      <h2 id="how-it-works" className="text-2xl font-bold tracking-tight">
        How it works
      </h2>
      <ol className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="grid gap-1">
              <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                Step {index + 1}
              </p>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
