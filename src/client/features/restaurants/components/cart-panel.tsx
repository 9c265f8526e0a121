import { OrderLines } from '@client/components/orders/order-lines'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card'
import { Spinner } from '@client/components/ui/spinner'
import { type CartLine, cartLineKey, cartTotals } from '@client/lib/cart'
import { cn, formatMoney } from '@client/lib/utils'
import { type Fulfilment, ORDER_QUANTITY } from '@shared/constants'
import { checkChoice, priceWithOptions } from '@shared/menu-choice'
import { lineWithOptions } from '@shared/order-lines'
import type { MenuItem } from '@shared/schemas/restaurants'
import { Minus, Plus, ShoppingBag, Trash2, Wallet } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'

export interface CartPanelProps {
  lines: CartLine[]
  /** The live menu, to price lines and spot dishes that are no longer available. */
  menu: MenuItem[] | undefined
  /** `lineKey` is the line's `cartLineKey`: the same dish with other options is another line. */
  onQuantity: (lineKey: string, quantity: number) => void
  onPlaceOrder: () => void
  placing: boolean
  /** Set once the order is placed, while the page moves to its stream. */
  redirecting: boolean
  signedIn: boolean
  signInHref: string
  balance: number | undefined
  /** The diner's allergens that a dish contains, flagged on its line. */
  allergens?: (line: CartLine) => readonly string[] | undefined
  /** Shown under the total: the way to add funds when the wallet is short. */
  fundsNotice?: ReactNode
  /** Delivery or pickup: pickup has no fee. */
  fulfilment?: Fulfilment
  /** Delivery or pickup, the address and the promised time, above the totals. */
  checkout?: ReactNode
  /** False while checkout cannot go ahead (no usable address). */
  canPlace?: boolean
}

/**
 * Cart lines priced from the live menu (the dish and its options); lines for dishes no longer
 * available, or whose choice no longer fits (an option sold out or gone), are set apart.
 */
export function pricedCart(lines: CartLine[], menu: MenuItem[] | undefined) {
  const byId = new Map(menu?.map((m) => [m.id, m]))
  const available: CartLine[] = []
  const unavailable: CartLine[] = []
  for (const line of lines) {
    const item = byId.get(line.menuItemId)
    const ids = (line.options ?? []).map((o) => o.id)
    if (menu && (!item?.isAvailable || !checkChoice(item.name, item.optionGroups ?? [], ids).ok))
      unavailable.push(line)
    else
      available.push(
        item
          ? { ...line, name: item.name, price: priceWithOptions(item.price, item.optionGroups ?? [], ids) }
          : line,
      )
  }
  return { available, unavailable }
}

export function CartPanel(props: CartPanelProps) {
  const {
    lines,
    menu,
    onQuantity,
    onPlaceOrder,
    placing,
    redirecting,
    signedIn,
    signInHref,
    balance,
    allergens,
    fundsNotice,
    fulfilment = 'delivery',
    checkout,
    canPlace = true,
  } = props
  const { available, unavailable } = pricedCart(lines, menu)
  const totals = cartTotals(available, fulfilment)
  const empty = available.length === 0
  return (
    <Card id="cart" className="scroll-mt-24" aria-labelledby="cart-title">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id="cart-title" className="flex items-center gap-2">
          <ShoppingBag className="size-5 text-primary" aria-hidden="true" />
          Your Order
        </CardTitle>
        {totals.itemCount > 0 ? (
          <span className="text-sm text-muted-foreground">
            {totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'}
          </span>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {lines.length === 0 ? (
          <p className="rounded-lg bg-muted/60 p-4 text-center text-sm text-muted-foreground">
            Your cart is empty. Add dishes from the menu.
          </p>
        ) : (
          <OrderLines
            variant="cart"
            lines={available}
            lineKey={(line) => cartLineKey(line)}
            lineTestId="cart-line"
            flags={allergens && ((line) => allergens(line) ?? [])}
            aria-label="Cart items"
            controls={(line) => (
              <div className="flex items-center gap-1">
                <Button
                  size="icon"
                  variant="outline"
                  className="size-8"
                  onClick={() => onQuantity(cartLineKey(line), line.quantity - 1)}
                  aria-label={
                    line.quantity === 1 ? `Remove ${line.name}` : `Decrease quantity of ${line.name}`
                  }
                  disabled={placing || redirecting}
                >
                  {line.quantity === 1 ? <Trash2 aria-hidden="true" /> : <Minus aria-hidden="true" />}
                </Button>
                <span
                  className="w-6 text-center text-sm font-semibold tabular-nums"
                  data-testid="cart-quantity"
                >
                  <span className="sr-only">Quantity </span>
                  {line.quantity}
                </span>
                <Button
                  size="icon"
                  variant="outline"
                  className="size-8"
                  onClick={() => onQuantity(cartLineKey(line), line.quantity + 1)}
                  aria-label={`Increase quantity of ${line.name}`}
                  disabled={placing || redirecting || line.quantity >= ORDER_QUANTITY.max}
                >
                  <Plus aria-hidden="true" />
                </Button>
              </div>
            )}
          >
            {unavailable.map((line) => (
              <li key={cartLineKey(line)} className="flex items-center gap-3 text-muted-foreground">
                <p className="min-w-0 flex-1 truncate text-sm line-through">{lineWithOptions(line)}</p>
                <span className="text-xs">No longer available</span>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-8"
                  onClick={() => onQuantity(cartLineKey(line), 0)}
                  aria-label={`Remove ${line.name}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </OrderLines>
        )}
        {empty || !signedIn ? null : checkout}
        {/* An empty cart has nothing to deliver: no fee and no total until a dish is added. */}
        {empty ? null : (
          <dl className="grid gap-1.5 border-t pt-4 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Subtotal</dt>
              <dd className="tabular-nums" data-testid="cart-subtotal">
                {formatMoney(totals.subtotal)}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Delivery fee</dt>
              <dd className="tabular-nums" data-testid="cart-delivery-fee">
                {fulfilment === 'pickup' ? 'None for pickup' : formatMoney(totals.deliveryFee)}
              </dd>
            </div>
            <div className="flex justify-between text-base font-bold">
              <dt>Total</dt>
              <dd className="tabular-nums" data-testid="cart-total">
                {formatMoney(totals.total)}
              </dd>
            </div>
          </dl>
        )}
        {signedIn && balance !== undefined ? (
          <p className={cn('flex items-center gap-1.5 text-xs text-muted-foreground')}>
            <Wallet className="size-3.5" aria-hidden="true" />
            Wallet balance: <span className="font-medium text-foreground">{formatMoney(balance)}</span>
          </p>
        ) : null}
        {fundsNotice}
        {signedIn ? (
          <Button
            size="lg"
            onClick={onPlaceOrder}
            disabled={empty || placing || redirecting || !canPlace}
            className="w-full"
          >
            {placing || redirecting ? (
              <Spinner className="size-4 text-current" label="Placing order" />
            ) : null}
            {redirecting ? 'Opening your live stream...' : placing ? 'Placing order...' : 'Place Order'}
          </Button>
        ) : (
          <div className="grid gap-2">
            <Button asChild size="lg" className="w-full">
              <Link href={signInHref}>Sign in to place your order</Link>
            </Button>
            <p className="text-center text-xs text-muted-foreground">Your cart is kept while you sign in.</p>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
