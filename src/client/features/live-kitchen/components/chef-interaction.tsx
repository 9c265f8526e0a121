import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs'
import { useWalletBalance } from '@client/lib/queries/wallet-balance'
import type { WalletPanelSlot } from '@client/lib/wallet-panel-slot'
import { HandCoins, Megaphone, Wallet } from 'lucide-react'
import type { WatchedOrder } from '../watched-order'
import { ChefShoutTab } from './chef-shout-tab'
import { TipChefTab } from './tip-chef-tab'

export function ChefInteraction({
  order,
  userId,
  ownTips,
  onDemoTip,
  walletPanel: WalletPanel,
}: {
  order: WatchedOrder
  userId: number | undefined
  ownTips: { sending(): void; settled(tipId?: number): void }
  onDemoTip: (tip: { amount: number; message: string }) => void
  /** The wallet's own panel, handed in by the router. */
  walletPanel: WalletPanelSlot
}) {
  const balance = useWalletBalance(userId)
  const signInHref = `/auth?next=${encodeURIComponent(`/stream/${order.id}`)}`
  return (
    <Card className="offscreen-lazy [--offscreen-height:420px]">
      <CardHeader>
        <CardTitle as="h2">Interact with Your Chef</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="shout">
          <TabsList className="grid w-full grid-cols-3">
            <TabsTrigger value="shout">
              <Megaphone className="size-4 max-sm:hidden" aria-hidden="true" />
              Chef Shout
            </TabsTrigger>
            <TabsTrigger value="tip">
              <HandCoins className="size-4 max-sm:hidden" aria-hidden="true" />
              Tip Chef
            </TabsTrigger>
            <TabsTrigger value="wallet">
              <Wallet className="size-4 max-sm:hidden" aria-hidden="true" />
              Wallet
            </TabsTrigger>
          </TabsList>
          <TabsContent value="shout">
            <ChefShoutTab
              order={order}
              userId={userId}
              balance={balance.data?.balance}
              signInHref={signInHref}
            />
          </TabsContent>
          <TabsContent value="tip">
            <TipChefTab
              orderId={order.id}
              userId={userId}
              signInHref={signInHref}
              ownTips={ownTips}
              onDemoTip={onDemoTip}
            />
          </TabsContent>
          <TabsContent value="wallet">
            <WalletPanel userId={userId} signInHref={signInHref} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  )
}
