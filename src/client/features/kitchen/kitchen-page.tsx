import { Button } from '@client/components/ui/button'
import { PageSpinner } from '@client/components/ui/spinner'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage, isStatus } from '@client/lib/api-client'
import { useNow } from '@client/lib/use-now'
import { cn } from '@client/lib/utils'
import { formatClockTime, orderStatusLabel, pausedMessage } from '@shared/constants'
import { formatMoney } from '@shared/money'
import { nextStatus, stationsOf, type Ticket } from '@shared/schemas/kitchen'
import {
  ArrowLeft,
  Ban,
  Bell,
  BellOff,
  Keyboard,
  Moon,
  PauseCircle,
  PlayCircle,
  Settings,
  Sun,
  Wifi,
  WifiOff,
  Zap,
  ZapOff,
} from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Link } from 'wouter'
import { useAdvanceOrder } from './api/advance-order'
import { useBumpLine } from './api/bump-line'
import { useCancelTicket } from './api/cancel-ticket'
import { useKitchen } from './api/get-kitchen'
import { useSensors } from './api/get-sensors'
import { useRecallOrder } from './api/recall-order'
import { useSetDishAvailability } from './api/set-dish-availability'
import { useSetKitchenMode } from './api/set-kitchen-mode'
import { useSetOptionAvailability } from './api/set-option-availability'
import { useSetPause } from './api/set-pause'
import { useUpdateShoutStatus } from './api/update-shout-status'
import { AllDayPanel } from './components/all-day-panel'
import { CancelDialog } from './components/cancel-dialog'
import { KeysDialog } from './components/keys-dialog'
import { KitchenCameras } from './components/kitchen-cameras'
import { PauseDialog } from './components/pause-dialog'
import { RecentList } from './components/recent-list'
import { SensorStatus } from './components/sensor-status'
import { SettingsDialog } from './components/settings-dialog'
import { SoldOutDialog } from './components/sold-out-dialog'
import { SoldOutPanel } from './components/sold-out-panel'
import { TicketCard } from './components/ticket-card'
import { playChime, readFlash, readMuted, writeFlash, writeMuted } from './lib/chime'
import { consoleKeyAction, focusKind } from './lib/console-keys'
import { soldOutEntries } from './lib/sold-out'
import { kitchenTitle, newTicketAnnouncement, nextSelection, ticketsForStation } from './lib/tickets'
import { useConsoleTheme } from './lib/use-console-theme'
import { useKitchenLive } from './lib/use-kitchen-live'

const nextStatusOf = (ticket: Ticket) => nextStatus(ticket.status)

const STATION_KEY = 'clearplate-kitchen-station'
/** A cook's choice of every ticket (view only), kept apart from "no choice yet" (their first station). */
const ALL = '__all__'

