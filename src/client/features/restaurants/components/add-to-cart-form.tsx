import { Alert } from '@client/components/ui/alert'
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Checkbox } from '@client/components/ui/checkbox'
import { Textarea } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import { cn, formatMoney } from '@client/lib/utils'
import { allergenLabel, ORDER_QUANTITY } from '@shared/constants'
import { choiceRule, OPTION_LIMITS, priceWithOptions } from '@shared/menu-choice'
import { toCents, toDollars } from '@shared/money'
import { dishChoiceSchema, type OptionGroup } from '@shared/schemas/menu-options'
import type { MenuItem } from '@shared/schemas/restaurants'
import { AlertTriangle, Minus, Plus } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import type { AddToCartChoice } from './add-to-cart-dialog'

/**
 * The form of the add-to-cart dialog: each group with its rule, the options with what they add and
 * their allergens, a note for the kitchen, the quantity and the running price. Required groups are
 * enforced with the same schema the server's check follows. Loaded when the dialog first opens, so
 * the restaurant page does not load the schemas before a diner opens a dish.
 */
export default function AddToCartForm({
  item,
  onAdd,
  profileAllergens,
}: {
  item: MenuItem
  onAdd: (item: MenuItem, choice: AddToCartChoice) => void
  profileAllergens: readonly string[]
}) {
  const groups = item.optionGroups ?? []
  const [chosen, setChosen] = useState<number[]>([])
  const [quantity, setQuantity] = useState(1)
  const [notes, setNotes] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const formRef = useRef<HTMLFormElement>(null)
  const id = useId()
  const wanted = new Set(profileAllergens.map((a) => a.toLowerCase()))
  const unit = priceWithOptions(item.price, groups, chosen)
  const total = toDollars(toCents(unit) * quantity)
  const chosenAllergens = groups
    .flatMap((g) => g.options)
    .filter((o) => chosen.includes(o.id))
    .flatMap((o) => o.allergens.filter((a) => wanted.has(a)).map((a) => `${allergenLabel(a)} (${o.name})`))

  function toggle(group: OptionGroup, optionId: number, on: boolean) {
    setChosen((current) => {
      const others = current.filter((c) => !group.options.some((o) => o.id === c))
      const mine = current.filter((c) => group.options.some((o) => o.id === c))
      // A pick-one group swaps its choice; a group of several keeps adding up to its max.
      const next =
        group.max === 1
          ? on
            ? [optionId]
            : []
          : on
            ? [...mine, optionId]
            : mine.filter((c) => c !== optionId)
      return [...others, ...next]
    })
    setErrors((e) => {
      const { [String(group.id)]: _, ...rest } = e
      return rest
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = dishChoiceSchema(item).safeParse({ options: chosen, quantity, notes })
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'options' ? String(issue.path[1]) : String(issue.path[0])
        next[key] ??= issue.message
      }
      setErrors(next)
      // The first group that needs a choice, brought into view for the diner.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    const options = groups.flatMap((g) =>
      g.options
        .filter((o) => chosen.includes(o.id))
        .map((o) => ({ id: o.id, group: g.name, name: o.name, priceDelta: o.priceDelta })),
    )
    onAdd(item, { options, price: unit, quantity: parsed.data.quantity, notes: parsed.data.notes })
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid min-h-0 grid-rows-[minmax(0,1fr)_auto]">
      <div className="grid content-start gap-5 overflow-y-auto p-5">
        {groups.map((group) => {
          const error = errors[String(group.id)]
          const picked = group.options.filter((o) => chosen.includes(o.id)).length
          const errorId = `${id}-group-${group.id}-error`
          return (
            <fieldset
              key={group.id}
              className="grid gap-2"
              aria-describedby={error ? errorId : undefined}
              data-testid="option-group"
            >
              <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{group.name}</span>
                <Badge variant={group.required ? (error ? 'danger' : 'default') : 'secondary'}>
                  {group.required ? 'Required' : 'Optional'} · {choiceRule(group)}
                </Badge>
              </legend>
              <div className="grid gap-1.5">
                {group.options.map((option, index) => {
                  const inputId = `${id}-option-${option.id}`
                  const on = chosen.includes(option.id)
                  const full = !on && group.max > 1 && picked >= group.max
                  const flagged = option.allergens.filter((a) => wanted.has(a))
                  const radio = group.max === 1 && group.required
                  return (
                    <div
                      key={option.id}
                      className={cn(
                        'flex items-center gap-3 rounded-lg border px-3 py-2.5',
                        on && 'border-primary bg-primary/5',
                        !option.isAvailable && 'opacity-60',
                      )}
                    >
                      {radio ? (
                        <input
                          type="radio"
                          id={inputId}
                          name={`${id}-group-${group.id}`}
                          className="size-5 shrink-0 accent-[var(--color-primary)]"
                          checked={on}
                          disabled={!option.isAvailable}
                          aria-invalid={error && index === 0 ? true : undefined}
                          onChange={() => toggle(group, option.id, true)}
                        />
                      ) : (
                        <Checkbox
                          id={inputId}
                          checked={on}
                          disabled={!option.isAvailable || full}
                          aria-invalid={error && index === 0 ? true : undefined}
                          onCheckedChange={(value) => toggle(group, option.id, value === true)}
                        />
                      )}
                      <Label htmlFor={inputId} className="grid flex-1 cursor-pointer gap-1 font-normal">
                        <span className="font-medium">{option.name}</span>
                        {option.allergens.length > 0 ? (
                          <span
                            className={cn(
                              'text-xs',
                              flagged.length > 0
                                ? 'font-medium text-amber-700 dark:text-amber-400'
                                : 'text-muted-foreground',
                            )}
                          >
                            {flagged.length > 0 ? (
                              <AlertTriangle className="mr-1 inline size-3" aria-hidden="true" />
                            ) : null}
                            Contains {option.allergens.map(allergenLabel).join(', ')}
                          </span>
                        ) : null}
                      </Label>
                      <span className="shrink-0 text-sm tabular-nums text-muted-foreground">
                        {!option.isAvailable
                          ? 'Sold out'
                          : option.priceDelta > 0
                            ? `+${formatMoney(option.priceDelta)}`
                            : null}
                      </span>
                    </div>
                  )
                })}
              </div>
              {error ? (
                <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                  {error}
                </p>
              ) : null}
            </fieldset>
          )
        })}
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-notes`}>
            Notes for the kitchen <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            id={`${id}-notes`}
            value={notes}
            maxLength={OPTION_LIMITS.notes}
            rows={2}
            placeholder="No onions, sauce on the side…"
            onChange={(e) => setNotes(e.target.value)}
            aria-invalid={errors.notes ? true : undefined}
          />
          {errors.notes ? <p className="text-sm font-medium text-destructive">{errors.notes}</p> : null}
        </div>
        {chosenAllergens.length > 0 ? (
          <Alert variant="warning" data-testid="option-allergens">
            <AlertTriangle aria-hidden="true" />
            <span>Your choice contains {chosenAllergens.join(', ')}, listed in your allergen profile.</span>
          </Alert>
        ) : null}
      </div>
      <div className="flex items-center gap-3 border-t p-4">
        <fieldset className="flex items-center gap-1">
          <legend className="sr-only">Quantity</legend>
          <Button
            type="button"
            size="icon"
            variant="outline"
            className="size-9"
            onClick={() => setQuantity((q) => Math.max(ORDER_QUANTITY.min, q - 1))}
            disabled={quantity <= ORDER_QUANTITY.min}
            aria-label="Fewer"
          >
            <Minus aria-hidden="true" />
          </Button>
          <span className="w-7 text-center font-semibold tabular-nums" data-testid="dialog-quantity">
            {quantity}
          </span>
          <Button
            type="button"
            size="icon"
            variant="outline"
            className="size-9"
            onClick={() => setQuantity((q) => Math.min(ORDER_QUANTITY.max, q + 1))}
            disabled={quantity >= ORDER_QUANTITY.max}
            aria-label="More"
          >
            <Plus aria-hidden="true" />
          </Button>
        </fieldset>
        <Button type="submit" className="flex-1 justify-between" disabled={!item.isAvailable}>
          <span>{item.isAvailable ? 'Add to cart' : 'Sold out'}</span>
          <span className="tabular-nums" data-testid="dialog-price">
            {formatMoney(total)}
          </span>
        </Button>
      </div>
    </form>
  )
}
