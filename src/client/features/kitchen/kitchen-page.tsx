import { Button } from '@client/components/ui/button'
import { PageSpinner } from '@client/components/ui/spinner'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage, isStatus } from '@client/lib/api-client'
import { cn } from '@client/lib/utils'
import { formatMoney } from '@shared/money'
import { stationsOf, type Ticket } from '@shared/schemas/kitchen'
import { Bell, BellOff, Moon, Settings, Sun, Wifi, WifiOff } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { useAdvanceOrder } from './api/advance-order'
import { useBumpLine } from './api/bump-line'
import { useCancelTicket } from './api/cancel-ticket'
import { useKitchen } from './api/get-kitchen'
import { useSensors } from './api/get-sensors'
import { useRecallOrder } from './api/recall-order'
import { useSetKitchenMode } from './api/set-kitchen-mode'
import { useUpdateShoutStatus } from './api/update-shout-status'
import { AllDayPanel } from './components/all-day-panel'
import { CancelDialog } from './components/cancel-dialog'
import { SensorStatus } from './components/sensor-status'
import { SettingsDialog } from './components/settings-dialog'
import { TicketCard } from './components/ticket-card'
import { playChime, readMuted, writeMuted } from './lib/chime'
import { kitchenTitle, ticketsForStation } from './lib/tickets'
import { useConsoleTheme } from './lib/use-console-theme'
import { useKitchenLive } from './lib/use-kitchen-live'

const STATION_KEY = 'clearplate-kitchen-station'

function useNow(intervalMs = 1000) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

