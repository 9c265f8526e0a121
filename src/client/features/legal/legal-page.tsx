import { useDocumentTitle } from '@client/lib/use-document-title'
import { CONTACT } from '@shared/constants'
import type { ReactNode } from 'react'
import { Link } from 'wouter'

export type LegalDocument = 'terms' | 'privacy' | 'cookies'

interface Section {
  heading: string
  body: ReactNode
}

const UPDATED = 'November 2026'

const DOCUMENTS: Record<LegalDocument, { title: string; intro: string; sections: Section[] }> = {
  terms: {
    title: 'Terms of Service',
    intro:
      'These terms apply when you order through Clearplate, watch a kitchen stream, or list a restaurant with us.',
    sections: [
      {
        heading: 'Your account',
        body: 'You need an account to order, tip or send chef shouts. Keep your password to yourself; you are responsible for what is done with your account.',
      },
      {
        heading: 'Orders and your wallet',
        body: 'Prices, the delivery fee and add-ons are charged to your Clearplate wallet when you confirm them. A restaurant may cancel an order before it is completed, and you may cancel while it is still being prepared; everything the order charged goes back to your wallet.',
      },
      {
        heading: 'Tips and chef shouts',
        body: 'Tips go to the kitchen team cooking your order. Chef shouts are requests to the kitchen while your dish cooks; the chef does their best but cannot promise every request.',
      },
      {
        heading: 'Live kitchen streams',
        body: 'A stream is for watching your own order, or the public showcase kitchen. Do not record or republish streams, and do not share access with others.',
      },
      {
        heading: 'Restaurants',
        body: 'Restaurants that join Clearplate keep their cameras pointed at the pass and the cooking line, never at guests or staff areas, and keep their menus and allergen information accurate.',
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'What Clearplate keeps about you, why, and what you can ask us to do with it.',
    sections: [
      {
        heading: 'What we keep',
        body: 'Your name, username, email address, your orders and delivery addresses, your wallet’s transactions, and the allergen profile you choose to save. Passwords are stored only as a salted hash.',
      },
      {
        heading: 'Why',
        body: 'To take and deliver your orders, to show you the kitchen cooking them, to warn you about allergens, and to keep your wallet correct. We do not sell your data or use it for advertising.',
      },
      {
        heading: 'Who sees it',
        body: 'The restaurant cooking your order sees the order and its delivery details. Delivery platforms a restaurant connects receive only what they need to deliver it.',
      },
      {
        heading: 'Your choices',
        body: (
          <>
            Write to <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a> to get a copy of your data or
            to have your account deleted.
          </>
        ),
      },
    ],
  },
  cookies: {
    title: 'Cookies',
    intro: 'Clearplate uses as little browser storage as it can, and no tracking or advertising cookies.',
    sections: [
      {
        heading: 'The session cookie',
        body: 'One cookie keeps you signed in. It cannot be read by scripts on the page, and it is deleted when you log out.',
      },
      {
        heading: 'Storage in your browser',
        body: 'Your light or dark theme choice is kept in this browser. Your cart and your stream access are kept for the current browser session only and disappear when you close it.',
      },
      {
        heading: 'No third parties',
        body: 'Every picture, video and script comes from Clearplate itself: no analytics, advertising or social media cookies are set.',
      },
    ],
  },
}

const LINKS: { doc: LegalDocument; href: string }[] = [
  { doc: 'terms', href: '/terms' },
  { doc: 'privacy', href: '/privacy' },
  { doc: 'cookies', href: '/cookies' },
]

export default function LegalPage({ doc }: { doc: LegalDocument }) {
  const page = DOCUMENTS[doc]
  useDocumentTitle(page.title)
  return (
    <article className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.title}</h1>
        <p className="text-lg text-muted-foreground">{page.intro}</p>
        <p className="text-sm text-muted-foreground">Last updated {UPDATED}</p>
      </header>
      {page.sections.map((section) => (
        <section key={section.heading} className="grid gap-2">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          <p className="leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline">
            {section.body}
          </p>
        </section>
      ))}
      <nav aria-label="Legal" className="flex flex-wrap gap-4 border-t pt-6 text-sm">
        {LINKS.filter((link) => link.doc !== doc).map((link) => (
          <Link
            key={link.doc}
            href={link.href}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {DOCUMENTS[link.doc].title}
          </Link>
        ))}
      </nav>
    </article>
  )
}
