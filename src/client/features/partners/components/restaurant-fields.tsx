import { Checkbox } from '@client/components/ui/checkbox'
import { Label } from '@client/components/ui/label'
import { cn } from '@client/lib/utils'
import { PRICE_RANGES, RESTAURANT_CUISINES } from '@shared/constants'
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form'
import { InputField, type InputFieldProps, SelectField, type SelectFieldProps } from './form-fields'

/** The restaurant's own fields, shared by the application form and the registration wizard. */

export function NameField(props: Omit<InputFieldProps, 'label'>) {
  return <InputField label="Restaurant name" placeholder="e.g. Casa Nueva" {...props} />
}

export function AddressField(props: Omit<InputFieldProps, 'label'>) {
  return (
    <InputField
      label="Address"
      autoComplete="street-address"
      placeholder="500 Congress Ave, Austin, TX 78701"
      {...props}
    />
  )
}

export function CuisineField({
  label = 'Cuisine',
  ...props
}: Omit<SelectFieldProps, 'label' | 'placeholder' | 'options'> & { label?: string }) {
  return <SelectField label={label} placeholder="Select a cuisine" options={RESTAURANT_CUISINES} {...props} />
}

export function PriceRangeField({
  describe,
  ...props
}: Omit<SelectFieldProps, 'label' | 'placeholder' | 'options'> & {
  /** The text of a range's choice, e.g. "$$ Moderate". */
  describe: (range: (typeof PRICE_RANGES)[number]) => string
}) {
  return (
    <SelectField
      label="Price range"
      placeholder="Select a price range"
      options={PRICE_RANGES.map((range) => ({ value: range, label: describe(range) }))}
      {...props}
    />
  )
}

/** One checkbox per feature; ids are `${idPrefix}-live-kitchen-view` and so on. */
export function FeaturesField<T extends FieldValues, O>({
  control,
  name,
  legend,
  features,
  idPrefix,
  className,
}: {
  control: Control<T, unknown, O>
  name: FieldPathByValue<T, string[] | undefined>
  legend: string
  features: readonly string[]
  idPrefix: string
  className?: string
}) {
  const { field } = useController({ control, name })
  const selected: string[] = field.value ?? []
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={cn('grid gap-2.5 sm:grid-cols-2', className)}>
        {features.map((feature) => {
          const id = `${idPrefix}-${feature.toLowerCase().replace(/\W+/g, '-')}`
          return (
            <div
              key={feature}
              className="flex items-center gap-2.5 rounded-lg border px-3 py-2.5 transition-colors has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
            >
              <Checkbox
                id={id}
                checked={selected.includes(feature)}
                onCheckedChange={(on) =>
                  field.onChange(on ? [...selected, feature] : selected.filter((f) => f !== feature))
                }
              />
              <Label htmlFor={id} className="cursor-pointer font-normal">
                {feature}
              </Label>
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}
