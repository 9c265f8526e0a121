import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Skeleton } from '@client/components/ui/skeleton'
import type { CartOption } from '@client/lib/cart'
import { formatMoney } from '@client/lib/utils'
import type { MenuItem } from '@shared/schemas/restaurants'
import { lazy, Suspense } from 'react'

const AddToCartForm = lazy(() => import('./add-to-cart-form'))

export interface AddToCartChoice {
  options: CartOption[]
  /** One dish with its options. */
  price: number
  quantity: number
  notes?: string
}

/**
 * The add-to-cart dialog of a dish with options: the dish, then its form (`add-to-cart-form.tsx`,
 * loaded when the dialog first opens).
 */
export function AddToCartDialog({
  item,
  onOpenChange,
  onAdd,
  profileAllergens = [],
}: {
  /** The dish, as the live menu has it now (an option sold out while the form is open greys out). */
  item: MenuItem | undefined
  onOpenChange: (open: boolean) => void
  onAdd: (item: MenuItem, choice: AddToCartChoice) => void
  /** The signed-in diner's allergen ids: options that contain one are marked. */
  profileAllergens?: readonly string[]
}) {
  return (
    <Dialog open={Boolean(item)} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] max-w-lg grid-rows-[auto_minmax(0,1fr)] gap-0 overflow-hidden p-0"
        data-testid="add-to-cart-dialog"
      >
        {item ? (
          <>
            <DialogHeader className="border-b p-5 pr-12 text-left">
              <DialogTitle>{item.name}</DialogTitle>
              <DialogDescription className="line-clamp-3">{item.description}</DialogDescription>
              <p className="text-sm font-medium tabular-nums">{formatMoney(item.price)}</p>
            </DialogHeader>
            <Suspense fallback={<Skeleton className="m-5 h-48" />}>
              <AddToCartForm key={item.id} item={item} onAdd={onAdd} profileAllergens={profileAllergens} />
            </Suspense>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
