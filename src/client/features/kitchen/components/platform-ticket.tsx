import { Button } from '@client/components/ui/button'
import { cn } from '@client/lib/utils'
import { orderSourceLabel } from '@shared/constants'
import type { Ticket } from '@shared/schemas/kitchen'
import { Check, QrCode, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useAnswerPlatformOrder } from '../api/answer-platform-order'

const PLATFORM_STYLES: Record<string, string> = {
  ubereats: 'bg-black text-white dark:bg-white dark:text-black',
  doordash: 'bg-[#eb1700] text-white',
  grubhub: 'bg-[#f63440] text-white',
  postmates: 'bg-black text-white dark:bg-white dark:text-black',
  seamless: 'bg-[#1f8ded] text-white',
}

/** The delivery platform an order came from, in its colours, with the platform's order number. */
export function PlatformBadge({ ticket }: { ticket: Ticket }) {
  const platform = ticket.platform
  if (!platform) return null
  return (
    <span
      data-testid="platform-badge"
      className={cn(
        'inline-block rounded-md px-2 py-0.5 font-semibold',
        PLATFORM_STYLES[platform.platform] ?? 'bg-slate-800 text-white',
      )}
    >
      {orderSourceLabel(platform.platform)}
      {platform.displayId ? ` · ${platform.displayId}` : ''}
    </span>
  )
}

/**
 * After the kitchen cancelled a platform's order: whether the platform knows. A refusal is an
 * alert: the platform still expects the order, so it must be cancelled on the platform's tablet.
 */
export function PlatformCancelNotice({ ticket }: { ticket: Ticket }) {
  const told = ticket.platform?.cancelOnPlatform
  if (!told || ticket.status !== 'cancelled') return null
  const label = orderSourceLabel(ticket.platform!.platform)
  if (told.state === 'refused')
    return (
      <p
        role="alert"
        data-testid="platform-cancel"
        data-state="refused"
        className="mt-1 rounded bg-red-600 px-2 py-1 text-sm font-semibold text-white"
      >
        {label} refused the cancel ({told.message}): cancel it on the {label} tablet too.
      </p>
    )
  return (
    <p className="text-sm text-muted-foreground" data-testid="platform-cancel" data-state={told.state}>
      {told.state === 'told'
        ? `${label} was told`
        : `Telling ${label}…${told.message ? ` (retrying after ${told.message})` : ''}`}
    </p>
  )
}

/** "4:05": minutes and seconds left, never below zero. */
export function countdown(acceptBy: string, now: number): string {
  const left = Math.max(0, Math.ceil((Date.parse(acceptBy) - now) / 1000))
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`
}

/**
 * A platform order's part of the ticket: the customer's notes, lines the menu does not know,
 * accept or deny with the platform's countdown while it waits, and the watch link's QR code
 * to print and put in the bag once accepted.
 */
export function PlatformPanel({
  ticket,
  restaurantId,
  now,
}: {
  ticket: Ticket
  restaurantId: number
  now: number
}) {
  const platform = ticket.platform
  const answer = useAnswerPlatformOrder(restaurantId)
  const [denying, setDenying] = useState(false)
  const [reason, setReason] = useState('')
  if (!platform) return null
  const unmatched = platform.unmatchedLines.map((i) => ticket.items[i]?.name).filter(Boolean)
  const waiting = ticket.status === 'received' && platform.acceptBy !== null
  const urgent = waiting && Date.parse(platform.acceptBy!) - now < 60_000

  return (
    <div className="space-y-2 border-t border-border px-4 py-3" data-testid="platform-panel">
      {platform.notes ? (
        <p className="whitespace-pre-line text-sm">
          <span className="font-semibold">Notes: </span>
          {platform.notes}
        </p>
      ) : null}
      {unmatched.length > 0 ? (
        <p className="rounded bg-amber-100 px-2 py-1 text-sm font-medium text-amber-950 dark:bg-amber-900/60 dark:text-amber-50">
          Not on the menu: {unmatched.join(', ')}
        </p>
      ) : null}
      {waiting ? (
        <div className="space-y-2">
          <p className={cn('text-center text-base font-semibold', urgent && 'text-destructive')}>
            Accept within{' '}
            <span className="font-mono tabular-nums" data-testid="accept-countdown">
              {countdown(platform.acceptBy!, now)}
            </span>
          </p>
          {answer.error ? (
            <p role="alert" className="text-sm text-destructive">
              {answer.error.message}
            </p>
          ) : null}
          {denying ? (
            <form
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault()
                if (reason.trim()) answer.mutate({ orderId: ticket.id, accept: false, reason: reason.trim() })
              }}
            >
              <label className="block text-sm font-medium" htmlFor={`deny-${ticket.id}`}>
                Why can’t you make it?
              </label>
              <input
                id={`deny-${ticket.id}`}
                className="h-11 w-full rounded-md border border-input bg-background px-3 text-base"
                value={reason}
                maxLength={200}
                placeholder="Out of brisket, kitchen closing…"
                onChange={(e) => setReason(e.target.value)}
              />
              <div className="flex gap-2">
                <Button
                  type="button"
                  size="lg"
                  variant="ghost"
                  className="flex-1"
                  onClick={() => setDenying(false)}
                >
                  Back
                </Button>
                <Button
                  type="submit"
                  size="lg"
                  variant="destructive"
                  className="flex-1"
                  disabled={answer.isPending || !reason.trim()}
                >
                  Deny order
                </Button>
              </div>
            </form>
          ) : (
            <div className="flex gap-2">
              <Button
                size="lg"
                className="h-14 flex-[2] text-lg"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ orderId: ticket.id, accept: true })}
              >
                <Check aria-hidden="true" />
                Accept
              </Button>
              <Button
                size="lg"
                variant="outline"
                className="h-14 flex-1 text-destructive"
                disabled={answer.isPending}
                onClick={() => setDenying(true)}
              >
                <X aria-hidden="true" />
                Deny
              </Button>
            </div>
          )}
        </div>
      ) : null}
      {platform.watchUrl && ticket.status !== 'cancelled' ? <WatchQr path={platform.watchUrl} /> : null}
    </div>
  )
}

/** The watch link as a QR code (drawn in the browser), to print and put in the bag. */
function WatchQr({ path }: { path: string }) {
  const [image, setImage] = useState<string>()
  const url = `${window.location.origin}${path}`
  useEffect(() => {
    let live = true
    void import('qrcode').then((qr) =>
      qr.toDataURL(url, { margin: 1, width: 320, errorCorrectionLevel: 'M' }).then((data) => {
        if (live) setImage(data)
      }),
    )
    return () => {
      live = false
    }
  }, [url])
  return (
    <details className="rounded-md border border-border">
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium">
        <QrCode className="size-4" aria-hidden="true" />
        Watch link for the bag
      </summary>
      <div className="flex flex-col items-center gap-1 p-3">
        {image ? (
          <img
            src={image}
            alt="QR code of the order's watch link"
            data-testid="watch-qr"
            className="size-40 rounded bg-white p-1"
          />
        ) : null}
        <a
          href={path}
          target="_blank"
          rel="noreferrer"
          className="break-all text-xs text-muted-foreground underline"
        >
          {url}
        </a>
      </div>
    </details>
  )
}
