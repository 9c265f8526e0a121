import type { ServerMessage } from '@shared/live-messages'
import type { ChefShout, UpsellOffer } from '@shared/schemas/chef'
import type { Order, Telemetry } from '@shared/schemas/orders'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { type LiveState, liveClient } from './live-client'
import { queryKeys } from './query-keys'
import { addReading, type TimedTelemetry } from './telemetry-history'

export type ChefTipMessage = Extract<ServerMessage, { type: 'chef_tip' }>

export type StatusMessage = Extract<ServerMessage, { type: 'status' }>

export interface LiveOrderHandlers {
  onUpsell?: (offer: UpsellOffer) => void
  /** The kitchen (or the diner elsewhere) cancelled the order. */
  onCancelled?: (message: StatusMessage) => void
  onChefTip?: (message: ChefTipMessage) => void
}

/** The order's newest reading and the last half-minute of them, by the time each was true. */
export interface Readings {
  telemetry: Telemetry | null
  history: TimedTelemetry[]
}

const NO_READINGS: Readings = { telemetry: null, history: [] }

/**
 * The readings of one order, kept outside React: a reading re-renders what shows it (the
 * overlay, through `useReadings`), not the page that joined the room. Kept from the moment the
 * room is joined, so the reading sent on joining is there for an overlay mounted later.
 */
export class ReadingsStore {
  private current: Readings = NO_READINGS
  private readonly listeners = new Set<() => void>()

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  get = (): Readings => this.current

  add(telemetry: Telemetry, at: number) {
    this.set({ telemetry, history: addReading(this.current.history, { at, data: telemetry }) })
  }

  clear() {
    if (this.current !== NO_READINGS) this.set(NO_READINGS)
  }

  private set(readings: Readings) {
    this.current = readings
    for (const listener of this.listeners) listener()
  }
}

/** The store's readings; re-renders the caller, and only it, on each new one. */
export function useReadings(store: ReadingsStore): Readings {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}

/**
 * Joins the order's live room: `status` messages are written into the order's query cache,
 * readings go to the returned store (read them with `useReadings`), chef shouts are written into
 * the shouts list, upsells and tips go to handlers.
 */
export function useLiveOrder(
  orderId: number | undefined,
  handlers: LiveOrderHandlers = {},
): { readings: ReadingsStore } {
  const queryClient = useQueryClient()
  const [readings] = useState(() => new ReadingsStore())
  const handlersRef = useRef(handlers)
  handlersRef.current = handlers

  useEffect(() => {
    if (!orderId) return
    readings.clear()
    return liveClient.subscribe(orderId, (message) => {
      switch (message.type) {
        case 'status': {
          const key = queryKeys.order(orderId)
          const before = queryClient.getQueryData<Order>(key)
          queryClient.setQueryData<Order>(key, (order) =>
            order
              ? {
                  ...order,
                  status: message.status,
                  progress: message.progress,
                  cancellation: message.cancellation ?? order.cancellation,
                }
              : order,
          )
          if (message.status === 'cancelled' && message.cancellation) {
            // The refund changed the wallet.
            void queryClient.invalidateQueries({ queryKey: ['wallet'] })
            handlersRef.current.onCancelled?.(message)
          }
          // A new status is a new step of the timeline: read it, and the estimates, again.
          if (before && before.status !== message.status)
            void queryClient.invalidateQueries({ queryKey: key })
          break
        }
        case 'telemetry':
          readings.add(
            message.data,
            (message.data.recordedAt && Date.parse(message.data.recordedAt)) || message.sentAt,
          )
          break
        case 'upsell':
          handlersRef.current.onUpsell?.({ upsellId: message.upsellId, menuItem: message.menuItem })
          break
        case 'chef_tip':
          handlersRef.current.onChefTip?.(message)
          break
        case 'chef_shout':
          queryClient.setQueryData<ChefShout[]>(queryKeys.chefShouts(orderId), (list) =>
            list ? upsertShout(list, message.shout) : list,
          )
          break
        case 'resync':
          // Messages may have been missed while the server was cut off: read again what they update.
          void queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) })
          void queryClient.invalidateQueries({ queryKey: queryKeys.chefShouts(orderId) })
          break
      }
    })
  }, [orderId, queryClient, readings])

  return { readings }
}

/** A new shout goes first (the list is newest first); a known one takes its new status. */
export function upsertShout(list: ChefShout[], shout: ChefShout): ChefShout[] {
  return list.some((s) => s.id === shout.id)
    ? list.map((s) => (s.id === shout.id ? { ...s, ...shout } : s))
    : [shout, ...list]
}

/** The live connection's state: connecting, open or closed. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(
    (listener) => liveClient.onState(listener),
    () => liveClient.state,
    // A page rendered ahead is about to connect.
    () => 'connecting' as const,
  )
}
