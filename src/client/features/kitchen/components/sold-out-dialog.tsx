import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Input } from '@client/components/ui/input'
import { Switch } from '@client/components/ui/switch'
import { cn } from '@client/lib/utils'
import type { KitchenDish } from '@shared/schemas/kitchen'
import { useState } from 'react'
import { searchDishes, sharedOptions } from '../lib/sold-out'

/** Options to 86 or bring back at once: one option of one dish, or every dish's option of a name. */
export interface OptionsChange {
  ids: number[]
  /** What the announcement and the error name: "Extra cheese (Burger)", "Extra cheese on every dish". */
  label: string
}

/**
 * 86 a dish, one option of a dish, or an option every dish shares by name (and back): the
 * restaurant page shows it at once. The search keeps what matches a dish, group or option; each
 * switch is one Tab stop and Space turns it.
 */
export function SoldOutDialog({
  dishes,
  open,
  pending,
  onOpenChange,
  onDishChange,
  onOptionsChange,
}: {
  dishes: KitchenDish[]
  open: boolean
  pending: boolean
  onOpenChange(open: boolean): void
  onDishChange(dish: KitchenDish, isAvailable: boolean): void
  onOptionsChange(change: OptionsChange, isAvailable: boolean): void
}) {
  const [query, setQuery] = useState('')
  const shown = searchDishes(dishes, query)
  const shared = sharedOptions(dishes, query)
  const categories = [...new Set(shown.map((d) => d.category))]
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setQuery('')
        onOpenChange(next)
      }}
    >
      <DialogContent className="max-h-[85dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Sold out (86)</DialogTitle>
          <DialogDescription>
            Switch a dish or an option off when it runs out: diners see it sold out at once and cannot order
            it.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1">
          <label htmlFor="sold-out-search" className="text-sm font-medium">
            Search dishes and options
          </label>
          <Input
            id="sold-out-search"
            type="search"
            autoComplete="off"
            value={query}
            placeholder="Cheese, Pad Thai…"
            className="h-12 text-base"
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground" role="status">
            Nothing on the menu matches “{query.trim()}”.
          </p>
        ) : null}
        {shared.length > 0 ? (
          <section aria-label="Options on several dishes" className="grid gap-1">
            <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              Options on several dishes
            </h3>
            <ul className="divide-y divide-border rounded-lg border border-border">
              {shared.map((option) => {
                const id = `shared-option-${option.ids[0]}`
                const out = option.ids.length - option.available
                return (
                  <li key={option.name} className="flex min-h-14 items-center gap-3 px-4 py-2">
                    <label htmlFor={id} className="flex-1 text-base font-medium">
                      {option.name}
                      <span className="ml-2 text-sm font-normal text-muted-foreground">
                        {out === 0
                          ? `on ${option.ids.length} dishes`
                          : `sold out on ${out} of ${option.ids.length} dishes`}
                      </span>
                    </label>
                    <Switch
                      id={id}
                      checked={out === 0}
                      disabled={pending}
                      aria-label={`${option.name} available on every dish`}
                      onCheckedChange={(checked) =>
                        onOptionsChange({ ids: option.ids, label: `${option.name} on every dish` }, checked)
                      }
                    />
                  </li>
                )
              })}
            </ul>
          </section>
        ) : null}
        {categories.map((category) => (
          <section key={category} aria-label={category} className="grid gap-1">
            <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              {category}
            </h3>
            <ul className="divide-y divide-border rounded-lg border border-border">
              {shown
                .filter((d) => d.category === category)
                .map((dish) => (
                  <li key={dish.id} className="py-1">
                    <AvailabilityRow
                      id={`dish-available-${dish.id}`}
                      name={dish.name}
                      label={`${dish.name} available`}
                      isAvailable={dish.isAvailable}
                      pending={pending}
                      onChange={(checked) => onDishChange(dish, checked)}
                    />
                    {dish.optionGroups.map((group) => (
                      <fieldset
                        key={group.id}
                        aria-label={`${dish.name}: ${group.name}`}
                        className="ml-6 border-l border-border"
                      >
                        <legend className="px-4 pt-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                          {group.name}
                        </legend>
                        {group.options.map((option) => (
                          <AvailabilityRow
                            key={option.id}
                            id={`option-available-${option.id}`}
                            name={option.name}
                            label={`${dish.name}, ${group.name}: ${option.name} available`}
                            isAvailable={option.isAvailable}
                            pending={pending}
                            small
                            onChange={(checked) =>
                              onOptionsChange(
                                { ids: [option.id], label: `${option.name} (${dish.name})` },
                                checked,
                              )
                            }
                          />
                        ))}
                      </fieldset>
                    ))}
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </DialogContent>
    </Dialog>
  )
}

function AvailabilityRow({
  id,
  name,
  label,
  isAvailable,
  pending,
  small,
  onChange,
}: {
  id: string
  name: string
  label: string
  isAvailable: boolean
  pending: boolean
  small?: boolean
  onChange(isAvailable: boolean): void
}) {
  return (
    <div className={cn('flex items-center gap-3 px-4', small ? 'min-h-12' : 'min-h-14')}>
      <label htmlFor={id} className={cn('flex-1', small ? 'text-sm' : 'text-base font-medium')}>
        {name}
        {isAvailable ? null : (
          <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">86</span>
        )}
      </label>
      <Switch
        id={id}
        checked={isAvailable}
        disabled={pending}
        aria-label={label}
        onCheckedChange={onChange}
      />
    </div>
  )
}
