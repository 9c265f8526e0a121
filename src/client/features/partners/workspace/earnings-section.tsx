import { Alert } from '@client/components/ui/alert'
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Skeleton } from '@client/components/ui/skeleton'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { ApiError, errorMessage } from '@client/lib/api-client'
import { cn, formatMoney } from '@client/lib/utils'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  EARNING_KINDS,
  type EarningLine,
  type EarningLineKind,
  type Earnings,
  linkPayoutAccountSchema,
  PAYOUT_MIN_CENTS,
  type Payout,
} from '@shared/schemas/earnings'
import { ArrowDownToLine, Banknote, Download, Landmark } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  earningsCsvHref,
  useEarnings,
  useLinkPayoutAccount,
  usePayoutAccount,
  usePayouts,
  useRequestPayout,
} from '../api/earnings'
import {
  apiRange,
  type DayRange,
  EARNINGS_PRESETS,
  type EarningsPreset,
  KIND_LABELS,
  lineTime,
  PAYOUT_STATUS_LABELS,
  pendingPayouts,
  presetDays,
  twoWeeksRange,
  weekAgainstWeek,
  weekChange,
} from './earnings-format'
import { RangePicker } from './range-picker'

const PAYOUT_MIN = PAYOUT_MIN_CENTS / 100

/**
 * The workspace's Earnings: what the restaurant has earned and may take out, the statement of a
 * range (every order, add-on, tip, shout, refund and payout, with the commission beside it), its
 * CSV, and payouts.
 */
export function EarningsSection({ restaurantId }: { restaurantId: number }) {
  const now = useMemo(() => new Date(), [])
  const weeks = useEarnings(
    restaurantId,
    useMemo(() => twoWeeksRange(now), [now]),
  )
  const payouts = usePayouts(restaurantId)
  const account = usePayoutAccount(restaurantId)

  return (
    <div className="grid min-w-0 gap-5 [&>*]:min-w-0" data-testid="earnings">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 [&>:first-child]:col-span-2 sm:[&>:first-child]:col-span-1">
        <Balance
          restaurantId={restaurantId}
          earnings={weeks.data}
          needsAccount={account.data?.provider === 'stripe' && !account.data.stripeAccountId}
        />
        <Figure
          label="On its way"
          value={payouts.data ? formatMoney(pendingPayouts(payouts.data)) : undefined}
          note="Payouts sent, not yet confirmed"
          testId="earnings-pending"
        />
        <ThisWeek earnings={weeks.data} now={now} />
      </div>
      {weeks.isError && !weeks.data ? (
        <Alert variant="danger" role="alert">
          <p>We could not load your earnings: {errorMessage(weeks.error, 'please refresh the page')}.</p>
        </Alert>
      ) : null}
      {account.data?.provider === 'stripe' ? (
        <PayoutAccountCard restaurantId={restaurantId} linked={account.data.stripeAccountId} />
      ) : null}
      <Statement restaurantId={restaurantId} now={now} />
      <PayoutHistory payouts={payouts.data} loading={payouts.isLoading} />
    </div>
  )
}

function Figure({
  label,
  value,
  note,
  testId,
  children,
}: {
  label: string
  value: string | undefined
  note?: string
  testId?: string
  children?: React.ReactNode
}) {
  return (
    <Card className="grid content-start gap-1 p-5">
      <p className="text-sm text-muted-foreground">{label}</p>
      {value === undefined ? (
        <Skeleton className="h-9 w-28" />
      ) : (
        <p className="text-3xl font-extrabold tabular-nums tracking-tight" data-testid={testId}>
          {value}
        </p>
      )}
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      {children}
    </Card>
  )
}

function ThisWeek({ earnings, now }: { earnings: Earnings | undefined; now: Date }) {
  const weeks = earnings ? weekAgainstWeek(earnings.lines, now) : undefined
  return (
    <Figure
      label="Earned this week"
      value={weeks ? formatMoney(weeks.thisWeek) : undefined}
      testId="earnings-this-week"
      note={
        weeks
          ? `${weekChange(weeks.thisWeek, weeks.lastWeek, formatMoney)} (${formatMoney(weeks.lastWeek)})`
          : undefined
      }
    />
  )
}

