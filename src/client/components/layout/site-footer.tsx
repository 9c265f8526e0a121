import { CONTACT } from '@shared/constants'
import { Mail, MapPin, UserRound } from 'lucide-react'
import { Link } from 'wouter'
import { Logo } from './logo'

const COLUMNS = [
  {
    title: 'For Customers',
    links: [
      { href: '/', label: 'Live Streams' },
      { href: '/discover', label: 'Discover Restaurants' },
      { href: '/orders', label: 'My Orders' },
      { href: '/allergen-profile', label: 'Allergen Profile' },
      { href: '/faq', label: 'FAQ' },
    ],
  },
  {
    title: 'For Restaurants',
    links: [
      { href: '/for-restaurants', label: 'Apply to Join' },
      { href: '/restaurant-partners', label: 'Partner Program' },
      { href: '/equipment-setup', label: 'Equipment Setup' },
      { href: '/faq#restaurants', label: 'Restaurant FAQ' },
    ],
  },
]

const LEGAL = [
  { href: '/terms', label: 'Terms of Service' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/cookies', label: 'Cookies' },
]

export function SiteFooter() {
  return (
    <footer className="offscreen-lazy mt-16 border-t bg-card/60 [--offscreen-height:360px]">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">
            Watch your own meal being cooked, live from the kitchen, with the temperature and timing as it
            happens.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="text-sm text-muted-foreground transition-colors hover:text-primary"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <address className="flex flex-col gap-2.5 text-sm not-italic text-muted-foreground">
          <h2 className="text-sm font-semibold text-foreground">Contact</h2>
          <p className="flex items-center gap-2">
            <UserRound className="size-4 shrink-0 text-primary" aria-hidden="true" />
            Founder: {CONTACT.founder}
          </p>
          <p className="flex items-center gap-2">
            <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Support:{' '}
              <a href={`mailto:${CONTACT.support}`} className="hover:text-primary hover:underline">
                {CONTACT.support}
              </a>
            </span>
          </p>
          <p className="flex items-center gap-2">
            <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Partnerships:{' '}
              <a href={`mailto:${CONTACT.partners}`} className="hover:text-primary hover:underline">
                {CONTACT.partners}
              </a>
            </span>
          </p>
          <p className="flex items-center gap-2">
            <MapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {CONTACT.location}
          </p>
        </address>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col-reverse items-center justify-between gap-3 px-4 py-5 text-xs text-muted-foreground sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} Clearplate. All rights reserved.</p>
          <ul className="flex gap-5">
            {LEGAL.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="rounded hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
}
