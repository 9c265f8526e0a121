import { Compass, House, type LucideIcon, ReceiptText, UserRound } from 'lucide-react'

export interface NavLink {
  href: string
  label: string
}

/** The header's main navigation (desktop and the mobile menu). */
export const MAIN_NAV: NavLink[] = [
  { href: '/', label: 'Live Streams' },
  { href: '/discover', label: 'Discover' },
  { href: '/orders', label: 'My Orders' },
  { href: '/for-restaurants', label: 'For Restaurants' },
  { href: '/restaurant-partners', label: 'Restaurant Partners' },
]

/** The phone bottom bar. */
export const BOTTOM_NAV: (NavLink & { icon: LucideIcon })[] = [
  { href: '/', label: 'Live', icon: House },
  { href: '/discover', label: 'Discover', icon: Compass },
  { href: '/orders', label: 'Orders', icon: ReceiptText },
  { href: '/profile', label: 'Profile', icon: UserRound },
]

/** "/" matches only itself; other links also match their sub-pages. */
export function isActivePath(href: string, location: string): boolean {
  if (href === '/') return location === '/' || location.startsWith('/stream/')
  return location === href || location.startsWith(`${href}/`)
}