/** The kitchen console at /kitchen/{restaurantId}: a tablet on the kitchen wall, or a phone. */
export default function KitchenPage({ restaurantId }: { restaurantId: number }) {
  const kitchen = useKitchen(restaurantId)
  const sensors = useSensors(restaurantId)
  const now = useNow(1000)
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
  const [keysOpen, setKeysOpen] = useState(false)
  const [pauseOpen, setPauseOpen] = useState(false)
  const [soldOutOpen, setSoldOutOpen] = useState(false)
  const [flashOn, setFlashOn] = useState(readFlash)
  /** The ticket the keys work on; the first one when none was chosen or it left. */
  const [selectedId, setSelectedId] = useState<number | undefined>()
  const [lastBumped, setLastBumped] = useState<number | undefined>()
  const [flashing, setFlashing] = useState<ReadonlySet<number>>(new Set())
  const [announcement, setAnnouncement] = useState('')
  const cards = useRef(new Map<number, HTMLElement>())
  const railRef = useRef<HTMLElement>(null)

  const announce = useCallback((text: string) => {
    // The same words twice are still read twice.
    setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text))
  }, [])

  const [closed, setClosed] = useState<string | undefined>()

  const { state } = useKitchenLive(restaurantId, kitchen.isSuccess && closed === undefined, {
    onClosed: setClosed,
    onNewTicket: (ticket) => {
      if (!readMuted()) playChime()
      announce(newTicketAnnouncement(ticket))
      if (readFlash()) {
        setFlashing((s) => new Set(s).add(ticket.id))
        setTimeout(
          () =>
            setFlashing((s) => {
              const next = new Set(s)
              next.delete(ticket.id)
              return next
            }),
          2600,
        )
      }
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
  const pause = useSetPause(restaurantId)
  const dishAvailability = useSetDishAvailability(restaurantId)
  const optionAvailability = useSetOptionAvailability(restaurantId)

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

  // The caller's role decides what the console offers; the server refuses the rest anyway.
  const access = data?.access ?? { role: 'owner' as const, stations: [] }
  const isCook = access.role === 'cook'
  const canRunPass = !isCook
  const canSettings = access.role === 'owner' || access.role === 'manager'
  const allStations = data ? stationsOf(data.settings) : []
  // A cook's stations first; the others (and "All") they see read-only.
  const mine = access.stations.filter((s) => allStations.includes(s))
  const stations = isCook ? [...mine, ...allStations.filter((s) => !mine.includes(s))] : allStations
  const chosenStation = station && stations.includes(station) ? station : undefined
  const activeStation = isCook && station === undefined ? mine[0] : chosenStation
  const readOnly = isCook && (activeStation === undefined || !mine.includes(activeStation))
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
  const shown = ticketsForStation(tickets, activeStation)
  const selected = shown.find((t) => t.id === selectedId) ?? shown[0]
  const dialogOpen = cancelling !== undefined || settingsOpen || keysOpen || pauseOpen || soldOutOpen
  const soldOut = data ? soldOutEntries(data.dishes) : []

  /**
   * Selects a ticket and moves the focus onto it (never onto one of its buttons). A key moves it at
   * once, so a Tab pressed right after the number starts from the ticket. After a bump, a recall or
   * a cancel it moves a frame later: the cancel's dialog gives the focus back to what opened it as
   * it closes, and the ticket's focus has to come after that.
   */
  const focusTicket = useCallback((id: number | undefined, when: 'now' | 'next-frame' = 'next-frame') => {
    const focus = () => {
      const card = id === undefined ? undefined : cards.current.get(id)
      if (card) card.focus()
      else railRef.current?.focus()
    }
    if (when === 'now') {
      flushSync(() => setSelectedId(id))
      focus()
    } else {
      setSelectedId(id)
      requestAnimationFrame(focus)
    }
  }, [])

  const bump = (ticket: Ticket) => {
    const ids = shown.map((t) => t.id)
    advance.mutate(
      { orderId: ticket.id, from: ticket.status },
      {
        onSuccess: (updated) => {
          setLastBumped(ticket.id)
          announce(
            `Order #${String(ticket.id).padStart(4, '0')} bumped to ${orderStatusLabel(updated.status)}`,
          )
          focusTicket(nextSelection(ids, ticket.id))
        },
        onError: failed('Could not bump the order'),
      },
    )
  }

  const recallTicket = (ticket: Ticket) =>
    recall.mutate(ticket.id, {
      onSuccess: (updated) => {
        announce(
          `Order #${String(ticket.id).padStart(4, '0')} recalled to ${orderStatusLabel(updated.status)}`,
        )
        focusTicket(updated.id)
      },
      onError: failed('Could not recall the order'),
    })

  // The keyboard and the bump bar: arrows or 1-9 select, Enter or Space bump, R recalls, ? helps.
  const keys = useRef<(event: KeyboardEvent) => void>(() => {})
  keys.current = (event) => {
    if (event.defaultPrevented || dialogOpen || !data) return
    const action = consoleKeyAction(event, focusKind(event.target))
    if (!action) return
    event.preventDefault()
    switch (action.kind) {
      case 'move': {
        if (shown.length === 0) return
        const at = selected ? shown.indexOf(selected) : -1
        const next = shown[Math.min(shown.length - 1, Math.max(0, at + action.by))]
        focusTicket(next?.id, 'now')
        return
      }
      case 'pick': {
        const picked = shown[action.position - 1]
        if (picked) focusTicket(picked.id, 'now')
        return
      }
      case 'bump':
        // A cook's view of other stations is view only: the key does nothing there, as its buttons do.
        if (selected && !busy && !readOnly && !activeStation && nextStatusOf(selected)) bump(selected)
        return
      case 'recall': {
        if (busy) return
        const target = [...tickets, ...data.recent].find((t) => t.id === lastBumped)
        if (target?.recallUntil && Date.parse(target.recallUntil) > Date.now()) recallTicket(target)
        else toast({ title: 'Nothing to recall', description: 'Only the last bump can be taken back.' })
        return
      }
      case 'help':
        setKeysOpen(true)
        return
    }
  }
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keys.current(event)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  if (kitchen.isLoading) return <PageSpinner />
  if (closed !== undefined)
    return (
      <div className="mx-auto max-w-md px-6 py-24 text-center" data-testid="kitchen-closed">
        <h1 className="text-2xl font-bold">This kitchen is closed to you</h1>
        <p className="mt-2 text-muted-foreground">
          {closed}. Ask the owner or a manager if this is a mistake.
        </p>
        <Button asChild className="mt-6">
          <Link href="/">Back to Clearplate</Link>
        </Button>
      </div>
    )
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
            : "Only this restaurant's team can open its kitchen console."}
        </p>
        <Button asChild className="mt-6">
          <Link href="/">Back to Clearplate</Link>
        </Button>
      </div>
    )
  }

  const pausedUntil = data.pausedUntil && Date.parse(data.pausedUntil) > now ? data.pausedUntil : null

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="sr-only"
        data-testid="kitchen-announcer"
      >
        {announcement}
      </div>
      <header className="sticky top-0 z-10 flex flex-wrap items-center gap-3 border-b border-border bg-card px-4 py-3">
        {/* A phone gives the name and status the first row and the controls, together, the second. */}
        <div className="mr-auto min-w-0 basis-full sm:basis-auto">
          <Link
            href={`/partner/${restaurantId}`}
            className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Workspace
          </Link>
          <h1 className="truncate text-xl font-bold">{data.restaurantName}</h1>
          <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
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
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto" data-testid="kitchen-controls">
          {pausedUntil || !canRunPass ? null : (
            <Button size="lg" variant="outline" className="h-12" onClick={() => setPauseOpen(true)}>
              <PauseCircle aria-hidden="true" />
              Pause orders
            </Button>
          )}
          <Button size="lg" variant="outline" className="h-12" onClick={() => setSoldOutOpen(true)}>
            <Ban aria-hidden="true" />
            Sold out
            {soldOut.length > 0 ? (
              <span className="rounded bg-red-600 px-1.5 text-xs font-bold text-white">{soldOut.length}</span>
            ) : null}
          </Button>
          <div
            className={cn(
              'mr-auto flex h-12 items-center gap-2 rounded-lg border border-border px-3 text-sm font-medium sm:mr-0',
              !canRunPass && 'hidden',
            )}
          >
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
            aria-pressed={flashOn}
            aria-label={flashOn ? 'Flash on' : 'Flash off'}
            onClick={() => {
              writeFlash(!flashOn)
              setFlashOn(!flashOn)
            }}
          >
            {flashOn ? <Zap aria-hidden="true" /> : <ZapOff aria-hidden="true" />}
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
            className={cn('size-12', !canSettings && 'hidden')}
            aria-label="Kitchen settings"
            onClick={() => setSettingsOpen(true)}
          >
            <Settings aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="outline"
            // A phone has no keyboard to speak of: the keys stay a tablet's and a desk's.
            className="hidden size-12 md:inline-flex"
            aria-label="Keyboard shortcuts"
            aria-keyshortcuts="?"
            onClick={() => setKeysOpen(true)}
          >
            <Keyboard aria-hidden="true" />
          </Button>
        </div>
      </header>

      {pausedUntil ? (
        <div
          className="flex flex-wrap items-center gap-3 border-b border-amber-500 bg-amber-400 px-4 py-2 text-amber-950"
          data-testid="kitchen-paused"
        >
          <PauseCircle className="size-6 shrink-0" aria-hidden="true" />
          <p className="flex-1 text-lg font-bold">
            Paused: not taking orders until {formatClockTime(pausedUntil, data.timeZone)}
          </p>
          <Button
            size="lg"
            className="h-12"
            disabled={pause.isPending}
            onClick={() =>
              pause.mutate(null, {
                onSuccess: () => announce('Taking orders again'),
                onError: failed('Could not resume orders'),
              })
            }
          >
            <PlayCircle aria-hidden="true" />
            Resume now
          </Button>
        </div>
      ) : null}

      {stations.length > 0 ? (
        <nav aria-label="Stations" className="flex gap-2 overflow-x-auto border-b border-border px-4 py-2">
          {(isCook ? [...stations, undefined] : [undefined, ...stations]).map((s) => {
            const viewOnly = isCook && (s === undefined || !mine.includes(s))
            return (
              <Button
                key={s ?? 'expo'}
                size="lg"
                variant={activeStation === s ? 'default' : 'outline'}
                aria-pressed={activeStation === s}
                className="capitalize"
                onClick={() => chooseStation(s ?? (isCook ? ALL : undefined))}
              >
                {s ?? (isCook ? 'All' : 'Expo')}
                {viewOnly ? (
                  <span className="text-xs font-normal normal-case opacity-80">(view only)</span>
                ) : null}
              </Button>
            )
          })}
        </nav>
      ) : null}
      {readOnly ? (
        <p
          className="border-b border-border bg-muted px-4 py-2 text-sm text-muted-foreground"
          data-testid="read-only-notice"
        >
          View only: you bump tickets at{' '}
          {mine.length ? <span className="capitalize">{mine.join(', ')}</span> : 'your stations'}.
        </p>
      ) : null}

      <main className="flex flex-1 flex-col-reverse gap-4 p-4 md:flex-row">
        <section aria-label="Tickets" className="min-w-0 flex-1 outline-none" ref={railRef} tabIndex={-1}>
          {shown.length === 0 ? (
            <div className="flex h-64 items-center justify-center rounded-xl border border-dashed border-border text-lg text-muted-foreground">
              No open tickets. New orders appear here.
            </div>
          ) : (
            <ol className="flex flex-col gap-4 p-2 md:flex-row md:items-start md:overflow-x-auto md:pb-4">
              {shown.map((ticket, index) => (
                <li key={ticket.id} className="contents">
                  <TicketCard
                    ticket={ticket}
                    restaurantId={restaurantId}
                    now={now}
                    thresholds={data.settings}
                    timeZone={data.timeZone}
                    station={activeStation}
                    busy={busy}
                    readOnly={readOnly}
                    canCancel={canRunPass}
                    position={index < 9 ? index + 1 : undefined}
                    selected={ticket.id === selected?.id}
                    flash={flashing.has(ticket.id)}
                    onSelect={(t) => setSelectedId(t.id)}
                    cardRef={(element) => {
                      if (element) cards.current.set(ticket.id, element)
                      else cards.current.delete(ticket.id)
                    }}
                    actions={{
                      onBump: bump,
                      onRecall: recallTicket,
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
        <aside className={cn('flex w-full flex-col gap-4 md:w-64 md:shrink-0')}>
          <KitchenCameras restaurantId={restaurantId} restaurantName={data.restaurantName} />
          <SoldOutPanel dishes={data.dishes} />
          <AllDayPanel tickets={tickets} station={activeStation} />
          <RecentList recent={data.recent} now={now} busy={busy} onRecall={recallTicket} />
        </aside>
      </main>

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
                focusTicket(
                  nextSelection(
                    shown.map((t) => t.id),
                    result.order.id,
                  ),
                )
                announce(`Order #${String(result.order.id).padStart(4, '0')} cancelled`)
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
      <KeysDialog open={keysOpen} onOpenChange={setKeysOpen} />
      <PauseDialog
        open={pauseOpen}
        pending={pause.isPending}
        onOpenChange={setPauseOpen}
        onPause={(minutes) =>
          pause.mutate(minutes, {
            onSuccess: ({ pausedUntil: until }) => {
              setPauseOpen(false)
              if (until) announce(`Paused: ${pausedMessage(until, data.timeZone)}`)
            },
            onError: failed('Could not pause orders'),
          })
        }
      />
      <SoldOutDialog
        dishes={data.dishes}
        open={soldOutOpen}
        pending={dishAvailability.isPending || optionAvailability.isPending}
        onOpenChange={setSoldOutOpen}
        onDishChange={(dish, isAvailable) =>
          dishAvailability.mutate(
            { id: dish.id, isAvailable },
            {
              onSuccess: () => announce(`${dish.name} ${isAvailable ? 'back on the menu' : 'sold out'}`),
              onError: failed('Could not change the dish'),
            },
          )
        }
        onOptionsChange={({ ids, label }, isAvailable) =>
          optionAvailability.mutate(
            { ids, isAvailable },
            {
              onSuccess: () => announce(`${label} ${isAvailable ? 'back on the menu' : 'sold out'}`),
              onError: failed('Could not change the option'),
            },
          )
        }
      />
    </div>
  )
}
