import { Badge, LiveBadge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { NativeSelect } from '@client/components/ui/input'
import { PageSpinner } from '@client/components/ui/spinner'
import { useRestaurant } from '@client/lib/queries/restaurants'
import { useCurrentUser } from '@client/lib/session'
import { useDocumentTitle } from '@client/lib/use-document-title'
import { cn } from '@client/lib/utils'
import type { User } from '@shared/schemas/auth'
import { ChefHat, ExternalLink, Store } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, Redirect, useLocation } from 'wouter'
import { type OwnedRestaurant, useUserRestaurants } from './api/get-user-restaurants'
import { RegistrationWizard } from './components/registration-wizard'
import { CamerasSection } from './workspace/cameras-section'
import { InstallationsSection } from './workspace/installations-section'
import { IntegrationsSection } from './workspace/integrations-section'
import { MenuEditor } from './workspace/menu-editor'
import { OverviewSection } from './workspace/overview-section'
import {
  WORKSPACE_LINKS,
  WORKSPACE_SECTIONS,
  type WorkspaceSection,
  workspacePath,
  workspaceSection,
} from './workspace/sections'

const LAST_RESTAURANT_KEY = 'clearplate-workspace-restaurant'

/** /partner and /partner/{restaurantId}/{section}: where an owner runs a restaurant. */
export default function WorkspacePage({
  restaurantId,
  section,
}: {
  restaurantId?: number
  section?: string
}) {
  useDocumentTitle('My restaurant')
  const { user } = useCurrentUser()
  if (!user) return <PageSpinner />
  return <OwnerWorkspace user={user} restaurantId={restaurantId} section={workspaceSection(section)} />
}

function OwnerWorkspace({
  user,
  restaurantId,
  section,
}: {
  user: User
  restaurantId: number | undefined
  section: WorkspaceSection
}) {
  const restaurants = useUserRestaurants(user.id)
  // A user who came without a restaurant keeps the wizard until its last step links here.
  const startedWithout = useRef<boolean | null>(null)
  if (restaurants.isSuccess && startedWithout.current === null)
    startedWithout.current = restaurants.data.length === 0
  if (restaurants.isLoading) return <PageSpinner />
  if (restaurants.isError)
    return (
      <p className="mx-auto max-w-xl px-4 py-16 text-center text-muted-foreground">
        We could not load your restaurants. Please refresh the page to try again.
      </p>
    )
  const list = restaurants.data ?? []
  if (list.length === 0 || (startedWithout.current && restaurantId === undefined)) return <NoRestaurantYet />
  const chosen = list.find((r) => r.id === restaurantId)
  if (!chosen) {
    const remembered = Number(localStorage.getItem(LAST_RESTAURANT_KEY))
    const fallback = list.find((r) => r.id === remembered) ?? list[0]!
    return <Redirect to={workspacePath(fallback.id, section)} replace />
  }
  return <Workspace restaurants={list} current={chosen} section={section} user={user} />
}

function NoRestaurantYet() {
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <p className="inline-flex w-fit items-center gap-2 rounded-full bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wider text-accent-foreground">
          <Store className="size-4" aria-hidden="true" />
          My restaurant
        </p>
        <h1 className="text-3xl font-extrabold tracking-tight">Start your restaurant</h1>
        <p className="max-w-2xl text-muted-foreground">
          You do not own a restaurant on Clearplate yet. Register it here; then add your menu and cameras and
          go live from this workspace.
        </p>
      </header>
      <RegistrationWizard />
    </div>
  )
}

function Workspace({
  restaurants,
  current,
  section,
  user,
}: {
  restaurants: OwnedRestaurant[]
  current: OwnedRestaurant
  section: WorkspaceSection
  user: User
}) {
  const [, navigate] = useLocation()
  const restaurant = useRestaurant(current.id)
  useEffect(() => localStorage.setItem(LAST_RESTAURANT_KEY, String(current.id)), [current.id])
  const active = WORKSPACE_SECTIONS.find((s) => s.slug === section)!
  useDocumentTitle(`${active.label} · ${current.name}`)

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8" data-testid="workspace">
      <header className="flex flex-col gap-4 border-b pb-5 md:flex-row md:items-end md:justify-between">
        <div className="grid min-w-0 gap-2">
          <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            My restaurant
          </p>
          {restaurants.length > 1 ? (
            <NativeSelect
              aria-label="Restaurant"
              className="h-11 max-w-sm text-lg font-bold"
              value={current.id}
              onChange={(e) => navigate(workspacePath(Number(e.target.value), section))}
            >
              {restaurants.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </NativeSelect>
          ) : (
            <h1 className="truncate text-2xl font-extrabold tracking-tight sm:text-3xl">{current.name}</h1>
          )}
          <div className="flex flex-wrap items-center gap-2">
            {restaurant.data?.isLive ? (
              <LiveBadge />
            ) : (
              <Badge variant="secondary" data-testid="workspace-off-air">
                Off the air
              </Badge>
            )}
            {restaurant.data ? (
              <span className="text-sm text-muted-foreground">{restaurant.data.cuisine}</span>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href={`/restaurant/${current.id}`}>
              <ExternalLink aria-hidden="true" />
              Public page
            </Link>
          </Button>
          <Button asChild>
            <a href={`/kitchen/${current.id}`}>
              <ChefHat aria-hidden="true" />
              Open kitchen
            </a>
          </Button>
        </div>
      </header>

      <div className="mt-5 grid gap-6 lg:grid-cols-[13rem_1fr]">
        <nav aria-label="Workspace" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
          <ul className="flex gap-1 lg:flex-col">
            {WORKSPACE_SECTIONS.map(({ slug, label, icon: Icon }) => (
              <li key={slug}>
                <Link
                  href={workspacePath(current.id, slug)}
                  aria-current={slug === section ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    slug === section
                      ? 'bg-primary text-primary-foreground'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            ))}
            {WORKSPACE_LINKS.map(({ href, label, icon: Icon }) => (
              <li key={href}>
                <Link
                  href={href}
                  className="flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="min-w-0" aria-labelledby="workspace-section-title">
          <h2 id="workspace-section-title" className="mb-4 text-xl font-bold tracking-tight">
            {active.label}
          </h2>
          {section === 'overview' ? (
            restaurant.data ? (
              <OverviewSection key={current.id} restaurant={restaurant.data} />
            ) : (
              <PageSpinner />
            )
          ) : section === 'menu' ? (
            <MenuEditor key={current.id} restaurantId={current.id} />
          ) : section === 'cameras' ? (
            <CamerasSection key={current.id} restaurantId={current.id} />
          ) : section === 'integrations' ? (
            <IntegrationsSection key={current.id} restaurant={current} />
          ) : (
            <InstallationsSection key={current.id} user={user} restaurants={restaurants} current={current} />
          )}
        </section>
      </div>
    </div>
  )
}
