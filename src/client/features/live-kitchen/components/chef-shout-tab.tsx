import { isCooking } from '@client/components/kitchen/order-stages'
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Spinner } from '@client/components/ui/spinner'
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@client/components/ui/tooltip'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage, hasCode } from '@client/lib/api-client'
import { cn, formatMoney, relativeTime } from '@client/lib/utils'
import { CHEF_SHOUTS, isActiveStatus, type ShoutType } from '@shared/constants'
import { ERROR_CODE } from '@shared/error-codes'
import { toCents, toDollars } from '@shared/money'
import { Megaphone } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { useChefShouts } from '../api/get-chef-shouts'
import { useSendChefShout } from '../api/send-chef-shout'
import type { WatchedOrder } from '../watched-order'

const STATUS_BADGE: Record<string, 'warning' | 'info' | 'success'> = {
  pending: 'warning',
  acknowledged: 'info',
  done: 'success',
}

function insufficientFunds() {
  toast({
    title: 'Insufficient Funds',
    description: 'Add more funds to your wallet to send this shout.',
    variant: 'destructive',
  })
}

export function ChefShoutTab({
  order,
  userId,
  balance,
  signInHref,
}: {
  order: WatchedOrder
  userId: number | undefined
  balance: number | undefined
  signInHref: string
}) {
  const [selected, setSelected] = useState<ShoutType | null>(null)
  const shouts = useChefShouts(order.id)
  const send = useSendChefShout(order.id, userId)
  const finished = !isActiveStatus(order.status)
  const started = order.cookingStarted
  // Shouts reach the chef only while the dish cooks: closed again from plating on.
  const available = !finished && isCooking(order)
  const balanceCents = balance === undefined ? undefined : toCents(balance)
  const option = CHEF_SHOUTS.find((s) => s.key === selected)

  const submit = () => {
    if (!option) return
    if (balanceCents !== undefined && balanceCents < option.priceCents) {
      insufficientFunds()
      return
    }
    send.mutateAsync(option.key).then(
      () => {
        toast({
          title: 'Chef Shout Sent!',
          description: `Your "${option.name}" instruction has been sent to the chef.`,
        })
        setSelected(null)
      },
      (error: unknown) => {
        if (hasCode(error, ERROR_CODE.insufficientFunds)) insufficientFunds()
        else
          toast({
            title: 'Failed to Send Shout',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          })
      },
    )
  }

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        Ask the chef for a little extra while your dish cooks. Shouts are paid from your wallet.
      </p>
      {finished ? (
        <p className="rounded-lg bg-muted/70 p-4 text-sm" data-testid="shout-unavailable">
          This order has left the kitchen, so chef shouts are closed.
        </p>
      ) : !available ? (
        <p className="rounded-lg bg-muted/70 p-4 text-sm" data-testid="shout-unavailable">
          {started
            ? 'Your dish is past the stove, so chef shouts are closed.'
            : 'Chef Shout will be available once cooking starts.'}
        </p>
      ) : !userId ? (
        <p className="rounded-lg bg-muted/70 p-4 text-sm">
          <Link href={signInHref} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>{' '}
          to send chef shouts from your wallet.
        </p>
      ) : (
        <>
          <TooltipProvider>
            <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <legend className="sr-only">Chef shouts</legend>
              {CHEF_SHOUTS.map((shout) => {
                const tooPoor = balanceCents !== undefined && balanceCents < shout.priceCents
                const button = (
                  <button
                    key={shout.key}
                    type="button"
                    aria-pressed={selected === shout.key}
                    aria-disabled={tooPoor || undefined}
                    onClick={() => {
                      if (!tooPoor) setSelected(shout.key)
                    }}
                    className={cn(
                      'flex w-full items-center justify-between gap-3 rounded-lg border p-3 text-left text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                      selected === shout.key
                        ? 'border-primary bg-accent text-accent-foreground'
                        : 'hover:bg-muted',
                      tooPoor && 'cursor-not-allowed opacity-50 hover:bg-transparent',
                    )}
                  >
                    <span className="grid gap-0.5">
                      <span>{shout.name}</span>
                      {/* Said on the button too: a touch screen shows no tooltip. */}
                      {tooPoor ? (
                        <span className="text-xs font-normal text-muted-foreground">Not enough funds</span>
                      ) : null}
                    </span>
                    <span className="tabular-nums">{formatMoney(toDollars(shout.priceCents))}</span>
                  </button>
                )
                return tooPoor ? (
                  <Tooltip key={shout.key}>
                    <TooltipTrigger asChild>{button}</TooltipTrigger>
                    <TooltipContent>Not enough funds</TooltipContent>
                  </Tooltip>
                ) : (
                  <div key={shout.key}>{button}</div>
                )
              })}
            </fieldset>
          </TooltipProvider>
          <Button onClick={submit} disabled={!option || send.isPending} className="justify-self-start">
            {send.isPending ? (
              <Spinner className="size-4 text-current" label="Sending" />
            ) : (
              <Megaphone aria-hidden="true" />
            )}
            {option
              ? `Send "${option.name}" for ${formatMoney(toDollars(option.priceCents))}`
              : 'Choose a shout'}
          </Button>
        </>
      )}
      <section aria-labelledby="shouts-sent" className="grid gap-2">
        <h3 id="shouts-sent" className="text-sm font-semibold">
          Shouts sent
        </h3>
        {shouts.data && shouts.data.length > 0 ? (
          <ul className="grid gap-2" data-testid="shout-list">
            {shouts.data.map((shout) => (
              <li
                key={shout.id}
                className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2 text-sm"
              >
                <span className="font-medium">{shout.shoutName}</span>
                <span className="flex items-center gap-2">
                  <span className="text-xs text-muted-foreground">{relativeTime(shout.createdAt)}</span>
                  <Badge variant={STATUS_BADGE[shout.status] ?? 'secondary'} className="capitalize">
                    {shout.status}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{shouts.isLoading ? 'Loading…' : 'No shouts yet.'}</p>
        )}
      </section>
    </div>
  )
}
