import { cn } from '@client/lib/utils'
import { Link, useLocation } from 'wouter'
import { BOTTOM_NAV, isActivePath } from './nav-links'

/** Fixed tab bar on phones; the layout leaves room for it under the page. */
export function MobileBottomBar() {
  const [location] = useLocation()
  return (
    <nav
      aria-label="Primary"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-4">
        {BOTTOM_NAV.map(({ href, label, icon: Icon }) => {
          const active = isActivePath(href, location)
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-[0.7rem] font-medium text-muted-foreground transition-colors',
                  active ? 'text-primary' : 'hover:text-foreground',
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                    active && 'bg-accent',
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" strokeWidth={active ? 2.4 : 2} />
                </span>
                {label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
