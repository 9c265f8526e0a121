import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { useAddFunds } from '@client/lib/queries/add-funds'
import { formatMoney } from '@client/lib/utils'
import { ADD_FUNDS_INVALID } from '@shared/schemas/wallet'
import { type FormEvent, type ReactNode, useId, useState } from 'react'

const [INVALID_TITLE, INVALID_DESCRIPTION] = ADD_FUNDS_INVALID.split(': ') as [string, string]
const QUICK_AMOUNTS = [10, 25, 50]

/** The amount typed in the dialog, or null when it is not a number greater than 0. */
export function parseAmount(text: string): number | null {
  const amount = Number.parseFloat(text)
  return Number.isFinite(amount) && amount > 0 && /^\s*\d*\.?\d*\s*$/.test(text) ? amount : null
}

/** Top up the wallet: amount (step 0.01, min 0.01), processing state, refreshes wallet queries. */
export function AddFundsDialog({ userId, trigger }: { userId: number; trigger: ReactNode }) {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const addFunds = useAddFunds(userId)
  const id = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const amount = parseAmount(text)
    if (amount === null) {
      setError(INVALID_DESCRIPTION)
      toast({ title: INVALID_TITLE, description: INVALID_DESCRIPTION, variant: 'destructive' })
      return
    }
    setError(undefined)
    // A promise rather than mutate callbacks: the toast must show even if the page hides this dialog
    // as soon as the new balance arrives.
    addFunds.mutateAsync(amount).then(
      (result) => {
        toast({
          title: 'Funds Added',
          description: `${formatMoney(amount)} has been added to your wallet. New balance: ${formatMoney(result.balance)}.`,
        })
        setOpen(false)
        setText('')
      },
      (err: unknown) => {
        toast({
          title: 'Error',
          description: errorMessage(err, 'Failed to add funds. Please try again.'),
          variant: 'destructive',
        })
      },
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!addFunds.isPending) setOpen(next)
        if (!next) setError(undefined)
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>Add Funds</DialogTitle>
            <DialogDescription>Top up your wallet to pay for orders, chef shouts and tips.</DialogDescription>
          </DialogHeader>
          <Field id={`${id}-amount`} label="Amount (USD)" error={error}>
            <div className="relative">
              <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">
                $
              </span>
              <Input
                {...fieldProps(`${id}-amount`, error)}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0.01"
                placeholder="25.00"
                className="pl-7"
                value={text}
                onChange={(e) => setText(e.target.value)}
                disabled={addFunds.isPending}
                autoFocus
              />
            </div>
          </Field>
          <fieldset className="flex gap-2">
            <legend className="sr-only">Quick amounts</legend>
            {QUICK_AMOUNTS.map((amount) => (
              <Button
                key={amount}
                variant="outline"
                size="sm"
                onClick={() => setText(amount.toFixed(2))}
                disabled={addFunds.isPending}
              >
                {formatMoney(amount)}
              </Button>
            ))}
          </fieldset>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={addFunds.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={addFunds.isPending}>
              {addFunds.isPending ? (
                <>
                  <Spinner className="size-4 text-current" label="Processing" />
                  Processing...
                </>
              ) : (
                'Add Funds'
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