/** The kitchen console at /kitchen/{restaurantId}: a tablet on the kitchen wall, or a phone. */
export default function KitchenPage({ restaurantId }: { restaurantId: number }) {
  const kitchen = useKitchen(restaurantId)
  const sensors = useSensors(restaurantId)
  const now = useNow()
  const { dark, toggle: toggleTheme } = useConsoleTheme()
  const [muted, setMuted] = useState(readMuted)
  const [station, setStation] = useState<string | undefined>(() => {
    try {
      return localStorage.getItem(`${STATION_KEY}-${restaurantId}`) ?? undefined
    } catch {
      return undefined
    }
  })
  const [cancelling, setCancelling] = useState<Ticket | undefined>()
  const [settingsOpen, setSettingsOpen] = useState(false)

  const { state } = useKitchenLive(restaurantId, kitchen.isSuccess, {
    onNewTicket: () => {
      if (!readMuted()) playChime()
    },
    onMessage: (message) => {
      if (message.type === 'upsell_response' && message.accepted)
        toast({ title: `Order #${String(message.orderId).padStart(4, '0')}: added dish accepted` })
    },
  })

  const advance = useAdvanceOrder(restaurantId)
  const recall = useRecallOrder(restaurantId)
  const cancel = useCancelTicket(restaurantId)
  const shout = useUpdateShoutStatus(restaurantId)
  const line = useBumpLine(restaurantId)
  const setMode = useSetKitchenMode(restaurantId)

  const data = kitchen.data
  const tickets = data?.orders ?? []
  const waiting = tickets.filter((t) => t.status === 'preparing').length

  useEffect(() => {
    const previous = document.title
    document.title = kitchenTitle(data?.restaurantName ?? 'Clearplate', waiting)
    return () => {
      document.title = previous
    }
  }, [data?.restaurantName, waiting])

  const stations = data ? stationsOf(data.settings) : []
  const activeStation = station && stations.includes(station) ? station : undefined
  const chooseStation = (next: string | undefined) => {
    setStation(next)
    try {
      if (next) localStorage.setItem(`${STATION_KEY}-${restaurantId}`, next)
      else localStorage.removeItem(`${STATION_KEY}-${restaurantId}`)
    } catch {}
  }

  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' })

  const busy = advance.isPending || recall.isPending || shout.isPending || line.isPending

  if (kitchen.isLoading) return <PageSpinner />
  if (kitchen.isError || !data) {
    const mine = !(isStatus(kitchen.error, 403) || isStatus(kitchen.error, 404))
    return (
      <div className="mx-auto max-w-md px-6 py-24 text-center">
        <h1 className="text-2xl font-bold">
          {mine ? 'The kitchen could not be loaded' : 'Not your kitchen'}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {mine
            ? errorMessage(kitchen.error, 'Please try again.')
            : 'Only the owner of this restaurant can open its kitchen console.'}
        </p>
        <Button asChild className="mt-6">
          <Link href="/">Back to Clearplate</Link>
        </Button>
      </div>
    )
  }

  const shown = ticketsForStation(tickets, activeStation)

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="sticky top-0 z-10 flex flex-wrap items-center gap-3 border-b border-border bg-card px-4 py-3">
        <div className="mr-auto min-w-0">
          <h1 className="truncate text-xl font-bold">{data.restaurantName}</h1>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            {state === 'open' ? (
              <Wifi className="size-4 text-green-500" aria-hidden="true" />
            ) : (
              <WifiOff className="size-4 text-red-500" aria-hidden="true" />
            )}
            <span data-testid="live-state">{state === 'open' ? 'Live' : 'Reconnecting…'}</span>
            <span aria-hidden="true">·</span>
            <span>
              {tickets.length} open {tickets.length === 1 ? 'ticket' : 'tickets'}
            </span>
            {sensors.data && sensors.data.length > 0 ? (
              <>
                <span aria-hidden="true">·</span>
                <SensorStatus devices={sensors.data} />
              </>
            ) : null}
          </p>
        </div>
        <div className="flex h-12 items-center gap-2 rounded-lg border border-border px-3 text-sm font-medium">
          <Switch
            id="kitchen-mode-switch"
            checked={data.mode === 'staffed'}
            disabled={setMode.isPending}
            onCheckedChange={(checked) =>
              setMode.mutate(checked ? 'staffed' : 'autopilot', {
                onError: failed('Could not switch the mode'),
              })
            }
            aria-label="Staffed kitchen"
          />
          <label htmlFor="kitchen-mode-switch" data-testid="kitchen-mode">
            {data.mode === 'staffed' ? 'Staffed' : 'Autopilot'}
          </label>
        </div>
        <Button
          size="icon"
          variant="outline"
          className="size-12"
          aria-pressed={!muted}
          aria-label={muted ? 'Chime off' : 'Chime on'}
          onClick={() => {
            writeMuted(!muted)
            setMuted(!muted)
            if (muted) playChime()
          }}
        >
          {muted ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
        </Button>
        <Button
          size="icon"
          variant="outline"
          className="size-12"
          aria-label={dark ? 'Light theme' : 'Dark theme'}
          onClick={toggleTheme}
        >
          {dark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
        </Button>
        <Button
          size="icon"
          variant="outline"
          className="size-12"
          aria-label="Kitchen settings"
          onClick={() => setSettingsOpen(true)}
        >
          <Settings aria-hidden="true" />
        </Button>
      </header>

      {stations.length > 0 ? (
        <nav aria-label="Stations" className="flex gap-2 overflow-x-auto border-b border-border px-4 py-2">
          {[undefined, ...stations].map((s) => (
            <Button
              key={s ?? 'expo'}
              size="lg"
              variant={activeStation === s ? 'default' : 'outline'}
              aria-pressed={activeStation === s}
              className="capitalize"
              onClick={() => chooseStation(s)}
            >
              {s ?? 'Expo'}
            </Button>
          ))}
        </nav>
      ) : null}

      <div className="flex flex-1 flex-col-reverse gap-4 p-4 md:flex-row">
        <section aria-label="Tickets" className="min-w-0 flex-1">
          {shown.length === 0 ? (
            <div className="flex h-64 items-center justify-center rounded-xl border border-dashed border-border text-lg text-muted-foreground">
              No open tickets. New orders appear here.
            </div>
          ) : (
            <ol className="flex flex-col gap-4 md:flex-row md:items-start md:overflow-x-auto md:pb-4">
              {shown.map((ticket) => (
                <li key={ticket.id} className="contents">
                  <TicketCard
                    ticket={ticket}
                    now={now}
                    thresholds={data.settings}
                    station={activeStation}
                    busy={busy}
                    actions={{
                      onBump: (t) =>
                        advance.mutate(
                          { orderId: t.id, from: t.status },
                          { onError: failed('Could not bump the order') },
                        ),
                      onRecall: (t) => recall.mutate(t.id, { onError: failed('Could not recall the order') }),
                      onCancel: setCancelling,
                      onShout: (shoutId, status) =>
                        shout.mutate({ shoutId, status }, { onError: failed('Could not update the shout') }),
                      onLine: (t, index, done) =>
                        line.mutate(
                          { orderId: t.id, index, done },
                          { onError: failed('Could not bump the line') },
                        ),
                    }}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>
        <aside className={cn('w-full md:w-56 md:shrink-0')}>
          <AllDayPanel tickets={tickets} station={activeStation} />
        </aside>
      </div>

      <CancelDialog
        orderNumber={cancelling ? String(cancelling.id).padStart(4, '0') : undefined}
        open={cancelling !== undefined}
        pending={cancel.isPending}
        onOpenChange={(open) => {
          if (!open) setCancelling(undefined)
        }}
        onConfirm={(values) => {
          if (!cancelling) return
          cancel.mutate(
            { orderId: cancelling.id, ...values },
            {
              onSuccess: (result) => {
                toast({
                  title: `Order #${String(result.order.id).padStart(4, '0')} cancelled`,
                  description: `${formatMoney(result.refund)} refunded to the diner`,
                })
                setCancelling(undefined)
              },
              onError: failed('Could not cancel the order'),
            },
          )
        }}
      />
      <SettingsDialog kitchen={data} open={settingsOpen} onOpenChange={setSettingsOpen} />
    </div>
  )
}
