import { Button } from '@client/components/ui/button'
import { Checkbox } from '@client/components/ui/checkbox'
import { Input } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import { Switch } from '@client/components/ui/switch'
import { ALLERGENS, allergenLabel } from '@shared/constants'
import { OPTION_LIMITS } from '@shared/menu-choice'
import type { OptionGroup, OptionGroupInput } from '@shared/schemas/menu-options'
import { Plus, Trash2 } from 'lucide-react'

/** One option as the owner types it: the price delta as text, like the dish's price. */
export interface OptionDraft {
  key: string
  id?: number
  name: string
  priceDelta: string
  allergens: string[]
  isAvailable: boolean
}

export interface GroupDraft {
  key: string
  id?: number
  name: string
  required: boolean
  max: string
  options: OptionDraft[]
}

let nextKey = 0
const newKey = () => `draft-${++nextKey}`

export function groupDrafts(groups: readonly OptionGroup[] | undefined): GroupDraft[] {
  return (groups ?? []).map((g) => ({
    key: newKey(),
    id: g.id,
    name: g.name,
    required: g.required,
    max: String(g.max),
    options: g.options.map((o) => ({
      key: newKey(),
      id: o.id,
      name: o.name,
      priceDelta: o.priceDelta.toFixed(2),
      allergens: o.allergens,
      isAvailable: o.isAvailable,
    })),
  }))
}

const newOption = (): OptionDraft => ({
  key: newKey(),
  name: '',
  priceDelta: '0.00',
  allergens: [],
  isAvailable: true,
})

/** What the API takes; the shared `optionGroupsInputSchema` checks it, on the server too. */
export function groupsPayload(drafts: readonly GroupDraft[]): OptionGroupInput[] {
  return drafts.map((g) => ({
    ...(g.id ? { id: g.id } : {}),
    name: g.name,
    required: g.required,
    max: /^\d+$/.test(g.max.trim()) ? Number(g.max) : Number.NaN,
    options: g.options.map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      name: o.name,
      priceDelta: /^\d+(\.\d{1,2})?$/.test(o.priceDelta.trim()) ? Number(o.priceDelta) : -1,
      allergens: o.allergens,
      isAvailable: o.isAvailable,
    })),
  }))
}

/**
 * The dish's option groups in the menu editor: each group with its name, whether a diner must
 * choose, how many they may pick, and its options with what each adds and its allergens.
 * `errors` are keyed by the schema's paths ("0.options.1.priceDelta").
 */
