import { hostOf, outboundAddressProblem } from '../infra/source-policy'

/**
 * The push services browsers subscribe with: Chrome and Edge on Android and desktop (Google's
 * FCM), Firefox (Mozilla's autopush), Edge and Chrome on Windows (Microsoft's WNS) and Safari
 * (Apple's). A host matches itself and its subdomains.
 */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const

const isKnownHost = (host: string) =>
  KNOWN_PUSH_HOSTS.some((known) => host === known || host.endsWith(`.${known}`))

/**
 * Why the server will not send to this endpoint, or undefined. Endpoints are user input the server
 * then connects to: only https endpoints of the known push services, unless the operator allows any
 * http(s) endpoint (PUSH_ANY_ENDPOINT); then the outbound address policy still refuses loopback and
 * private addresses unless OUTBOUND_PRIVATE_HOSTS allows them.
 */
export function pushEndpointProblem(
  endpoint: string,
  policy: { anyEndpoint: boolean; allowPrivateHosts: boolean },
): string | undefined {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'endpoint must be a URL'
  }
  if (url.username || url.password) return 'endpoint must not carry a user name or password'
  if (policy.anyEndpoint) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'endpoint must be an http(s) address'
    return outboundAddressProblem(endpoint, policy.allowPrivateHosts)
  }
  if (url.protocol !== 'https:') return 'endpoint must be an https address'
  if (url.port !== '' && url.port !== '443') return 'endpoint must use the push service’s standard port'
  if (!isKnownHost(hostOf(url)))
    return 'endpoint must be on a known push service (Google, Mozilla, Microsoft or Apple)'
  return undefined
}
