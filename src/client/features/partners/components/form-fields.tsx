import { Checkbox } from '@client/components/ui/checkbox'
import { Field, FieldError, fieldProps } from '@client/components/ui/field'
import { Input, NativeSelect, Textarea } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import type { ComponentProps, ReactNode } from 'react'
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form'

/** The label, hint and error around one control; the rest of the props (and `form.register(name)`) go to the control. */
interface FramedProps {
  id: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  className?: string
}

export type InputFieldProps = FramedProps & Omit<ComponentProps<'input'>, 'id'>

export function InputField({ id, label, error, hint, className, ...input }: InputFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <Input {...input} {...fieldProps(id, error, Boolean(hint))} />
    </Field>
  )
}

export function TextareaField({
  id,
  label,
  error,
  hint,
  className,
  ...textarea
}: FramedProps & Omit<ComponentProps<'textarea'>, 'id'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <Textarea {...textarea} {...fieldProps(id, error, Boolean(hint))} />
    </Field>
  )
}

export type SelectOption = string | { value: string | number; label: string }

export type SelectFieldProps = FramedProps &
  Omit<ComponentProps<'select'>, 'id'> & {
    /** The first, empty choice. */
    placeholder: string
    options: readonly SelectOption[]
  }

export function SelectField({
  id,
  label,
  error,
  hint,
  className,
  placeholder,
  options,
  ...select
}: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <NativeSelect {...select} {...fieldProps(id, error, Boolean(hint))}>
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value, label } = typeof option === 'string' ? { value: option, label: option } : option
          return (
            <option key={value} value={value}>
              {label}
            </option>
          )
        })}
      </NativeSelect>
    </Field>
  )
}

export function PhoneField(props: Omit<InputFieldProps, 'label'>) {
  return <InputField label="Phone" type="tel" autoComplete="tel" placeholder="(512) 555-0199" {...props} />
}

export function EmailField(props: Omit<InputFieldProps, 'label'>) {
  return <InputField label="Email" type="email" autoComplete="email" {...props} />
}

/** A checkbox that must be ticked to submit; `children` is its label. */
export function TermsField<T extends FieldValues, O>({
  control,
  name,
  id,
  children,
}: {
  control: Control<T, unknown, O>
  name: FieldPathByValue<T, boolean>
  id: string
  children: ReactNode
}) {
  const { field, fieldState } = useController({ control, name })
  const error = fieldState.error?.message
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <Checkbox
          checked={field.value === true}
          onCheckedChange={(on) => field.onChange(on === true)}
          {...fieldProps(id, error)}
        />
        <Label htmlFor={id} className="cursor-pointer font-normal leading-snug">
          {children}
        </Label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  )
}
