import { Badge, LiveBadge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { NativeSelect } from '@client/components/ui/input'
import { PageSpinner } from '@client/components/ui/spinner'
import { useRestaurant } from '@client/lib/queries/restaurants'
import { useWorkplaces } from '@client/lib/queries/workplaces'
import { useCurrentUser } from '@client/lib/session'
import { useDocumentTitle } from '@client/lib/use-document-title'
import { cn } from '@client/lib/utils'
import type { User } from '@shared/schemas/auth'
import { type MyWorkplace, ROLE_LABELS, type StaffRole } from '@shared/schemas/staff'
import { ChefHat, ExternalLink, Store } from 'lucide-react'
import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react'
import { Link, Redirect, useLocation } from 'wouter'
import { type OwnedRestaurant, useUserRestaurants } from './api/get-user-restaurants'
import { RegistrationWizard } from './components/registration-wizard'
import { CamerasSection } from './workspace/cameras-section'
import { EarningsSection } from './workspace/earnings-section'
import { InstallationsSection } from './workspace/installations-section'
import { IntegrationsSection } from './workspace/integrations-section'
import { MenuEditor } from './workspace/menu-editor'
import { OverviewSection } from './workspace/overview-section'
import { sectionsFor, type WorkspaceSection, workspacePath, workspaceSection } from './workspace/sections'
import { TeamSection } from './workspace/team-section'

// Its charts (recharts) load with the section, not with the workspace.
const InsightsSection = lazy(() => import('./workspace/insights-section'))

const LAST_RESTAURANT_KEY = 'clearplate-workspace-restaurant'

/**
 * The Devices section lives in features/devices; the router hands it to the workspace (app/
 * composes features), so no feature imports another.
 */
export type DevicesSectionSlot = ComponentType<{ restaurantId: number }>

/** /partner and /partner/{restaurantId}/{section}: where an owner runs a restaurant. */
export default function WorkspacePage({
  restaurantId,
  section,
  devicesSection,
}: {
  restaurantId?: number
  section?: string
  devicesSection: DevicesSectionSlot
}) {
  useDocumentTitle('My restaurant')
  const { user } = useCurrentUser()
  if (!user) return <PageSpinner />
  return (
    <OwnerWorkspace
      user={user}
      restaurantId={restaurantId}
      section={workspaceSection(section)}
      devicesSection={devicesSection}
    />
  )
}

function OwnerWorkspace({
  user,
  restaurantId,
  section,
  devicesSection,
}: {
  user: User
  restaurantId: number | undefined
  section: WorkspaceSection
  devicesSection: DevicesSectionSlot
}) {
  const restaurants = useUserRestaurants(user.id)
  const workplaces = useWorkplaces(user.id)
  // A user who came without a restaurant keeps the wizard until its last step links here.
  const startedWithout = useRef<boolean | null>(null)
  if (restaurants.isSuccess && workplaces.isSuccess && startedWithout.current === null)
    startedWithout.current =
      restaurants.data.length === 0 && !workplaces.data.some((w) => w.role === 'manager')
  if (restaurants.isLoading || workplaces.isLoading) return <PageSpinner />
  if (restaurants.isError)
    return (
      <p className="mx-auto max-w-xl px-4 py-16 text-center text-muted-foreground">
        We could not load your restaurants. Please refresh the page to try again.
      </p>
    )
  // The restaurants it owns, then those it manages: a manager runs a restaurant here too.
  const owned = restaurants.data ?? []
  const managed = (workplaces.data ?? []).filter(
    (w) => w.role === 'manager' && !owned.some((r) => r.id === w.restaurantId),
  )
  const list: OwnedRestaurant[] = [
    ...owned,
    ...managed.map((w) => ({ id: w.restaurantId, name: w.restaurantName })),
  ]
  const kitchenOnly = workplaces.data?.find(
    (w) => w.restaurantId === restaurantId && (w.role === 'cook' || w.role === 'expo'),
  )
  if (kitchenOnly) return <KitchenOnly workplace={kitchenOnly} />
  if (list.length === 0 || (startedWithout.current && restaurantId === undefined)) return <NoRestaurantYet />
  const chosen = list.find((r) => r.id === restaurantId)
  if (!chosen) {
    const remembered = Number(localStorage.getItem(LAST_RESTAURANT_KEY))
    const fallback = list.find((r) => r.id === remembered) ?? list[0]!
    return <Redirect to={workspacePath(fallback.id, section)} replace />
  }
  return (
    <Workspace
      restaurants={list}
      current={chosen}
      role={owned.some((r) => r.id === chosen.id) ? 'owner' : 'manager'}
      section={section}
      user={user}
      devicesSection={devicesSection}
    />
  )
}

/** Expo and cooks work in the kitchen console: the workspace (menu, cameras, money) is not theirs. */
function KitchenOnly({ workplace }: { workplace: MyWorkplace }) {
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-16 text-center" data-testid="workspace-kitchen-only">
      <h1 className="text-2xl font-bold">{workplace.restaurantName}</h1>
      <p className="text-muted-foreground">
        You work here as {ROLE_LABELS[workplace.role].toLowerCase()}: the menu, cameras and settings are the
        owner’s and managers’. Your tickets are in the kitchen console.
      </p>
      <Button asChild className="mx-auto w-fit">
        <a href={`/kitchen/${workplace.restaurantId}`}>
          <ChefHat aria-hidden="true" />
          Open the kitchen
        </a>
      </Button>
    </div>
  )
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
  role,
  section,
  user,
  devicesSection: DevicesSection,
}: {
  restaurants: OwnedRestaurant[]
  current: OwnedRestaurant
  role: StaffRole
  section: WorkspaceSection
  user: User
  devicesSection: DevicesSectionSlot
}) {
  const [, navigate] = useLocation()
  const restaurant = useRestaurant(current.id)
  useEffect(() => localStorage.setItem(LAST_RESTAURANT_KEY, String(current.id)), [current.id])
  const sections = sectionsFor(role)
  const active = sections.find((s) => s.slug === section) ?? sections[0]!
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
        {/* Every section in sight on a phone: three to a row, each label under its icon. */}
        <nav aria-label="Workspace">
          <ul className="grid grid-cols-3 gap-1 sm:flex sm:flex-wrap lg:flex-col">
            {sections.map(({ slug, label, icon: Icon }) => (
              <li key={slug}>
                <Link
                  href={workspacePath(current.id, slug)}
                  aria-current={slug === section ? 'page' : undefined}
                  className={cn(
                    'flex flex-col items-center gap-1 whitespace-nowrap rounded-lg px-2 py-2 text-xs font-medium transition-colors sm:flex-row sm:gap-2 sm:px-3 sm:text-sm',
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
          </ul>
        </nav>
        <section className="min-w-0" aria-labelledby="workspace-section-title">
          <h2 id="workspace-section-title" className="mb-4 text-xl font-bold tracking-tight">
            {active.label}
          </h2>
          {active.slug !== section ? (
            <Redirect to={workspacePath(current.id, active.slug)} replace />
          ) : section === 'overview' ? (
            restaurant.data ? (
              <OverviewSection key={current.id} restaurant={restaurant.data} />
            ) : (
              <PageSpinner />
            )
          ) : section === 'insights' ? (
            restaurant.data ? (
              <Suspense fallback={<PageSpinner />}>
                <InsightsSection
                  key={current.id}
                  restaurantId={current.id}
                  timeZone={restaurant.data.timeZone}
                />
              </Suspense>
            ) : (
              <PageSpinner />
            )
          ) : section === 'earnings' ? (
            <EarningsSection key={current.id} restaurantId={current.id} />
          ) : section === 'menu' ? (
            <MenuEditor key={current.id} restaurantId={current.id} />
          ) : section === 'cameras' ? (
            <CamerasSection key={current.id} restaurantId={current.id} />
          ) : section === 'integrations' ? (
            <IntegrationsSection key={current.id} restaurant={current} />
          ) : section === 'team' ? (
            <TeamSection
              key={current.id}
              restaurantId={current.id}
              restaurantName={current.name}
              viewerId={user.id}
              viewerRole={role}
            />
          ) : section === 'installations' ? (
            <InstallationsSection key={current.id} user={user} restaurants={restaurants} current={current} />
          ) : (
            <DevicesSection key={current.id} restaurantId={current.id} />
          )}
        </section>
      </div>
    </div>
  )
}
