import { Button } from '@client/components/ui/button'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input, Textarea } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import { Slider } from '@client/components/ui/slider'
import { Spinner } from '@client/components/ui/spinner'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { cn, formatMoney } from '@client/lib/utils'
import { TIP_CUSTOM, TIP_LIMITS_CENTS, TIP_MESSAGE_MAX, TIP_PRESETS, TIP_SLIDER } from '@shared/constants'
import { HandCoins } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { useTipChef } from '../api/tip-chef'
import { canSendTip, INITIAL_TIP, type TipChoice, tipAmount, tipError } from '../tip'

export function TipChefTab({
  orderId,
  userId,
  signInHref,
  ownTips,
  onDemoTip,
}: {
  orderId: number
  userId: number | undefined
  signInHref: string
  /** Told when a tip is sent and answered, so the live echo of one's own tip is not announced twice. */
  ownTips: { sending(): void; settled(tipId?: number): void }
  /** Visitors who are not signed in: a demo tip over the live connection, no money moves. */
  onDemoTip: (tip: { amount: number; message: string }) => void
}) {
  const [choice, setChoice] = useState<TipChoice>(INITIAL_TIP)
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | null>(null)
  const tip = useTipChef(orderId, userId)
  const signedIn = userId !== undefined && userId > 0
  const amount = tipAmount(choice)
  // A typed amount the server would refuse says why at once, since Send stays disabled for it.
  const typedError = choice.useCustom && choice.custom.trim() !== '' ? tipError(choice) : null
  const shownError = error ?? typedError

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = tipError(choice)
    setError(problem)
    if (problem) return
    const payload = { amount, message: message.trim() }
    if (!signedIn) {
      onDemoTip(payload)
      return
    }
    ownTips.sending()
    tip.mutateAsync(payload).then(
      (result) => {
        ownTips.settled(result.tipId)
        toast({
          title: 'Chef Tip Sent!',
          description: `You tipped the chef ${formatMoney(result.tipAmount)}. New wallet balance: ${formatMoney(result.newBalance)}.`,
        })
        setMessage('')
      },
      (err: unknown) => {
        ownTips.settled()
        toast({
          title: 'Error sending tip',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        })
      },
    )
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <p className="text-sm text-muted-foreground">
        All of your tip goes to the kitchen team cooking your order.
      </p>
      {!signedIn ? (
        <p className="rounded-lg bg-muted/70 p-4 text-sm">
          <Link href={signInHref} className="font-medium text-primary underline-offset-4 hover:underline">
            Log in
          </Link>{' '}
          to tip the chef from your wallet. Until then you can send a demo tip: no money moves.
        </p>
      ) : null}
      <fieldset className="grid gap-2" disabled={choice.useCustom}>
        <legend className="mb-2 text-sm font-medium">Tip amount</legend>
        <div className="flex flex-wrap gap-2">
          {TIP_PRESETS.map((preset) => (
            <Button
              key={preset}
              size="sm"
              variant={!choice.useCustom && choice.amount === preset ? 'default' : 'outline'}
              aria-pressed={!choice.useCustom && choice.amount === preset}
              onClick={() => setChoice((c) => ({ ...c, amount: preset }))}
              className="min-w-14"
            >
              ${preset}
            </Button>
          ))}
        </div>
        <div className={cn('flex items-center gap-4 pt-2', choice.useCustom && 'opacity-50')}>
          <Slider
            min={TIP_SLIDER.min}
            max={TIP_SLIDER.max}
            step={TIP_SLIDER.step}
            value={[Math.min(TIP_SLIDER.max, Math.max(TIP_SLIDER.min, choice.amount))]}
            onValueChange={([value]) => setChoice((c) => ({ ...c, amount: value ?? c.amount }))}
            aria-label="Tip amount"
            disabled={choice.useCustom}
          />
          <span className="w-16 text-right font-semibold tabular-nums" data-testid="tip-amount">
            {formatMoney(choice.amount)}
          </span>
        </div>
      </fieldset>
      <div className="grid gap-3">
        <div className="flex items-center gap-3">
          <Switch
            id={`tip-custom-${orderId}`}
            checked={choice.useCustom}
            onCheckedChange={(useCustom) => {
              setChoice((c) => ({ ...c, useCustom }))
              setError(null)
            }}
          />
          <Label htmlFor={`tip-custom-${orderId}`}>Enter a custom amount</Label>
        </div>
        {choice.useCustom ? (
          <Field
            id={`tip-custom-amount-${orderId}`}
            label="Custom amount (USD)"
            error={shownError ?? undefined}
            hint={`From ${formatMoney(TIP_LIMITS_CENTS.min / 100)} to ${formatMoney(TIP_LIMITS_CENTS.max / 100)}`}
          >
            <Input
              {...fieldProps(`tip-custom-amount-${orderId}`, shownError ?? undefined, true)}
              type="number"
              inputMode="decimal"
              min={TIP_CUSTOM.min}
              max={TIP_LIMITS_CENTS.max / 100}
              step={TIP_CUSTOM.step}
              placeholder="7.50"
              value={choice.custom}
              onChange={(e) => {
                setChoice((c) => ({ ...c, custom: e.target.value }))
                setError(null)
              }}
            />
          </Field>
        ) : error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Field
        id={`tip-message-${orderId}`}
        label="Message for the chef (optional)"
        hint={
          <span aria-live="polite">
            {message.length}/{TIP_MESSAGE_MAX}
          </span>
        }
      >
        <Textarea
          {...fieldProps(`tip-message-${orderId}`, undefined, true)}
          maxLength={TIP_MESSAGE_MAX}
          rows={2}
          placeholder="Thanks, it looks amazing!"
          value={message}
          onChange={(e) => setMessage(e.target.value.slice(0, TIP_MESSAGE_MAX))}
        />
      </Field>
      <Button type="submit" disabled={!canSendTip(choice) || tip.isPending} className="justify-self-start">
        {tip.isPending ? (
          <Spinner className="size-4 text-current" label="Sending tip" />
        ) : (
          <HandCoins aria-hidden="true" />
        )}
        {signedIn ? 'Send tip' : 'Send demo tip'}
        {canSendTip(choice) && amount > 0 ? ` ${formatMoney(amount)}` : ''}
      </Button>
    </form>
  )
}
