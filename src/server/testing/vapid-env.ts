import webpush from 'web-push'

let keys: { publicKey: string; privateKey: string } | undefined

/** The push variables every instance on one PostgreSQL database needs, the same for all of a run's instances. */
export function vapidEnv(): Record<string, string> {
  keys ??= webpush.generateVAPIDKeys()
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:operator@clearplate.example',
  }
}
