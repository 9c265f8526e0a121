import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Switch } from '@client/components/ui/switch'
import type { KitchenDish } from '@shared/schemas/kitchen'

/** 86 a dish from the line (and back): the restaurant page shows it at once. */
export function SoldOutDialog({
  dishes,
  open,
  pending,
  onOpenChange,
  onChange,
}: {
  dishes: KitchenDish[]
  open: boolean
  pending: boolean
  onOpenChange(open: boolean): void
  onChange(dish: KitchenDish, isAvailable: boolean): void
}) {
  const categories = [...new Set(dishes.map((d) => d.category))]
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Sold out (86)</DialogTitle>
          <DialogDescription>
            Switch a dish off when it runs out: diners see it sold out at once and cannot order it.
          </DialogDescription>
        </DialogHeader>
        {categories.map((category) => (
          <section key={category} aria-label={category} className="grid gap-1">
            <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              {category}
            </h3>
            <ul className="divide-y divide-border rounded-lg border border-border">
              {dishes
                .filter((d) => d.category === category)
                .map((dish) => {
                  const id = `dish-available-${dish.id}`
                  return (
                    <li key={dish.id} className="flex min-h-14 items-center gap-3 px-4 py-2">
                      <label htmlFor={id} className="flex-1 text-base font-medium">
                        {dish.name}
                        {dish.isAvailable ? null : (
                          <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">
                            86
                          </span>
                        )}
                      </label>
                      <Switch
                        id={id}
                        checked={dish.isAvailable}
                        disabled={pending}
                        aria-label={`${dish.name} available`}
                        onCheckedChange={(checked) => onChange(dish, checked)}
                      />
                    </li>
                  )
                })}
            </ul>
          </section>
        ))}
      </DialogContent>
    </Dialog>
  )
}
