import { liveClient } from './live-client'

/**
 * The server reads the session cookie when the live connection opens, so after signing in or
 * out the connection is reopened; rooms joined meanwhile are re-joined on open.
 */
export function reconnectLive() {
  if (liveClient.state === 'closed') return
  const off = liveClient.onState((state) => {
    if (state !== 'closed') return
    off()
    liveClient.connect()
  })
  liveClient.close()
}