function Balance({
  restaurantId,
  earnings,
  needsAccount,
}: {
  restaurantId: number
  earnings: Earnings | undefined
  needsAccount: boolean
}) {
  const [confirming, setConfirming] = useState(false)
  const payout = useRequestPayout(restaurantId)
  const available = earnings?.available
  const tooLittle = available !== undefined && available < PAYOUT_MIN
  const send = async () => {
    if (available === undefined) return
    try {
      const result = await payout.mutateAsync(available)
      setConfirming(false)
      if (result.status === 'failed')
        toast({
          title: 'Payout failed',
          description: `${result.failureReason ?? 'The transfer failed'}. ${formatMoney(result.amount)} is back in your balance.`,
          variant: 'destructive',
        })
      else
        toast({
          title: result.status === 'paid' ? 'Payout sent' : 'Payout on its way',
          description: `${formatMoney(result.amount)} is on its way to your account.`,
        })
    } catch (err) {
      setConfirming(false)
      toast({
        title: 'No payout',
        description: errorMessage(err, 'The payout could not be made. Please try again.'),
        variant: 'destructive',
      })
    }
  }
  return (
    <Figure
      label="Available for payout"
      value={available === undefined ? undefined : formatMoney(available)}
      testId="earnings-available"
    >
      <Button
        className="mt-2 justify-self-start"
        onClick={() => setConfirming(true)}
        disabled={available === undefined || tooLittle || needsAccount || payout.isPending}
      >
        {payout.isPending ? (
          <Spinner className="size-4 text-current" label="Paying out" />
        ) : (
          <ArrowDownToLine aria-hidden="true" />
        )}
        {payout.isPending ? 'Paying out…' : 'Pay out'}
      </Button>
      <p className="text-xs text-muted-foreground">
        {needsAccount
          ? 'Link your Stripe account below to be paid out.'
          : `Payouts start at ${formatMoney(PAYOUT_MIN)}.`}
      </p>
      <Dialog open={confirming} onOpenChange={(next) => !payout.isPending && setConfirming(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Pay out {available === undefined ? '' : formatMoney(available)}?</DialogTitle>
            <DialogDescription>
              Your whole available balance goes to your account. Orders after this start a new balance.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={payout.isPending}>
              Not now
            </Button>
            <Button onClick={send} disabled={payout.isPending}>
              {payout.isPending ? <Spinner className="size-4 text-current" label="Paying out" /> : null}
              Pay out {available === undefined ? '' : formatMoney(available)}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Figure>
  )
}

const accountForm = z.object({ stripeAccountId: linkPayoutAccountSchema.shape.stripeAccountId.unwrap() })

function PayoutAccountCard({ restaurantId, linked }: { restaurantId: number; linked: string | null }) {
  const id = useId()
  const link = useLinkPayoutAccount(restaurantId)
  const form = useForm<{ stripeAccountId: string }>({
    resolver: zodResolver(accountForm),
    defaultValues: { stripeAccountId: '' },
  })
  const error = form.formState.errors.stripeAccountId?.message
  const submit = form.handleSubmit(async ({ stripeAccountId }) => {
    try {
      await link.mutateAsync(stripeAccountId)
      form.reset()
      toast({ title: 'Payout account linked', description: `Payouts go to ${stripeAccountId}.` })
    } catch (err) {
      form.setError('stripeAccountId', {
        message:
          (err instanceof ApiError && err.fieldErrors?.stripeAccountId) ||
          errorMessage(err, 'The account could not be linked.'),
      })
    }
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Landmark className="size-4" aria-hidden="true" />
          Payout account
        </CardTitle>
        <CardDescription>
          {linked ? (
            <>
              Payouts go to your Stripe account <span className="font-mono">{linked}</span>.
            </>
          ) : (
            'Payouts are sent through Stripe Connect to your connected account.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-wrap items-start gap-2" noValidate>
          <Field
            id={`${id}-acct`}
            label={linked ? 'Another Stripe account id' : 'Stripe account id'}
            error={error}
            className="min-w-0 flex-1 basis-60"
          >
            <Input
              {...fieldProps(`${id}-acct`, error)}
              {...form.register('stripeAccountId')}
              placeholder="acct_1A2b3C4d5E"
              className="font-mono"
            />
          </Field>
          <Button type="submit" className="mt-6" disabled={link.isPending}>
            {linked ? 'Change' : 'Link account'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

function Statement({ restaurantId, now }: { restaurantId: number; now: Date }) {
  const [preset, setPreset] = useState<EarningsPreset | 'custom'>('week')
  const [custom, setCustom] = useState<DayRange>(() => presetDays('30d', now))
  const days = preset === 'custom' ? custom : presetDays(preset, now)
  const { from, to } = days
  const range = useMemo(() => apiRange({ from, to }), [from, to])
  const earnings = useEarnings(restaurantId, range)
  const [kind, setKind] = useState<EarningLineKind | 'all'>('all')
  const lines = earnings.data?.lines.filter((l) => kind === 'all' || l.kind === kind) ?? []

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle className="text-base">Statement</CardTitle>
            <CardDescription>
              Clearplate keeps {earnings.data?.commissionPercent ?? '…'}% of food (orders and add-ons); tips
              and chef shouts are yours in full; the delivery fee is Clearplate's.
            </CardDescription>
          </div>
          <Button asChild variant="outline" size="sm">
            <a href={earningsCsvHref(restaurantId, range)} download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        </div>
        <RangePicker
          presets={EARNINGS_PRESETS}
          preset={preset}
          onPreset={setPreset}
          range={days}
          onRange={(next) => {
            setCustom(next)
            setPreset('custom')
          }}
        />
      </CardHeader>
      <CardContent className="grid gap-4">
        <Totals earnings={earnings.data} kind={kind} onKind={setKind} />
        {earnings.isError && !earnings.data ? (
          <p className="text-sm text-destructive" role="alert">
            {errorMessage(earnings.error, 'We could not load the statement.')}
          </p>
        ) : !earnings.data ? (
          <div className="grid gap-2" role="status" aria-label="Loading the statement">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : lines.length === 0 ? (
          <p className="rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground">
            {kind === 'all'
              ? 'Nothing in this range yet. Orders, tips and chef shouts show here as diners pay.'
              : `No ${KIND_LABELS[kind].toLowerCase()} lines in this range.`}
          </p>
        ) : (
          <Lines lines={lines} />
        )}
      </CardContent>
    </Card>
  )
}

function Totals({
  earnings,
  kind,
  onKind,
}: {
  earnings: Earnings | undefined
  kind: EarningLineKind | 'all'
  onKind: (kind: EarningLineKind | 'all') => void
}) {
  const net = earnings
    ? EARNING_KINDS.reduce(
        (sum, k) => (k === 'payout' ? sum : sum + Math.round(earnings.totals[k] * 100)),
        0,
      ) / 100
    : undefined
  const chip = (value: EarningLineKind | 'all', label: string, amount: number | undefined) => (
    <button
      key={value}
      type="button"
      aria-pressed={kind === value}
      onClick={() => onKind(value)}
      className={cn(
        'grid gap-0.5 rounded-lg border px-3 py-2 text-left transition-colors sm:min-w-[6.5rem]',
        kind === value ? 'border-primary bg-primary/10' : 'hover:bg-muted',
      )}
    >
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="font-semibold tabular-nums">{amount === undefined ? '…' : signedMoney(amount)}</span>
    </button>
  )
  return (
    <fieldset className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap" data-testid="earnings-totals">
      <legend className="sr-only">Show lines of one kind</legend>
      {chip('all', 'Earned', net)}
      {EARNING_KINDS.map((k) => chip(k, `${KIND_LABELS[k]}s`, earnings?.totals[k]))}
    </fieldset>
  )
}

/** Dollars with a true minus sign when negative. */
const signedMoney = (value: number) => (value < 0 ? `\u2212${formatMoney(-value)}` : formatMoney(value))

function Amount({ value, className }: { value: number; className?: string }) {
  return (
    <span
      className={cn(
        'whitespace-nowrap tabular-nums',
        value < 0 ? 'text-red-700 dark:text-red-400' : 'text-foreground',
        className,
      )}
    >
      {signedMoney(value)}
    </span>
  )
}

function Lines({ lines }: { lines: EarningLine[] }) {
  return (
    <>
      {/* Phones: one card per line. */}
      <ul className="grid gap-2 md:hidden" data-testid="earnings-lines-list">
        {lines.map((line) => (
          <li key={line.id} className="grid gap-1 rounded-lg border p-3 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-medium">{KIND_LABELS[line.kind]}</span>
              <Amount value={line.amount} className="font-semibold" />
            </div>
            <p className="text-muted-foreground">{line.description}</p>
            <p className="text-xs text-muted-foreground">
              {lineTime(line.createdAt)}
              {line.commission !== 0 ? ` · commission ${formatMoney(Math.abs(line.commission))}` : ''}
              {line.fee !== 0 ? ` · fee ${formatMoney(Math.abs(line.fee))}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-sm" data-testid="earnings-lines">
          <thead>
            <tr className="whitespace-nowrap border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
              <th className="py-2 pr-3 font-medium">Date</th>
              <th className="py-2 pr-3 font-medium">Kind</th>
              <th className="py-2 pr-3 font-medium">Description</th>
              <th className="py-2 pr-3 text-right font-medium">Diner paid</th>
              <th className="py-2 pr-3 text-right font-medium">Commission</th>
              <th className="py-2 pr-3 text-right font-medium">Fee</th>
              <th className="py-2 text-right font-medium">You earn</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} className="border-b last:border-0">
                <td className="whitespace-nowrap py-2 pr-3 text-muted-foreground">
                  {lineTime(line.createdAt)}
                </td>
                <td className="py-2 pr-3">{KIND_LABELS[line.kind]}</td>
                <td className="py-2 pr-3">{line.description}</td>
                {line.kind === 'payout' ? (
                  // Money out to the restaurant: no diner paid it, nothing was kept.
                  <td colSpan={3} className="py-2 pr-3 text-right text-muted-foreground">
                    To your account
                  </td>
                ) : (
                  <>
                    <td className="py-2 pr-3 text-right">
                      <Amount value={line.gross} />
                    </td>
                    <td className="py-2 pr-3 text-right text-muted-foreground">
                      <Amount value={line.commission} className="text-muted-foreground" />
                    </td>
                    <td className="py-2 pr-3 text-right text-muted-foreground">
                      <Amount value={line.fee} className="text-muted-foreground" />
                    </td>
                  </>
                )}
                <td className="py-2 text-right font-semibold">
                  <Amount value={line.amount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

function PayoutHistory({ payouts, loading }: { payouts: Payout[] | undefined; loading: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Banknote className="size-4" aria-hidden="true" />
          Payouts
        </CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-10" />
        ) : !payouts?.length ? (
          <p className="text-sm text-muted-foreground">No payouts yet.</p>
        ) : (
          <ul className="grid gap-2" data-testid="payouts">
            {payouts.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border px-3 py-2 text-sm"
              >
                <span className="grid">
                  <span className="font-medium">Payout #{p.id}</span>
                  <span className="text-xs text-muted-foreground">
                    {lineTime(p.createdAt)}
                    {p.status === 'failed' && p.failureReason
                      ? ` · ${p.failureReason}; returned to your balance`
                      : ''}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <span className="font-semibold tabular-nums">{formatMoney(p.amount)}</span>
                  <Badge
                    variant={p.status === 'paid' ? 'success' : p.status === 'failed' ? 'danger' : 'warning'}
                  >
                    {PAYOUT_STATUS_LABELS[p.status]}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