export function OptionGroupsEditor({
  value,
  onChange,
  errors,
}: {
  value: GroupDraft[]
  onChange: (next: GroupDraft[]) => void
  errors: Record<string, string>
}) {
  const setGroup = (index: number, patch: Partial<GroupDraft>) =>
    onChange(value.map((g, i) => (i === index ? { ...g, ...patch } : g)))
  const setOption = (gi: number, oi: number, patch: Partial<OptionDraft>) =>
    setGroup(gi, { options: value[gi]!.options.map((o, i) => (i === oi ? { ...o, ...patch } : o)) })
  const error = (path: string) => errors[path]

  return (
    <fieldset className="grid gap-3" data-testid="option-groups-editor">
      <legend className="mb-1 text-sm font-medium">Options</legend>
      <p className="-mt-2 text-xs text-muted-foreground">
        Choices a diner makes when adding the dish: a spice level to pick, extras that add to the price.
      </p>
      {value.map((group, gi) => {
        const prefix = `dish-group-${group.key}`
        return (
          <div key={group.key} className="grid gap-3 rounded-lg border p-3" data-testid="option-group-editor">
            <div className="grid gap-3 sm:grid-cols-[1fr_auto_6rem_auto] sm:items-end">
              <div className="grid gap-1.5">
                <Label htmlFor={`${prefix}-name`}>Group name</Label>
                <Input
                  id={`${prefix}-name`}
                  value={group.name}
                  placeholder="Spice level"
                  maxLength={OPTION_LIMITS.groupName}
                  aria-invalid={error(`${gi}.name`) ? true : undefined}
                  onChange={(e) => setGroup(gi, { name: e.target.value })}
                />
              </div>
              <div className="flex h-10 items-center gap-2">
                <Switch
                  id={`${prefix}-required`}
                  checked={group.required}
                  onCheckedChange={(on) => setGroup(gi, { required: on })}
                />
                <Label htmlFor={`${prefix}-required`}>Required</Label>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${prefix}-max`}>
                  {group.required && group.max === '1' ? 'Pick' : 'Up to'}
                </Label>
                <Input
                  id={`${prefix}-max`}
                  inputMode="numeric"
                  value={group.max}
                  aria-invalid={error(`${gi}.max`) ? true : undefined}
                  onChange={(e) => setGroup(gi, { max: e.target.value })}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove the group ${group.name || gi + 1}`}
                onClick={() => onChange(value.filter((_, i) => i !== gi))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            {[error(`${gi}.name`), error(`${gi}.max`), error(`${gi}.options`)]
              .filter(Boolean)
              .map((message) => (
                <p key={message} role="alert" className="text-sm font-medium text-destructive">
                  {message}
                </p>
              ))}
            <ul className="grid gap-2">
              {group.options.map((option, oi) => {
                const id = `${prefix}-option-${option.key}`
                const problems = [
                  error(`${gi}.options.${oi}.name`),
                  error(`${gi}.options.${oi}.priceDelta`),
                ].filter(Boolean)
                return (
                  <li key={option.key} className="grid gap-2 rounded-md bg-muted/50 p-2">
                    <div className="flex items-end gap-2">
                      <div className="grid flex-1 gap-1">
                        <Label htmlFor={`${id}-name`} className="text-xs">
                          Option
                        </Label>
                        <Input
                          id={`${id}-name`}
                          value={option.name}
                          placeholder="Extra hot"
                          maxLength={OPTION_LIMITS.optionName}
                          aria-invalid={error(`${gi}.options.${oi}.name`) ? true : undefined}
                          onChange={(e) => setOption(gi, oi, { name: e.target.value })}
                        />
                      </div>
                      <div className="grid w-24 gap-1">
                        <Label htmlFor={`${id}-price`} className="text-xs">
                          Adds ($)
                        </Label>
                        <Input
                          id={`${id}-price`}
                          inputMode="decimal"
                          value={option.priceDelta}
                          aria-invalid={error(`${gi}.options.${oi}.priceDelta`) ? true : undefined}
                          onChange={(e) => setOption(gi, oi, { priceDelta: e.target.value })}
                        />
                      </div>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove the option ${option.name || oi + 1}`}
                        onClick={() => setGroup(gi, { options: group.options.filter((_, i) => i !== oi) })}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                      <details className="group">
                        <summary className="cursor-pointer text-xs text-muted-foreground">
                          Allergens
                          {option.allergens.length > 0
                            ? `: ${option.allergens.map(allergenLabel).join(', ')}`
                            : ''}
                        </summary>
                        <div className="mt-2 grid grid-cols-2 gap-1.5 sm:grid-cols-3">
                          {ALLERGENS.map((a) => (
                            <div key={a.id} className="flex items-center gap-2">
                              <Checkbox
                                id={`${id}-allergen-${a.id}`}
                                checked={option.allergens.includes(a.id)}
                                onCheckedChange={(on) =>
                                  setOption(gi, oi, {
                                    allergens: on
                                      ? [...option.allergens, a.id]
                                      : option.allergens.filter((x) => x !== a.id),
                                  })
                                }
                              />
                              <Label
                                htmlFor={`${id}-allergen-${a.id}`}
                                className="cursor-pointer text-xs font-normal"
                              >
                                {a.label}
                              </Label>
                            </div>
                          ))}
                        </div>
                      </details>
                      <div className="flex items-center gap-2">
                        <Checkbox
                          id={`${id}-available`}
                          checked={option.isAvailable}
                          onCheckedChange={(on) => setOption(gi, oi, { isAvailable: on === true })}
                        />
                        <Label htmlFor={`${id}-available`} className="cursor-pointer text-xs font-normal">
                          Available
                        </Label>
                      </div>
                    </div>
                    {problems.map((message) => (
                      <p key={message} role="alert" className="text-sm font-medium text-destructive">
                        {message}
                      </p>
                    ))}
                  </li>
                )
              })}
            </ul>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={group.options.length >= OPTION_LIMITS.options}
              onClick={() => setGroup(gi, { options: [...group.options, newOption()] })}
            >
              <Plus aria-hidden="true" />
              Add option
            </Button>
          </div>
        )
      })}
      {errors[''] ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors['']}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={value.length >= OPTION_LIMITS.groups}
        onClick={() =>
          onChange([
            ...value,
            { key: newKey(), name: '', required: false, max: '1', options: [newOption(), newOption()] },
          ])
        }
      >
        <Plus aria-hidden="true" />
        Add option group
      </Button>
    </fieldset>
  )
}
