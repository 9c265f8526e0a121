import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { staffKitchen, useWorkplaces } from '@client/lib/queries/workplaces'
import { useCurrentUser } from '@client/lib/session'
import { loadDeferredNow, useIdleReady } from '@client/lib/use-idle-ready'
import { cn } from '@client/lib/utils'
import { Bell, ChefHat, LogIn, Menu, Moon, Sun } from 'lucide-react'
import { lazy, type PointerEvent, type ReactNode, Suspense, useState } from 'react'
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
  standIn: (press: StandInPress) => ReactNode
  children: (defaultOpen: boolean) => ReactNode
}) {
  const ready = useIdleReady()
  const open = () => {
    onOpen(name)
    loadDeferredNow()
  }
  // The stand-in opens on the press itself, as the real trigger does: the real menu may take its
  // place between the button going down and coming up, and a click would then never arrive.
  const press: StandInPress = {
    onPointerDown: (event) => {
      if (event.button === 0 && !event.ctrlKey) open()
    },
    onClick: open,
  }
  if (!ready) return <>{standIn(press)}</>
  // A press while the menu's code is still arriving opens it once it is there.
  return <Suspense fallback={standIn(press)}>{children(opened === name)}</Suspense>
}

interface StandInPress {
  onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void
  onClick: () => void
}

/** Staff see "Kitchen": their restaurant's console, one tap away on the phone in their apron. */
function KitchenLink({ userId }: { userId: number }) {
  const workplaces = useWorkplaces(userId)
  const kitchen = staffKitchen(workplaces.data)
  if (!kitchen) return null
  return (
    <Button asChild size="sm" variant="outline" className="shrink-0 px-2 sm:px-3">
      <a href={`/kitchen/${kitchen.restaurantId}`} data-testid="header-kitchen" aria-label="Kitchen">
        <ChefHat aria-hidden="true" />
        {/* A phone's header keeps its icons in one row: the word shows from 640 px. */}
        <span className="hidden sm:inline">Kitchen</span>
      </a>
    </Button>
  )
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
          {user ? <KitchenLink userId={user.id} /> : null}
          <SiteSearch />
          <DeferredMenu
            name="notifications"
            opened={opened}
            onOpen={setOpened}
            standIn={(press) => (
              <Button variant="ghost" size="icon" aria-label="Notifications" {...press}>
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
            standIn={(press) => (
              <Button variant="ghost" size="icon" aria-label="Theme" {...press}>
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
                standIn={(press) => (
                  <button
                    type="button"
                    className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    aria-label={`Account menu for ${user.fullName}`}
                    {...press}
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
            standIn={(press) => (
              <Button variant="ghost" size="icon" className="xl:hidden" aria-label="Open menu" {...press}>
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
