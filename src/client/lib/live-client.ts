import { LIVE_RECONNECT_CHECK_MS } from '@shared/constants'
import type { ClientMessage, ServerMessage } from '@shared/live-messages'

export type LiveState = 'connecting' | 'open' | 'closed'
type Handler = (message: ServerMessage) => void

/**
 * One WebSocket to /ws for the whole page. Order rooms are reference-counted: the first
 * `subscribe(orderId)` sends {type:"subscribe"}, and every room is re-joined after a reconnect.
 * A check every 5 seconds reopens a closed connection while a room or a `retain` needs it.
 */
export class LiveClient {
  state: LiveState = 'closed'
  private socket: WebSocket | undefined
  private readonly rooms = new Map<number, Set<Handler>>()
  /** Kitchen consoles, per restaurant: their messages carry `restaurantId`. */
  private readonly kitchens = new Map<number, Set<Handler>>()
  /** Restaurants' public pages: dishes sold out and back, the kitchen's pause. */
  private readonly pages = new Map<number, Set<Handler>>()
  private readonly stateListeners = new Set<(state: LiveState) => void>()
  private readonly globalHandlers = new Set<Handler>()
  private timer: ReturnType<typeof setInterval> | undefined
  /** Holders that want the connection open without watching an order (a signed-in diner's wallet). */
  private retained = 0

  constructor(private readonly url: () => string) {}

  private setState(state: LiveState) {
    this.state = state
    for (const listener of this.stateListeners) listener(state)
  }

  connect() {
    if (this.socket && this.state !== 'closed') return
    this.timer ??= setInterval(() => {
      if (
        this.state === 'closed' &&
        (this.rooms.size > 0 || this.kitchens.size > 0 || this.pages.size > 0 || this.retained > 0)
      )
        this.connect()
    }, LIVE_RECONNECT_CHECK_MS)
    this.setState('connecting')
    let socket: WebSocket
    try {
      socket = new WebSocket(this.url())
    } catch (error) {
      console.error('Live connection failed', error)
      this.setState('closed')
      return
    }
    this.socket = socket
    socket.onopen = () => {
      this.setState('open')
      for (const orderId of this.rooms.keys()) this.send({ type: 'subscribe', orderId })
      for (const restaurantId of this.kitchens.keys()) this.send({ type: 'subscribe_kitchen', restaurantId })
      for (const restaurantId of this.pages.keys()) this.send({ type: 'subscribe_restaurant', restaurantId })
    }
    socket.onmessage = (event) => {
      let message: ServerMessage
      try {
        message = JSON.parse(String(event.data)) as ServerMessage
      } catch (error) {
        console.error('Could not parse live message', error)
        return
      }
      for (const handler of this.globalHandlers) handler(message)
      if ('restaurantId' in message && message.restaurantId !== undefined) {
        for (const handler of this.kitchens.get(message.restaurantId) ?? []) handler(message)
        for (const handler of this.pages.get(message.restaurantId) ?? []) handler(message)
        return
      }
      const orderId = 'orderId' in message ? message.orderId : undefined
      if (orderId !== undefined) for (const handler of this.rooms.get(orderId) ?? []) handler(message)
    }
    socket.onerror = () => {
      console.error('Live connection error')
    }
    socket.onclose = () => {
      if (this.socket === socket) {
        this.socket = undefined
        this.setState('closed')
      }
    }
  }

  /** Sends when open; otherwise only logs, as the spec says. */
  send(message: ClientMessage): boolean {
    if (!this.socket || this.state !== 'open') {
      console.error('Live connection is not open; message not sent', message.type)
      return false
    }
    this.socket.send(JSON.stringify(message))
    return true
  }

  subscribe(orderId: number, handler: Handler): () => void {
    let handlers = this.rooms.get(orderId)
    if (!handlers) {
      handlers = new Set()
      this.rooms.set(orderId, handlers)
      if (this.state === 'open') this.send({ type: 'subscribe', orderId })
    }
    handlers.add(handler)
    this.connect()
    return () => {
      const set = this.rooms.get(orderId)
      if (!set) return
      set.delete(handler)
      if (set.size === 0) {
        this.rooms.delete(orderId)
        if (this.state === 'open') this.send({ type: 'unsubscribe', orderId })
      }
    }
  }

  /** Keeps the connection open (and reopened) until the returned function is called. */
  retain(): () => void {
    this.retained++
    this.connect()
    let released = false
    return () => {
      if (released) return
      released = true
      this.retained--
    }
  }

  /** The kitchen console of a restaurant the signed-in user owns; re-joined after a reconnect. */
  subscribeKitchen(restaurantId: number, handler: Handler): () => void {
    let handlers = this.kitchens.get(restaurantId)
    if (!handlers) {
      handlers = new Set()
      this.kitchens.set(restaurantId, handlers)
      if (this.state === 'open') this.send({ type: 'subscribe_kitchen', restaurantId })
    }
    handlers.add(handler)
    this.connect()
    return () => {
      const set = this.kitchens.get(restaurantId)
      if (!set) return
      set.delete(handler)
      if (set.size === 0) {
        this.kitchens.delete(restaurantId)
        if (this.state === 'open') this.send({ type: 'unsubscribe_kitchen', restaurantId })
      }
    }
  }

  /** A restaurant's public page: its dishes' availability and the kitchen's pause; re-joined after a reconnect. */
  subscribeRestaurant(restaurantId: number, handler: Handler): () => void {
    let handlers = this.pages.get(restaurantId)
    if (!handlers) {
      handlers = new Set()
      this.pages.set(restaurantId, handlers)
      if (this.state === 'open') this.send({ type: 'subscribe_restaurant', restaurantId })
    }
    handlers.add(handler)
    this.connect()
    return () => {
      const set = this.pages.get(restaurantId)
      if (!set) return
      set.delete(handler)
      if (set.size === 0) {
        this.pages.delete(restaurantId)
        if (this.state === 'open') this.send({ type: 'unsubscribe_restaurant', restaurantId })
      }
    }
  }

  /** Every message, whatever its room (for errors and page-wide notices). */
  onMessage(handler: Handler): () => void {
    this.globalHandlers.add(handler)
    return () => this.globalHandlers.delete(handler)
  }

  onState(listener: (state: LiveState) => void): () => void {
    this.stateListeners.add(listener)
    return () => this.stateListeners.delete(listener)
  }

  close() {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    this.socket?.close()
  }
}

export const liveClient = new LiveClient(() => {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${protocol}//${location.host}/ws`
})
