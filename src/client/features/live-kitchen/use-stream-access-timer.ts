import { toast } from '@client/components/ui/use-toast'
import { currentUserQuery } from '@client/lib/session'
import {
  getStreamGrant,
  removeStreamGrant,
  requestStreamAccess,
  type StreamGrant,
} from '@client/lib/stream-access'
import { useRenderedAhead } from '@client/lib/use-rendered-ahead'
import { STREAM_ACCESS_MS, STREAM_ACCESS_WARNING_MS, STREAM_EXPIRY_REDIRECT_MS } from '@shared/constants'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'

export type StreamAccessState =
  | { status: 'checking' }
  | { status: 'denied' }
  | { status: 'active'; expiresAt: number }
  | { status: 'expired' }

const TICK_MS = 1000

/**
 * A grant stored in this tab is watched from the first render, so the page shows at once. The
 * server renders the page as watched with a whole grant: it cannot see the tab's grant. The
 * browser takes that markup over as it is, then checks the grant.
 */
function aheadState(orderId: number): StreamAccessState {
  const grant = typeof window === 'undefined' ? undefined : getStreamGrant(orderId)
  return { status: 'active', expiresAt: grant?.expiresAt ?? Date.now() + STREAM_ACCESS_MS }
}

function initialState(orderId: number): StreamAccessState {
  if (typeof window === 'undefined') return aheadState(orderId)
  const grant = getStreamGrant(orderId)
  return grant && grant.expiresAt > Date.now()
    ? { status: 'active', expiresAt: grant.expiresAt }
    : { status: 'checking' }
}

/**
 * Guards the stream page with the grant stored for this order. Without one, a signed-in diner
 * asks the server (an order link opened in a new tab has no grant in that tab yet); anyone else,
 * or a refused request, is sent home with "Access denied". A toast warns when one minute is left;
 * on expiry the grant is removed and the visitor goes home after 3 seconds. Time is checked every
 * second against the clock, so a sleeping tab still expires on time. Once the order is finished
 * (delivered or cancelled) nothing is streamed any more, so the timer stops: no warning, no
 * expiry, no trip home.
 */
export function useStreamAccessTimer(
  orderId: number,
  options: { finished?: boolean } = {},
): StreamAccessState {
  const finished = options.finished === true
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<StreamAccessState>(() => initialState(orderId))
  const ahead = useRenderedAhead()

  useEffect(() => {
    let cancelled = false
    let interval: ReturnType<typeof setInterval> | undefined
    let redirect: ReturnType<typeof setTimeout> | undefined

    const deny = () => {
      setState({ status: 'denied' })
      toast({
        title: 'Access denied',
        description: 'Please enter your order number to access the stream.',
        variant: 'destructive',
      })
      navigate('/', { replace: true })
    }

    const watch = (grant: StreamGrant) => {
      setState({ status: 'active', expiresAt: grant.expiresAt })
      if (finished) return
      let warned = false
      const check = () => {
        const remaining = grant.expiresAt - Date.now()
        if (remaining <= 0) {
          clearInterval(interval)
          removeStreamGrant(orderId)
          setState({ status: 'expired' })
          toast({
            title: 'Stream access expired',
            description: 'Your 20-minute stream access period has ended.',
            variant: 'destructive',
          })
          redirect = setTimeout(() => navigate('/'), STREAM_EXPIRY_REDIRECT_MS)
          return
        }
        if (!warned && remaining <= STREAM_ACCESS_WARNING_MS) {
          warned = true
          toast({
            title: 'Stream access ending soon',
            description: 'You have 1 minute of viewing time remaining.',
          })
        }
      }
      interval = setInterval(check, TICK_MS)
      check()
    }

    const stored = getStreamGrant(orderId)
    if (stored) watch(stored)
    else
      queryClient
        .fetchQuery(currentUserQuery)
        .then((user) => (user ? requestStreamAccess(orderId) : undefined))
        .catch(() => undefined)
        .then((grant) => {
          if (cancelled) return
          if (grant) watch(grant)
          else deny()
        })

    return () => {
      cancelled = true
      clearInterval(interval)
      if (redirect) clearTimeout(redirect)
    }
  }, [orderId, finished, navigate, queryClient])

  return ahead ? aheadState(orderId) : state
}
