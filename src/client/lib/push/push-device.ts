import type { PushDevice } from '@shared/schemas/push'
import { api, apiRequest } from '../api-client'

/**
 * This browser and Web Push: whether it can, whether the diner allowed it, and its subscription,
 * kept on the server under the signed-in diner (POST/DELETE /api/users/{id}/push-subscriptions).
 */
export type PushDeviceState =
  /** No service worker or Push API (an old browser; Safari on iOS outside the home screen). */
  | 'unsupported'
  /** The diner blocked notifications for this site: only the browser's settings can undo it. */
  | 'denied'
  /** Allowed or not asked yet, and not subscribed. */
  | 'off'
  | 'on'

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

/** A running service worker's registration, or undefined when none registers within `ms`. */
async function registration(ms = 10_000): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms)),
  ])
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration(3_000)
  return (await reg?.pushManager.getSubscription()) ?? null
}

export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  if (Notification.permission !== 'granted') return 'off'
  return (await currentSubscription()) ? 'on' : 'off'
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

const saveOnServer = (userId: number, subscription: PushSubscription) =>
  api.post<PushDevice>(`/api/users/${userId}/push-subscriptions`, subscription.toJSON())

/**
 * Asks for permission (the browser's prompt: call it from a click), subscribes this browser with
 * the server's key and saves the subscription for the diner. Answers the state reached.
 */
export async function turnOnPush(userId: number): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off'
  const reg = await registration()
  if (!reg) throw new Error('The app is still starting: try again in a moment')
  const { publicKey } = await api.get<{ publicKey: string }>('/api/push/public-key')
  let subscription = await reg.pushManager.getSubscription()
  // A subscription made with another key (the server's keys changed) cannot be pushed to.
  const key = subscription?.options.applicationServerKey
  if (subscription && key && !sameBytes(new Uint8Array(key), keyBytes(publicKey))) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  })
  await saveOnServer(userId, subscription)
  return 'on'
}

/** Stops pushes to this browser: off the server, then unsubscribed. */
export async function turnOffPush(userId: number): Promise<PushDeviceState> {
  const subscription = await currentSubscription()
  if (subscription) {
    await apiRequest('DELETE', `/api/users/${userId}/push-subscriptions`, {
      endpoint: subscription.endpoint,
    }).catch(() => undefined)
    await subscription.unsubscribe()
  }
  return pushDeviceState()
}

/**
 * On start, for a signed-in diner whose browser is subscribed: saves the subscription again, so
 * it follows whoever is signed in on this browser and a renewed endpoint reaches the server.
 */
export async function resaveSubscription(userId: number): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return
  const subscription = await currentSubscription()
  if (subscription) await saveOnServer(userId, subscription).catch(() => undefined)
}

/**
 * Before signing out: the server stops pushing this diner's orders to this browser. The browser
 * keeps its subscription; whoever signs in next saves it under their name.
 */
export async function forgetDeviceOnServer(userId: number): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return
  const subscription = await currentSubscription()
  if (!subscription) return
  await apiRequest('DELETE', `/api/users/${userId}/push-subscriptions`, {
    endpoint: subscription.endpoint,
  }).catch(() => undefined)
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

const PROMPT_KEY = 'clearplate-push-prompt'

/** The diner said "Not now" to the prompt after an order: it does not come back on this browser. */
export function promptDismissed(): boolean {
  try {
    return localStorage.getItem(PROMPT_KEY) === 'dismissed'
  } catch {
    return false
  }
}
export function dismissPrompt(): void {
  try {
    localStorage.setItem(PROMPT_KEY, 'dismissed')
  } catch {}
}
