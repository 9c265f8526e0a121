import { Accordion, AccordionItem } from '@client/components/ui/accordion'
import { Button } from '@client/components/ui/button'
import { useDocumentTitle } from '@client/lib/use-document-title'
import { INSTALLATION_HOURS, INSTALLATION_TIME } from '@shared/constants'
import { ArrowRight, BadgeCheck, ChefHat, HeartHandshake, Rocket, TrendingUp } from 'lucide-react'
import { PackagesExplainer } from './components/packages-explainer'
import { RestaurantApplicationForm } from './components/restaurant-application-form'

const BENEFITS = [
  {
    icon: Rocket,
    title: 'Easy setup in three steps',
    text: 'Apply, pick a package, and our technicians install everything. Your first live order can go out the same week.',
  },
  {
    icon: TrendingUp,
    title: 'Upsell add-ons up 24 percent',
    text: 'Diners who watch their meal cooked add sides, drinks and desserts more often, right from the stream.',
  },
  {
    icon: HeartHandshake,
    title: 'Customer confidence',
    text: 'Open kitchens earn trust: guests see fresh ingredients, clean stations and live cooking temperatures.',
  },
  {
    icon: BadgeCheck,
    title: 'Competitive advantage',
    text: 'Stand out on every delivery app as the kitchen people can actually watch, with tips and shouts for your team.',
  },
]

const FAQ = [
  {
    q: 'How long does it take to get started?',
    a: `Applying creates your restaurant at once, off the air, with its own workspace: add your menu and a camera, then go live. Installation takes ${INSTALLATION_TIME} and can be scheduled outside service hours.`,
  },
  {
    q: 'What does the equipment cost?',
    a: 'Standard is $599 one-time plus $99/month (3 cameras, 2 temperature sensors). Premium is $999 plus $149/month (5 cameras, 4 sensors plus humidity). Enterprise pricing is tailored to multi-location groups.',
  },
  {
    q: 'Do diners see everything in my kitchen?',
    a: 'No. You choose where cameras go, and diners only see the stations you pick, only while their own order is being prepared.',
  },
  {
    q: 'How do chef tips and shouts work?',
    a: 'Diners can send paid Chef Shouts (like "Extra Crispy!") and tips while they watch. 100% of tips go to your kitchen team.',
  },
  {
    q: 'Can I keep using my delivery platforms?',
    a: 'Yes. Connect Uber Eats, DoorDash, Grubhub, Postmates or Seamless from the partner page, and orders from those platforms can be streamed too.',
  },
  {
    q: 'How many menu items do I need?',
    a: 'We recommend at least 3 menu items to go live, so diners have a real choice. You can add more at any time.',
  },
]

export default function ForRestaurantsPage() {
  useDocumentTitle('For restaurants')
  return (
    <div>
      <section className="relative overflow-hidden border-b bg-gradient-to-br from-brand-50 via-background to-background dark:from-brand-900/25">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div className="flex flex-col gap-5">
            <p className="inline-flex w-fit items-center gap-2 rounded-full bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wider text-accent-foreground">
              <ChefHat className="size-4" aria-hidden="true" />
              For restaurants
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
              Let diners watch your kitchen do what it does best
            </h1>
            <p className="max-w-xl text-lg text-muted-foreground">
              Clearplate streams each order from your kitchen to the person who ordered it, with live
              temperatures and timing. Transparency sells: show your craft and grow every ticket.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <a href="#apply">
                  Apply now
                  <ArrowRight aria-hidden="true" />
                </a>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href="#packages">See packages</a>
              </Button>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            {[
              ['24%', 'more add-ons per order'],
              [`${INSTALLATION_HOURS.from}-${INSTALLATION_HOURS.to} h`, 'installation time'],
              ['±0.5°C', 'sensor accuracy'],
              ['100%', 'of tips to your team'],
            ].map(([value, label]) => (
              <div key={label} className="rounded-xl border bg-card p-5 shadow-sm">
                <dt className="sr-only">{label}</dt>
                <dd className="text-3xl font-extrabold tracking-tight text-primary">{value}</dd>
                <dd className="mt-1 text-sm text-muted-foreground">{label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="benefits-title" className="text-3xl font-bold tracking-tight">
          Why kitchens partner with Clearplate
        </h2>
        <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section id="packages" aria-labelledby="packages-title" className="scroll-mt-20 border-y bg-muted/40">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 id="packages-title" className="text-3xl font-bold tracking-tight">
            Equipment packages
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Commercial-grade cameras and probe sensors, installed and maintained by our technicians.
          </p>
          <div className="mt-8">
            <PackagesExplainer />
          </div>
        </div>
      </section>

      <section
        id="apply"
        aria-label="Restaurant application"
        className="mx-auto grid max-w-7xl scroll-mt-20 gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.5fr_1fr]"
      >
        <RestaurantApplicationForm />
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Questions owners ask</h2>
          <Accordion className="mt-5">
            {FAQ.map((item) => (
              <AccordionItem key={item.q} question={item.q}>
                {item.a}
              </AccordionItem>
            ))}
          </Accordion>
        </div>
      </section>
    </div>
  )
}
