import { AddressFormDialog } from '@client/components/addresses/address-form-dialog'
import { Button } from '@client/components/ui/button'
import { Label } from '@client/components/ui/label'
import { Skeleton } from '@client/components/ui/skeleton'
import { errorMessage } from '@client/lib/api-client'
import { useAddresses } from '@client/lib/queries/addresses'
import { cn, formatAddress, formatTime } from '@client/lib/utils'
import type { Fulfilment } from '@shared/constants'
import { Bike, Clock, MapPin, Plus, Store } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useOrderQuote } from '../api/get-order-quote'

export interface CheckoutChoice {
  fulfilment: Fulfilment
  /** null: the default address. */
  addressId: number | null
}

const OPTIONS: { value: Fulfilment; label: string; icon: typeof Bike }[] = [
  { value: 'delivery', label: 'Delivery', icon: Bike },
  { value: 'pickup', label: 'Pickup', icon: Store },
]

/**
 * Delivery or pickup before paying: the address (saved ones, or a new one), and what the server
 * promises for it: the arrival estimate and distance, or where and when to collect it.
 */
export function CheckoutOptions({
  userId,
  restaurantId,
  choice,
  onChange,
  onReady,
}: {
  userId: number
  restaurantId: number
  choice: CheckoutChoice
  onChange: (choice: CheckoutChoice) => void
  /** Whether checkout can go ahead with this choice. */
  onReady?: (ready: boolean) => void
}) {
  const addresses = useAddresses(userId)
  const [adding, setAdding] = useState(false)
  const hasAddress = (addresses.data?.length ?? 0) > 0
  const quote = useOrderQuote(
    userId,
    { restaurantId, ...choice },
    choice.fulfilment === 'pickup' || hasAddress,
  )
  const selected =
    choice.addressId ?? addresses.data?.find((a) => a.isDefault)?.id ?? addresses.data?.[0]?.id ?? null
  const ready = choice.fulfilment === 'pickup' ? !quote.isError : hasAddress && !quote.isError
  useEffect(() => onReady?.(ready), [ready, onReady])

  return (
    <section aria-label="Delivery or pickup" className="grid gap-3 border-t pt-4">
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="sr-only">How do you want your order?</legend>
        {OPTIONS.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              choice.fulfilment === value
                ? 'border-primary bg-primary/10 text-foreground'
                : 'text-muted-foreground hover:bg-muted',
            )}
          >
            <input
              type="radio"
              name="fulfilment"
              value={value}
              className="sr-only"
              checked={choice.fulfilment === value}
              onChange={() => onChange({ ...choice, fulfilment: value })}
            />
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </label>
        ))}
      </fieldset>

      {choice.fulfilment === 'delivery' ? (
        addresses.isLoading ? (
          <Skeleton className="h-9" />
        ) : hasAddress ? (
          <div className="grid gap-1.5">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor="checkout-address">Deliver to</Label>
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto p-0"
                onClick={() => setAdding(true)}
              >
                <Plus aria-hidden="true" />
                New address
              </Button>
            </div>
            <select
              id="checkout-address"
              className="h-9 w-full rounded-md border border-input bg-card px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              value={selected ?? ''}
              onChange={(e) => onChange({ ...choice, addressId: Number(e.target.value) })}
            >
              {addresses.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label ? `${a.label}: ` : ''}
                  {formatAddress(a)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="grid gap-2 rounded-lg bg-muted/60 p-3 text-sm">
            <p>Add the address we should deliver to.</p>
            <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Add a delivery address
            </Button>
          </div>
        )
      ) : null}

      <QuoteLine
        fulfilment={choice.fulfilment}
        loading={quote.isLoading && quote.fetchStatus !== 'idle'}
        error={quote.isError ? errorMessage(quote.error, 'Could not check this address.') : null}
        quote={quote.data?.fulfilment === choice.fulfilment ? quote.data : undefined}
      />

      <AddressFormDialog
        userId={userId}
        open={adding}
        onOpenChange={setAdding}
        onSaved={(address) => onChange({ fulfilment: 'delivery', addressId: address.id })}
      />
    </section>
  )
}

function QuoteLine({
  fulfilment,
  loading,
  error,
  quote,
}: {
  fulfilment: Fulfilment
  loading: boolean
  error: string | null
  quote: ReturnType<typeof useOrderQuote>['data']
}) {
  if (error) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive" data-testid="checkout-quote-error">
        {error}
      </p>
    )
  }
  if (loading || !quote) return fulfilment === 'pickup' || loading ? <Skeleton className="h-10" /> : null
  const at = formatTime(new Date(quote.promisedAt))
  return (
    <div
      className="grid gap-1 rounded-lg bg-accent/60 p-3 text-sm"
      data-testid="checkout-quote"
      aria-live="polite"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <Clock className="size-4 text-primary" aria-hidden="true" />
        {quote.fulfilment === 'pickup' ? `Ready at ${at}` : `Arrives around ${at}`}
      </p>
      <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
        <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        {quote.fulfilment === 'pickup'
          ? `Pick it up at ${quote.restaurantAddress}`
          : `${quote.distanceKm} km away · delivers within ${quote.deliveryRadiusKm} km`}
      </p>
    </div>
  )
}
