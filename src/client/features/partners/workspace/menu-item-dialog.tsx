import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { Checkbox } from '@client/components/ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Label } from '@client/components/ui/label'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { ApiError, errorMessage } from '@client/lib/api-client'
import { zodResolver } from '@hookform/resolvers/zod'
import { allergenHints } from '@shared/allergen-hints'
import { ALLERGENS } from '@shared/constants'
import {
  type MenuItemForm,
  type MenuItemFormValues,
  menuItemFormSchema,
  menuItemPayload,
  splitIngredients,
} from '@shared/schemas/menu'
import { optionGroupsInputSchema } from '@shared/schemas/menu-options'
import type { MenuItem } from '@shared/schemas/restaurants'
import { TriangleAlert } from 'lucide-react'
import { useId, useState } from 'react'
import { useController, useForm, useWatch } from 'react-hook-form'
import { useCreateMenuItem } from '../api/create-menu-item'
import { useUpdateMenuItem } from '../api/update-menu-item'
import { InputField, TextareaField } from '../components/form-fields'
import { ImagePicker } from './image-picker'
import { type GroupDraft, groupDrafts, groupsPayload, OptionGroupsEditor } from './option-groups-editor'

function formValues(item: MenuItem | null, category: string): MenuItemFormValues {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: item ? item.price.toFixed(2) : '',
    category: item?.category ?? category,
    image: item?.image ?? '',
    ingredients: item?.ingredients.join(', ') ?? '',
    allergens: item?.allergens ?? [],
    isAvailable: item?.isAvailable ?? true,
  }
}

