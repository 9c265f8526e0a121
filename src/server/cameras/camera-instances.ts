import { createHash } from 'node:crypto'

/**
 * Which instance holds a camera's encoder (and so its WebRTC viewers) when several run behind
 * one load balancer: every instance knows the same list (CAMERA_INSTANCES) and its own address
 * (INSTANCE_URL), and picks the camera's by rendezvous hashing, so they agree without talking to
 * each other and a camera moves only when the instance it was on leaves the list. The other
 * instances pass a viewer's WHEP request on to it (docs/decisions: one camera, one instance).
 */

/** The request header an instance marks a passed-on request with, so it is never passed on again. */
export const FORWARDED_HEADER = 'x-clearplate-camera-forwarded'

export function cameraOwner(cameraId: number, instances: string[]): string | undefined {
  let best: string | undefined
  let bestScore = ''
  for (const instance of instances) {
    const score = createHash('sha256').update(`${cameraId}|${instance}`).digest('hex')
    if (best === undefined || score > bestScore) {
      best = instance
      bestScore = score
    }
  }
  return best
}

/** The other instance to pass a camera's WHEP requests to, or undefined when it is this one's. */
export function forwardTarget(
  cameraId: number,
  config: { instanceUrl: string | undefined; instances: string[] },
): string | undefined {
  if (!config.instanceUrl || config.instances.length < 2) return undefined
  const owner = cameraOwner(cameraId, config.instances)
  return owner && owner !== config.instanceUrl ? owner : undefined
}
