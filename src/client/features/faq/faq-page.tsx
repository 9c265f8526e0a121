import { Accordion, AccordionItem } from '@client/components/ui/accordion'
import { Button } from '@client/components/ui/button'
import { useDocumentTitle } from '@client/lib/use-document-title'
import { CONTACT, INSTALLATION_TIME } from '@shared/constants'
import { ChefHat, Cpu, Mail, ShieldAlert, UtensilsCrossed } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { Link } from 'wouter'

interface Section {
  id: string
  title: string
  icon: typeof ChefHat
  items: { q: string; a: ReactNode }[]
}

const FAQ_ALLERGENS = 'peanuts, tree nuts, dairy, eggs, wheat, soy, fish, shellfish, gluten and sesame'

const SECTIONS: Section[] = [
  {
    id: 'restaurants',
    title: 'For Restaurants',
    icon: ChefHat,
    items: [
      {
        q: 'How does my restaurant join Clearplate?',
        a: (
          <>
            Apply on the{' '}
            <Link href="/for-restaurants" className="text-primary underline-offset-4 hover:underline">
              For Restaurants
            </Link>{' '}
            page or register directly as a{' '}
            <Link href="/restaurant-partners" className="text-primary underline-offset-4 hover:underline">
              restaurant partner
            </Link>
            . Your restaurant is created at once, off the air, with its own workspace: add your menu and a
            camera, then go live when you are ready.
          </>
        ),
      },
      {
        q: 'What equipment do you install, and what does it cost?',
        a: `Standard: 3 HD cameras and 2 temperature sensors for $599 plus $99/month. Premium: 5 cameras and 4 sensors plus humidity for $999 plus $149/month. Enterprise pricing is custom. Installation takes ${INSTALLATION_TIME}.`,
      },
      {
        q: 'What is a Chef Shout?',
        a: 'A Chef Shout is a small paid request a diner sends to the chef while watching their order, such as "Extra Crispy!" or "Add Cheese!". Your team sees it on the kitchen screen and can acknowledge it.',
      },
      {
        q: 'Who receives Chef Tips?',
        a: '100% of every Chef Tip goes to the chef team of the restaurant that cooked the order.',
      },
      {
        q: 'What does Clearplate keep of what diners pay?',
        a: 'Tips and Chef Shouts go to the restaurant in full. Of food (orders and add-ons) the restaurant earns the price less the platform commission (15% unless your agreement says otherwise); the delivery fee is the platform’s. The Earnings section of your workspace shows every line and pays out your balance from $10.',
      },
    ],
  },
  {
    id: 'customers',
    title: 'For Customers',
    icon: UtensilsCrossed,
    items: [
      {
        q: 'How do I watch my meal being cooked?',
        a: 'Enter your order number on the home page. Stream access lasts up to 20 minutes after your order enters the kitchen.',
      },
      {
        q: 'Do I need an account?',
        a: 'Watching needs only your order number. An account adds saved favorites, your allergen profile, order history and a wallet.',
      },
      {
        q: 'How does the wallet work?',
        a: 'Your Clearplate wallet pays for orders, Chef Shouts, tips and add-ons with one tap. Top it up from your profile, the account menu in the header, or the Wallet tab while watching an order; every charge appears in your transaction history.',
      },
      {
        q: 'Can I talk to the chef?',
        a: 'Yes: send a Chef Shout for a quick paid request, or a Chef Tip with a short message to say thank you.',
      },
    ],
  },
  {
    id: 'allergens',
    title: 'Allergen Awareness',
    icon: ShieldAlert,
    items: [
      {
        q: 'How does the allergen profile protect me?',
        a: (
          <>
            Save your allergies and their severity in your{' '}
            <Link href="/allergen-profile" className="text-primary underline-offset-4 hover:underline">
              allergen profile
            </Link>
            . Restaurant pages then warn you about dishes whose ingredients match, and upsell offers never
            suggest them.
          </>
        ),
      },
      {
        q: 'Which allergens are tracked?',
        a: `Among others: ${FAQ_ALLERGENS}, plus mustard, celery, lupin, sulfites and MSG.`,
      },
      {
        q: 'Can I rely on the warnings alone?',
        a: 'No. Warnings come from the ingredient lists restaurants give us. If your allergy is severe, always confirm with the restaurant before ordering.',
      },
    ],
  },
  {
    id: 'technical',
    title: 'Technical Questions',
    icon: Cpu,
    items: [
      {
        q: 'How accurate are the temperature readings?',
        a: 'Our kitchen sensors are accurate to ±0.5°C and report every few seconds while your order cooks.',
      },
      {
        q: 'The stream will not play. What can I do?',
        a: 'Check your connection and try another camera angle. Streams need a modern browser; the telemetry and order progress keep updating even when video cannot play.',
      },
      {
        q: 'Which devices are supported?',
        a: 'Any recent browser on phones, tablets and computers. No app download is needed.',
      },
    ],
  },
]

export default function FaqPage() {
  useDocumentTitle('Frequently asked questions')
  // A link such as /faq#allergens lands on its section once the page has rendered.
  useEffect(() => {
    const id = window.location.hash.slice(1)
    if (!id) return
    const target = document.getElementById(id)
    if (target) requestAnimationFrame(() => target.scrollIntoView({ block: 'start' }))
  }, [])

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Frequently asked questions</h1>
        <p className="mt-2 text-muted-foreground">
          Everything about watching, ordering and partnering with Clearplate.
        </p>
        <nav aria-label="FAQ sections" className="mt-5 flex flex-wrap gap-2">
          {SECTIONS.map((s) => (
            <a
              key={s.id}
              href={`#${s.id}`}
              onClick={(event) => {
                event.preventDefault()
                history.replaceState(null, '', `#${s.id}`)
                document.getElementById(s.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
              }}
              className="rounded-full border bg-card px-3.5 py-1.5 text-sm font-medium transition-colors hover:border-primary hover:text-primary"
            >
              {s.title}
            </a>
          ))}
        </nav>
      </header>
      <div className="grid gap-10">
        {SECTIONS.map(({ id, title, icon: Icon, items }) => (
          <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
            <h2
              id={`${id}-title`}
              className="mb-4 flex items-center gap-2.5 text-xl font-bold tracking-tight"
            >
              <span className="flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              {title}
            </h2>
            <Accordion>
              {items.map((item) => (
                <AccordionItem key={item.q} question={item.q}>
                  {item.a}
                </AccordionItem>
              ))}
            </Accordion>
          </section>
        ))}
        <section
          aria-labelledby="support-title"
          className="rounded-xl border bg-gradient-to-br from-brand-50 to-card p-6 text-center dark:from-brand-900/30 sm:p-8"
        >
          <Mail className="mx-auto size-8 text-primary" aria-hidden="true" />
          <h2 id="support-title" className="mt-3 text-xl font-bold">
            Still have questions?
          </h2>
          <p className="mt-2 text-muted-foreground">
            Our support team answers every message, usually the same day.
          </p>
          <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild>
              <a href={`mailto:${CONTACT.support}`}>Email {CONTACT.support}</a>
            </Button>
            <Button asChild variant="outline">
              <a href={`mailto:${CONTACT.partners}`}>Partnerships: {CONTACT.partners}</a>
            </Button>
          </div>
        </section>
      </div>
    </div>
  )
}
