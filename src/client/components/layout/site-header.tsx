import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { useCurrentUser } from '@client/lib/session'
import { cn } from '@client/lib/utils'
import { LogIn, Search } from 'lucide-react'
import { Link, useLocation } from 'wouter'
import { AvatarMenu } from './avatar-menu'
import { Logo } from './logo'
import { MobileMenu } from './mobile-menu'
import { isActivePath, MAIN_NAV } from './nav-links'
import { NotificationsButton } from './notifications-button'
import { ThemeToggle } from './theme-toggle'

export function SiteHeader() {
  const [location] = useLocation()
  const { user, isLoading } = useCurrentUser()
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          {MAIN_NAV.map((link) => {
            const active = isActivePath(link.href, location)
            return (
              <Link
                key={link.href}
                href={link.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'relative rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
                  active &&
                    'text-primary hover:text-primary after:absolute after:inset-x-3 after:-bottom-[13px] after:h-0.5 after:rounded-full after:bg-primary',
                )}
              >
                {link.label}
              </Link>
            )
          })}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <Button asChild variant="ghost" size="icon" className="hidden sm:inline-flex">
            <Link href="/discover" aria-label="Search restaurants">
              <Search aria-hidden="true" />
            </Link>
          </Button>
          <NotificationsButton />
          <ThemeToggle />
          <div
            className={cn(
              'ml-1 min-w-9 items-center justify-end',
              !isLoading && !user ? 'hidden sm:flex' : 'flex',
            )}
          >
            {isLoading ? (
              <Skeleton className="size-9 rounded-full" />
            ) : user ? (
              <AvatarMenu user={user} />
            ) : (
              <Button asChild size="sm" className="hidden sm:inline-flex">
                <Link href="/auth">
                  <LogIn aria-hidden="true" />
                  Sign In
                </Link>
              </Button>
            )}
          </div>
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  )
}
