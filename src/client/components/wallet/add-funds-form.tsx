import { Button } from '@client/components/ui/button'
import { DialogFooter } from '@client/components/ui/dialog'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { ApiError, errorMessage } from '@client/lib/api-client'
import { payPath, savePaymentSession, type useCreateTopUp } from '@client/lib/queries/top-ups'
import { formatMoney } from '@client/lib/utils'
import { zodResolver } from '@hookform/resolvers/zod'
import { TOP_UP_LIMITS_CENTS } from '@shared/constants'
import { type CreateTopUp, createTopUpSchema } from '@shared/schemas/wallet'
import { Lock } from 'lucide-react'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation } from 'wouter'

const QUICK_AMOUNTS = [10, 25, 50, 100]
const MIN = TOP_UP_LIMITS_CENTS.min / 100
const MAX = TOP_UP_LIMITS_CENTS.max / 100

/**
 * The Add Funds dialog's form: the amount, checked by the top-up schema, starts a top-up, and the
 * diner goes on to its payment page. Loaded when the dialog first opens, with the schemas.
 */
export default function AddFundsForm({
  createTopUp,
  close,
}: {
  createTopUp: ReturnType<typeof useCreateTopUp>
  close: () => void
}) {
  const [, navigate] = useLocation()
  const form = useForm<CreateTopUp>({
    resolver: zodResolver(createTopUpSchema),
    defaultValues: { amount: undefined },
  })
  const error = form.formState.errors.amount?.message
  const id = useId()
  const busy = createTopUp.isPending || form.formState.isSubmitting

  const submit = form.handleSubmit(async ({ amount }) => {
    try {
      const created = await createTopUp.mutateAsync(amount)
      const returnTo = window.location.pathname + window.location.search
      savePaymentSession(created.topUp.id, {
        clientSecret: created.clientSecret,
        publishableKey: created.publishableKey,
        returnTo,
      })
      close()
      navigate(payPath(created, returnTo))
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.fieldErrors?.amount : undefined
      if (fieldError) {
        form.setError('amount', { message: fieldError })
        return
      }
      toast({
        title: 'Could not start the payment',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      })
    }
  })

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <Field
        id={`${id}-amount`}
        label="Amount (USD)"
        error={error}
        hint={`From ${formatMoney(MIN)} to ${formatMoney(MAX)}.`}
      >
        <div className="relative">
          <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">
            $
          </span>
          <Input
            {...fieldProps(`${id}-amount`, error, true)}
            {...form.register('amount', { valueAsNumber: true })}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={MIN}
            max={MAX}
            placeholder="25.00"
            className="pl-7"
            disabled={busy}
            autoFocus
          />
        </div>
      </Field>
      <fieldset className="grid grid-cols-4 gap-2">
        <legend className="sr-only">Quick amounts</legend>
        {QUICK_AMOUNTS.map((amount) => (
          <Button
            key={amount}
            variant="outline"
            size="sm"
            className="px-2"
            onClick={() => form.setValue('amount', amount, { shouldValidate: true })}
            disabled={busy}
          >
            {formatMoney(amount)}
          </Button>
        ))}
      </fieldset>
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        Next you pay on a secure payment page; your wallet is credited as soon as the payment succeeds.
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? (
            <>
              <Spinner className="size-4 text-current" label="Processing" />
              Processing...
            </>
          ) : (
            'Continue to payment'
          )}
        </Button>
      </DialogFooter>
    </form>
  )
}
