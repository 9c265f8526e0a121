import { InitialsAvatar } from '@client/components/layout/initials-avatar'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs'
import { useCurrentUser } from '@client/lib/session'
import { useDocumentTitle } from '@client/lib/use-document-title'
import { Bell, Heart, MapPin, ReceiptText, ShieldCheck, UserRound, Wallet } from 'lucide-react'
import { useLocation, useSearch } from 'wouter'
import { AddressesTab } from './components/addresses-tab'
import { NotificationsTab } from './components/notifications-tab'
import { AccountTab, AllergensTab, FavoritesTab, OrdersTab, PaymentTab } from './components/profile-tabs'

const TABS = [
  { value: 'account', label: 'Account', icon: UserRound },
  { value: 'addresses', label: 'Addresses', icon: MapPin },
  { value: 'allergens', label: 'Allergens', icon: ShieldCheck },
  { value: 'notifications', label: 'Notifications', icon: Bell },
  { value: 'orders', label: 'Orders', icon: ReceiptText },
  { value: 'favorites', label: 'Favorites', icon: Heart },
  { value: 'payment', label: 'Payment', icon: Wallet },
] as const

export default function ProfilePage() {
  useDocumentTitle('Your profile')
  const { user } = useCurrentUser()
  // The tab is in the address (?tab=payment), so coming back (from paying a top-up) lands on it.
  const search = useSearch()
  const [location, navigate] = useLocation()
  const asked = new URLSearchParams(search).get('tab')
  const tab = TABS.some((t) => t.value === asked) ? (asked as string) : 'account'
  const setTab = (next: string) =>
    navigate(next === 'account' ? location : `${location}?tab=${next}`, { replace: true })
  if (!user) return null
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="sr-only">Your profile</h1>
      <Tabs
        value={tab}
        onValueChange={setTab}
        orientation="vertical"
        className="grid grid-cols-1 gap-6 md:grid-cols-[16rem_minmax(0,1fr)] md:items-start"
      >
        <aside className="min-w-0 rounded-xl border bg-card p-4 shadow-sm md:sticky md:top-20">
          <div className="flex items-center gap-3 border-b pb-4">
            <InitialsAvatar user={user} className="size-12 text-base" />
            <div className="min-w-0">
              <p className="truncate font-semibold" data-testid="profile-name">
                {user.fullName}
              </p>
              <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
            </div>
          </div>
          <TabsList className="mt-3 flex h-auto w-full flex-wrap justify-start gap-1 bg-transparent p-0 md:flex-col md:flex-nowrap md:items-stretch">
            {TABS.map(({ value, label, icon: Icon }) => (
              <TabsTrigger
                key={value}
                value={value}
                className="justify-start gap-2.5 px-3 py-2 data-[state=active]:bg-accent data-[state=active]:text-accent-foreground data-[state=active]:shadow-none"
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </aside>
        <div className="min-w-0">
          <TabsContent value="account" className="mt-0">
            <AccountTab user={user} />
          </TabsContent>
          <TabsContent value="addresses" className="mt-0">
            <AddressesTab user={user} />
          </TabsContent>
          <TabsContent value="allergens" className="mt-0">
            <AllergensTab user={user} />
          </TabsContent>
          <TabsContent value="notifications" className="mt-0">
            <NotificationsTab user={user} />
          </TabsContent>
          <TabsContent value="orders" className="mt-0">
            <OrdersTab user={user} />
          </TabsContent>
          <TabsContent value="favorites" className="mt-0">
            <FavoritesTab user={user} />
          </TabsContent>
          <TabsContent value="payment" className="mt-0">
            <PaymentTab user={user} />
          </TabsContent>
        </div>
      </Tabs>
    </div>
  )
}
