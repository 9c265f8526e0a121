import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { useCurrentUser } from '@client/lib/session'
import { loadDeferredNow, useIdleReady } from '@client/lib/use-idle-ready'
import { cn } from '@client/lib/utils'
import { Bell, LogIn, Menu, Moon, Sun } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { InitialsAvatar } from './initials-avatar'
import { Logo } from './logo'
import { isActivePath, MAIN_NAV } from './nav-links'
import { SiteSearch } from './site-search'

// The header's menus are not needed for the first paint: they load once the page is idle. Until
// then each shows as its own trigger, and a click on it loads the menu and opens it.
const AvatarMenu = lazy(() => import('./avatar-menu').then((m) => ({ default: m.AvatarMenu })))
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })))
const NotificationsButton = lazy(() =>
  import('./notifications-button').then((m) => ({ default: m.NotificationsButton })),
)
const ThemeToggle = lazy(() => import('./theme-toggle').then((m) => ({ default: m.ThemeToggle })))

type MenuName = 'notifications' | 'theme' | 'account' | 'mobile'

/** A menu that loads when the page is idle; its stand-in trigger looks the same and opens it. */
function DeferredMenu({
  name,
  opened,
  onOpen,
  standIn,
  children,
}: {
  name: MenuName
  opened: MenuName | null
  onOpen: (name: MenuName) => void
  standIn: (open: () => void) => ReactNode
  children: (defaultOpen: boolean) => ReactNode
}) {
  const ready = useIdleReady()
  const open = () => {
    onOpen(name)
    loadDeferredNow()
  }
  if (!ready) return <>{standIn(open)}</>
  // A click while the menu's code is still arriving opens it once it is there.
  return <Suspense fallback={standIn(open)}>{children(opened === name)}</Suspense>
}

export function SiteHeader() {
  const [location] = useLocation()
  const { user, isLoading } = useCurrentUser()
  const [opened, setOpened] = useState<MenuName | null>(null)
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden shrink-0 items-center gap-1 xl:flex">
          {MAIN_NAV.map((link) => {
            const active = isActivePath(link.href, location)
            return (
              <Link
                key={link.href}
                href={link.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'relative whitespace-nowrap rounded-lg px-2.5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
                  active &&
                    'text-primary hover:text-primary after:absolute after:inset-x-2.5 after:-bottom-[13px] after:h-0.5 after:rounded-full after:bg-primary',
                )}
              >
                {link.label}
              </Link>
            )
          })}
        </nav>
        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-1">
          <SiteSearch />
          <DeferredMenu
            name="notifications"
            opened={opened}
            onOpen={setOpened}
            standIn={(open) => (
              <Button variant="ghost" size="icon" aria-label="Notifications" onClick={open}>
                <Bell aria-hidden="true" />
              </Button>
            )}
          >
            {(defaultOpen) => <NotificationsButton defaultOpen={defaultOpen} />}
          </DeferredMenu>
          <DeferredMenu
            name="theme"
            opened={opened}
            onOpen={setOpened}
            standIn={(open) => (
              <Button variant="ghost" size="icon" aria-label="Theme" onClick={open}>
                <Sun className="dark:hidden" aria-hidden="true" />
                <Moon className="hidden dark:block" aria-hidden="true" />
              </Button>
            )}
          >
            {(defaultOpen) => <ThemeToggle defaultOpen={defaultOpen} />}
          </DeferredMenu>
          {/* On phones the menu button carries the account (balance, My restaurant, Logout), so
              the header fits 360 px with search, the bell and the theme. */}
          <div className="ml-1 hidden min-w-9 items-center justify-end sm:flex">
            {isLoading ? (
              <Skeleton className="size-9 rounded-full" />
            ) : user ? (
              <DeferredMenu
                name="account"
                opened={opened}
                onOpen={setOpened}
                standIn={(open) => (
                  <button
                    type="button"
                    className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    aria-label={`Account menu for ${user.fullName}`}
                    onClick={open}
                  >
                    <InitialsAvatar user={user} />
                  </button>
                )}
              >
                {(defaultOpen) => <AvatarMenu user={user} defaultOpen={defaultOpen} />}
              </DeferredMenu>
            ) : (
              <Button asChild size="sm" className="hidden sm:inline-flex">
                <Link href="/auth">
                  <LogIn aria-hidden="true" />
                  Sign In
                </Link>
              </Button>
            )}
          </div>
          <DeferredMenu
            name="mobile"
            opened={opened}
            onOpen={setOpened}
            standIn={(open) => (
              <Button variant="ghost" size="icon" className="xl:hidden" aria-label="Open menu" onClick={open}>
                <Menu className="size-5" aria-hidden="true" />
              </Button>
            )}
          >
            {(defaultOpen) => <MobileMenu user={user} defaultOpen={defaultOpen} />}
          </DeferredMenu>
        </div>
      </div>
    </header>
  )
}
