import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Skeleton } from '@client/components/ui/skeleton'
import { AddFundsDialog } from '@client/components/wallet/add-funds-dialog'
import { orderOutcome } from '@client/lib/order-outcome'
import { useAllergenProfile } from '@client/lib/queries/allergen-profile'
import { useRestaurantsById } from '@client/lib/queries/restaurants'
import { useUserOrders } from '@client/lib/queries/user-orders'
import { useWalletBalance } from '@client/lib/queries/wallet-balance'
import { cn, formatDate, formatMoney, orderNumber } from '@client/lib/utils'
import { allergenLabel, CONTACT, isActiveStatus, SEVERITIES } from '@shared/constants'
import type { User } from '@shared/schemas/auth'
import {
  ArrowRight,
  Heart,
  Mail,
  Plus,
  ReceiptText,
  ShieldCheck,
  Star,
  UserRound,
  Wallet,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { favoriteRestaurants, orderStatusDisplay, type StatusTone } from '../lib/profile-orders'

export function Section({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <Card>
      <CardHeader className="p-6 pb-3">
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="p-6 pt-2">{children}</CardContent>
    </Card>
  )
}

export function AccountTab({ user }: { user: User }) {
  const rows = [
    { label: 'Full name', value: user.fullName, icon: UserRound },
    { label: 'Username', value: `@${user.username}`, icon: UserRound },
    { label: 'Email', value: user.email, icon: Mail },
  ]
  return (
    <Section title="Account details" description="The details of the account you are signed in with.">
      <dl className="divide-y rounded-xl border" data-testid="account-details">
        {rows.map(({ label, value, icon: Icon }) => (
          <div key={label} className="flex flex-col gap-1 px-4 py-3.5 sm:flex-row sm:items-center sm:gap-6">
            <dt className="flex w-36 shrink-0 items-center gap-2 text-sm text-muted-foreground">
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </dt>
            <dd className="break-all font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-muted-foreground">
        Need to change your name or email? Write to{' '}
        <a href={`mailto:${CONTACT.support}`} className="font-medium text-primary hover:underline">
          {CONTACT.support}
        </a>{' '}
        and we’ll update it for you.
      </p>
    </Section>
  )
}

export function AllergensTab({ user }: { user: User }) {
  const profile = useAllergenProfile(user.id)
  const data = profile.data
  const severity = SEVERITIES.find((s) => s.value === data?.severity)
  return (
    <Section title="Allergens" description="Restaurant menus are checked against this profile.">
      {profile.isLoading ? (
        <Skeleton className="h-24" />
      ) : !data || data.allergens.length === 0 ? (
        <p className="text-sm text-muted-foreground">You haven’t saved any allergens yet.</p>
      ) : (
        <div className="grid gap-3">
          <ul className="flex flex-wrap gap-1.5" aria-label="Your allergens">
            {data.allergens.map((id) => (
              <li key={id}>
                <Badge variant="warning">{allergenLabel(id)}</Badge>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            Severity: <span className="font-medium text-foreground">{severity?.label ?? data.severity}</span>
            {severity ? ` (${severity.description})` : ''} · Alerts {data.notificationsEnabled ? 'on' : 'off'}
          </p>
        </div>
      )}
      <Button asChild variant="outline" className="mt-5">
        <Link href="/allergen-profile">
          <ShieldCheck aria-hidden="true" />
          Manage allergen profile
        </Link>
      </Button>
    </Section>
  )
}

const TONES: Record<StatusTone, string> = {
  success: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  info: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  neutral: 'bg-muted text-muted-foreground',
}

export function OrdersTab({ user }: { user: User }) {
  const orders = useUserOrders(user.id)
  const list = orders.data ?? []
  return (
    <Section title="Order history" description="Every order you have placed with Clearplate.">
      {orders.isLoading ? (
        <div className="grid gap-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : orders.isError ? (
        <p className="text-sm text-muted-foreground">
          Your orders could not be loaded. Please refresh to try again.
        </p>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
          <ReceiptText className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">No orders yet. Find a kitchen you’d like to watch.</p>
          <Button asChild size="sm">
            <Link href="/discover">Discover restaurants</Link>
          </Button>
        </div>
      ) : (
        <ul className="divide-y rounded-xl border" data-testid="profile-orders">
          {list.map((order) => {
            const status = orderStatusDisplay(order.status)
            return (
              <li key={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                <span className="font-mono font-semibold">{orderNumber(order.id)}</span>
                <span className="text-sm text-muted-foreground">{formatDate(order.createdAt)}</span>
                <span className="ml-auto font-semibold tabular-nums">{formatMoney(order.totalPrice)}</span>
                <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[status.tone])}>
                  {orderOutcome(order) ?? status.label}
                </span>
                {isActiveStatus(order.status) ? (
                  <Link
                    href={`/stream/${order.id}`}
                    className="w-full text-sm font-medium text-primary hover:underline sm:w-auto"
                    aria-label={`Watch order ${orderNumber(order.id)} live`}
                  >
                    Watch live
                  </Link>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </Section>
  )
}

export function FavoritesTab({ user }: { user: User }) {
  const orders = useUserOrders(user.id)
  const favorites = favoriteRestaurants(orders.data ?? [])
  const restaurants = useRestaurantsById(favorites.map((fav) => fav.restaurantId))
  const loading = orders.isLoading || restaurants.isLoading
  return (
    <Section title="Favorites" description="The kitchens you order from most.">
      {loading ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : favorites.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
          <Heart className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">Order from a restaurant and it will appear here.</p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-3" data-testid="profile-favorites">
          {favorites.map((fav) => {
            const r = restaurants.byId.get(fav.restaurantId)
            const image = r?.images[0] ?? r?.avatar
            return (
              <li key={fav.restaurantId}>
                <Link
                  href={`/restaurant/${fav.restaurantId}`}
                  className="group block overflow-hidden rounded-xl border bg-card transition-shadow hover:shadow-md"
                >
                  <div className="aspect-[16/9] bg-muted">
                    {image ? (
                      <img
                        src={image}
                        alt={r?.name ?? 'Restaurant'}
                        className="size-full object-cover"
                        loading="lazy"
                      />
                    ) : null}
                  </div>
                  <div className="p-3">
                    <p className="truncate font-semibold group-hover:text-primary">
                      {r?.name ?? `Restaurant ${fav.restaurantId}`}
                    </p>
                    <p className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
                      {r?.rating ? (
                        <>
                          <Star className="size-3 fill-current text-primary" aria-hidden="true" />
                          {r.rating.toFixed(1)} ·{' '}
                        </>
                      ) : null}
                      {r?.cuisine ? `${r.cuisine} · ` : ''}
                      {fav.orders} order{fav.orders === 1 ? '' : 's'}
                    </p>
                  </div>
                </Link>
              </li>
            )
          })}
        </ul>
      )}
    </Section>
  )
}

export function PaymentTab({ user }: { user: User }) {
  const balance = useWalletBalance(user.id)
  return (
    <Section
      title="Payment"
      description="Orders, Chef Shouts, tips and add-ons are paid from your Clearplate wallet."
    >
      <div className="flex flex-col gap-5 rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="flex items-center gap-2 text-sm text-white/85">
            <Wallet className="size-4" aria-hidden="true" />
            Wallet balance
          </p>
          {balance.data ? (
            <p
              className="mt-1 text-4xl font-extrabold tabular-nums tracking-tight"
              data-testid="profile-wallet-balance"
            >
              {formatMoney(balance.data.balance)}
            </p>
          ) : (
            <Skeleton className="mt-2 h-10 w-32 bg-white/25" />
          )}
        </div>
        <AddFundsDialog
          userId={user.id}
          trigger={
            <Button variant="secondary" size="lg" className="self-start sm:self-auto">
              <Plus aria-hidden="true" />
              Add Funds
            </Button>
          }
        />
      </div>
      <Button asChild variant="outline" className="mt-5">
        <Link href="/orders">
          Go to My Orders
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </Section>
  )
}