/** Add or edit a dish. Warns before saving when an ingredient names an allergen the dish does not declare. */
export function MenuItemDialog({
  restaurantId,
  item,
  categories,
  defaultCategory,
  open,
  onOpenChange,
}: {
  restaurantId: number
  /** null to add a dish. */
  item: MenuItem | null
  categories: string[]
  defaultCategory: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{item ? `Edit ${item.name}` : 'Add a dish'}</DialogTitle>
          <DialogDescription>
            Diners see the name, price, description, photo and allergens. A new category name starts a new
            category.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <MenuItemFormBody
            restaurantId={restaurantId}
            item={item}
            categories={categories}
            defaultCategory={defaultCategory}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function MenuItemFormBody({
  restaurantId,
  item,
  categories,
  defaultCategory,
  onDone,
}: {
  restaurantId: number
  item: MenuItem | null
  categories: string[]
  defaultCategory: string
  onDone: () => void
}) {
  const create = useCreateMenuItem()
  const update = useUpdateMenuItem()
  const pending = create.isPending || update.isPending
  const listId = useId()
  const form = useForm<MenuItemFormValues, unknown, MenuItemForm>({
    resolver: zodResolver(menuItemFormSchema),
    defaultValues: formValues(item, defaultCategory),
  })
  const { errors } = form.formState
  const image = useController({ control: form.control, name: 'image' })
  const allergens = useController({ control: form.control, name: 'allergens' })
  const available = useController({ control: form.control, name: 'isAvailable' })
  const ingredientsText = useWatch({ control: form.control, name: 'ingredients' }) ?? ''
  const declared: string[] = allergens.field.value ?? []
  const hints = allergenHints(splitIngredients(ingredientsText), declared)
  const hintKey = hints.map((h) => h.allergen).join(',')
  // The owner has seen exactly these hints and chose to save anyway.
  const [acknowledged, setAcknowledged] = useState<string | null>(null)
  const mustConfirm = hints.length > 0 && acknowledged !== hintKey
  const [groups, setGroups] = useState<GroupDraft[]>(() => groupDrafts(item?.optionGroups))
  const [groupErrors, setGroupErrors] = useState<Record<string, string>>({})

  const onSubmit = form.handleSubmit((values) => {
    // The option groups follow the same schema as the server's check.
    const checked = optionGroupsInputSchema.safeParse(groupsPayload(groups))
    if (!checked.success) {
      const next: Record<string, string> = {}
      for (const issue of checked.error.issues) next[issue.path.join('.')] ??= issue.message
      setGroupErrors(next)
      return
    }
    setGroupErrors({})
    if (mustConfirm) {
      setAcknowledged(hintKey)
      return
    }
    const payload = { ...menuItemPayload(values), optionGroups: groupsPayload(groups) }
    const done = {
      onSuccess: (saved: MenuItem) => {
        toast({ title: item ? 'Dish saved' : 'Dish added', description: `${saved.name} is on your menu.` })
        onDone()
      },
      onError: (error: unknown) => {
        if (error instanceof ApiError && error.fieldErrors)
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            if (field.startsWith('optionGroups'))
              setGroupErrors((e) => ({ ...e, [field.split('.').slice(1).join('.')]: message }))
            else form.setError(field.split('.')[0] as keyof MenuItemFormValues, { message })
          }
        toast({
          title: 'Dish not saved',
          description: errorMessage(error, 'Please check the form and try again.'),
          variant: 'destructive',
        })
      },
    }
    if (item) update.mutate({ id: item.id, restaurantId, ...payload }, done)
    else create.mutate({ restaurantId, ...payload }, done)
  })

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label={item ? 'Edit dish' : 'Add a dish'}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <InputField
          id="dish-name"
          label="Dish name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <InputField
          id="dish-price"
          label="Price ($)"
          inputMode="decimal"
          placeholder="12.50"
          error={errors.price?.message}
          {...form.register('price')}
        />
      </div>
      <InputField
        id="dish-category"
        label="Category"
        list={listId}
        placeholder="Mains"
        error={errors.category?.message}
        {...form.register('category')}
      />
      <datalist id={listId}>
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <TextareaField
        id="dish-description"
        label="Description"
        rows={2}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <TextareaField
        id="dish-ingredients"
        label="Ingredients"
        rows={2}
        hint="Separated by commas, up to 30"
        placeholder="tomato, basil, mozzarella"
        error={errors.ingredients?.message}
        {...form.register('ingredients')}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Allergens</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {ALLERGENS.map((a) => {
            const id = `dish-allergen-${a.id}`
            return (
              <div key={a.id} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={declared.includes(a.id)}
                  onCheckedChange={(on) =>
                    allergens.field.onChange(on ? [...declared, a.id] : declared.filter((d) => d !== a.id))
                  }
                />
                <Label htmlFor={id} className="cursor-pointer font-normal">
                  {a.label}
                </Label>
              </div>
            )
          })}
        </div>
      </fieldset>
      {hints.length > 0 ? (
        <Alert variant="warning" role="alert" data-testid="allergen-hint">
          <TriangleAlert aria-hidden="true" />
          <div className="grid gap-2">
            <p className="font-semibold">Check the allergens before saving</p>
            <ul className="grid gap-1">
              {hints.map((hint) => (
                <li key={hint.allergen} className="flex flex-wrap items-center gap-2">
                  <span>
                    {hint.ingredients.map((i) => `“${i}”`).join(', ')} suggests <strong>{hint.label}</strong>,
                    which this dish does not declare.
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => allergens.field.onChange([...declared, hint.allergen])}
                  >
                    Declare {hint.label}
                  </Button>
                </li>
              ))}
            </ul>
            {!mustConfirm ? <p>Declare them, or press Save anyway if the dish is free of them.</p> : null}
          </div>
        </Alert>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Photo</legend>
        <ImagePicker
          value={image.field.value ?? ''}
          onChange={(url) => image.field.onChange(url)}
          alt={item ? item.name : 'New dish'}
          shape="wide"
          noun="dish photo"
        />
      </fieldset>
      <OptionGroupsEditor value={groups} onChange={setGroups} errors={groupErrors} />
      <div className="flex items-center gap-3">
        <Switch
          id="dish-available"
          checked={available.field.value}
          onCheckedChange={(on) => available.field.onChange(on)}
        />
        <Label htmlFor="dish-available">Available to order</Label>
      </div>
      {/* Kept in sight at the dialog's foot while the form scrolls on a short window. */}
      <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-popover px-6 py-4">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending
            ? 'Saving...'
            : hints.length > 0 && !mustConfirm
              ? 'Save anyway'
              : item
                ? 'Save dish'
                : 'Add dish'}
        </Button>
      </DialogFooter>
    </form>
  )
}
