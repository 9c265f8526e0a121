import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { Field, fieldProps } from '@client/components/ui/field'
import { Textarea } from '@client/components/ui/input'
import { toast } from '@client/components/ui/use-toast'
import { cn } from '@client/lib/utils'
import { zodResolver } from '@hookform/resolvers/zod'
import { INSTALLATION_TIME, INSTALLATION_TIME_SLOTS, SPECIAL_INSTRUCTIONS_MAX } from '@shared/constants'
import type { User } from '@shared/schemas/auth'
import { CalendarCheck, Clock, KeyRound, Timer, UserCheck } from 'lucide-react'
import { useMemo } from 'react'
import { type UseFormReturn, useForm } from 'react-hook-form'
import { useCreateInstallation } from '../api/create-installation'
import type { OwnedRestaurant } from '../api/get-user-restaurants'
import {
  blankInstallationForm,
  type InstallationForm as InstallationFormOutput,
  type InstallationFormValues,
  installationFormSchema,
  localTomorrow,
} from '../lib/installation-form'
import { EmailField, InputField, PhoneField, SelectField, TermsField } from './form-fields'

export function InstallationForm({
  user,
  restaurants,
  onSubmitted,
}: {
  user: User
  restaurants: OwnedRestaurant[]
  onSubmitted: (request: InstallationFormOutput) => void
}) {
  const schema = useMemo(() => installationFormSchema(), [])
  const create = useCreateInstallation()
  const defaults = {
    ...blankInstallationForm({ name: user.fullName, email: user.email }),
    restaurantId: restaurants.length === 1 ? String(restaurants[0]!.id) : '',
  }
  const form = useForm<InstallationFormValues, unknown, InstallationFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  })
  const { errors } = form.formState
  const instructionsLength = (form.watch('specialInstructions') ?? '').length

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      {
        restaurantId: values.restaurantId,
        preferredDate: values.preferredDate,
        preferredTimeSlot: values.preferredTimeSlot,
        secondaryDate: values.secondaryDate,
        secondaryTimeSlot: values.secondaryTimeSlot,
        specialInstructions: values.specialInstructions,
        contactName: values.contactName,
        contactPhone: values.contactPhone,
        contactEmail: values.contactEmail,
        termsAccepted: true,
        userId: user.id,
        status: 'pending',
        createdAt: new Date().toISOString(),
      },
      {
        onSuccess: () => {
          toast({
            title: 'Installation Scheduled',
            description: "We've received your request and will contact you soon to confirm.",
          })
          form.reset(defaults)
          onSubmitted(values)
        },
        onError: () =>
          toast({
            title: 'Error',
            description: 'There was a problem scheduling your installation. Please try again.',
            variant: 'destructive',
          }),
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <SelectField
        id="inst-restaurant"
        label="Restaurant"
        placeholder="Select a restaurant"
        options={restaurants.map((r) => ({ value: r.id, label: r.name }))}
        error={errors.restaurantId?.message}
        {...form.register('restaurantId')}
      />

      <fieldset className="grid gap-4 rounded-xl border p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold">Preferred appointment</legend>
        <AppointmentFields
          form={form}
          date="preferredDate"
          slot="preferredTimeSlot"
          noSlot="Select a time slot"
        />
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-dashed p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold">
          Alternative appointment <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
        <AppointmentFields
          form={form}
          date="secondaryDate"
          slot="secondaryTimeSlot"
          noSlot="No preference"
          idSuffix="2"
        />
      </fieldset>

      <Field
        id="inst-notes"
        label="Special instructions (optional)"
        error={errors.specialInstructions?.message}
        hint="Parking, entrances, where the kitchen is, anything our technicians should know."
      >
        <Textarea
          rows={4}
          {...fieldProps('inst-notes', errors.specialInstructions?.message, true)}
          {...form.register('specialInstructions')}
        />
        <p
          className={cn(
            'text-right text-xs tabular-nums',
            instructionsLength > SPECIAL_INSTRUCTIONS_MAX
              ? 'font-semibold text-destructive'
              : 'text-muted-foreground',
          )}
          aria-live="polite"
        >
          {instructionsLength}/{SPECIAL_INSTRUCTIONS_MAX} characters
        </p>
      </Field>

      <fieldset className="grid gap-4">
        <legend className="mb-3 text-sm font-semibold">On-site contact</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id="inst-name"
            label="Name"
            autoComplete="name"
            error={errors.contactName?.message}
            {...form.register('contactName')}
          />
          <PhoneField
            id="inst-phone"
            error={errors.contactPhone?.message}
            {...form.register('contactPhone')}
          />
          <EmailField
            id="inst-email"
            error={errors.contactEmail?.message}
            className="sm:col-span-2"
            {...form.register('contactEmail')}
          />
        </div>
      </fieldset>

      <Alert variant="warning">
        <Clock aria-hidden="true" />
        <div className="grid gap-1.5">
          <p className="font-semibold">Before the technician arrives</p>
          <ul className="grid gap-1">
            <li className="flex items-center gap-1.5">
              <Timer className="size-3.5 shrink-0" aria-hidden="true" />
              Installation typically takes {INSTALLATION_TIME}.
            </li>
            <li className="flex items-center gap-1.5">
              <KeyRound className="size-3.5 shrink-0" aria-hidden="true" />
              The kitchen must be accessible for the whole visit.
            </li>
            <li className="flex items-center gap-1.5">
              <UserCheck className="size-3.5 shrink-0" aria-hidden="true" />
              Someone authorised to make decisions about the installation must be present.
            </li>
          </ul>
        </div>
      </Alert>

      <TermsField control={form.control} name="termsAccepted" id="inst-terms">
        I accept the installation terms and confirm the kitchen will be ready for the technician.
      </TermsField>

      <Button type="submit" size="lg" disabled={create.isPending} className="sm:w-fit">
        <CalendarCheck aria-hidden="true" />
        {create.isPending ? 'Processing...' : 'Schedule Installation'}
      </Button>
    </form>
  )
}

/** A date from tomorrow on and a time slot, for one appointment. */
function AppointmentFields({
  form,
  date,
  slot,
  noSlot,
  idSuffix = '',
}: {
  form: UseFormReturn<InstallationFormValues, unknown, InstallationFormOutput>
  date: 'preferredDate' | 'secondaryDate'
  slot: 'preferredTimeSlot' | 'secondaryTimeSlot'
  /** The slot's empty choice. */
  noSlot: string
  idSuffix?: string
}) {
  const { errors } = form.formState
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField
        id={`inst-date${idSuffix}`}
        label="Date"
        type="date"
        min={localTomorrow()}
        error={errors[date]?.message}
        {...form.register(date)}
      />
      <SelectField
        id={`inst-slot${idSuffix}`}
        label="Time slot"
        placeholder={noSlot}
        options={INSTALLATION_TIME_SLOTS}
        error={errors[slot]?.message}
        {...form.register(slot)}
      />
    </div>
  )
}
