import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { Checkbox } from '@client/components/ui/checkbox'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input, NativeSelect, Textarea } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import { toast } from '@client/components/ui/use-toast'
import { cn } from '@client/lib/utils'
import { zodResolver } from '@hookform/resolvers/zod'
import { INSTALLATION_TIME_SLOTS, SPECIAL_INSTRUCTIONS_MAX } from '@shared/constants'
import type { User } from '@shared/schemas/auth'
import { CalendarCheck, Clock, KeyRound, Timer, UserCheck } from 'lucide-react'
import { useMemo } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useCreateInstallation } from '../api/create-installation'
import type { OwnedRestaurant } from '../api/get-user-restaurants'
import {
  blankInstallationForm,
  type InstallationForm as InstallationFormOutput,
  type InstallationFormValues,
  installationFormSchema,
  localTomorrow,
} from '../lib/installation-form'

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
  const tomorrow = localTomorrow()
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
      <Field id="inst-restaurant" label="Restaurant" error={errors.restaurantId?.message}>
        <NativeSelect
          {...fieldProps('inst-restaurant', errors.restaurantId?.message)}
          {...form.register('restaurantId')}
        >
          <option value="">Select a restaurant</option>
          {restaurants.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </NativeSelect>
      </Field>

      <fieldset className="grid gap-4 rounded-xl border p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold">Preferred appointment</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="inst-date" label="Date" error={errors.preferredDate?.message}>
            <Input
              type="date"
              min={tomorrow}
              {...fieldProps('inst-date', errors.preferredDate?.message)}
              {...form.register('preferredDate')}
            />
          </Field>
          <Field id="inst-slot" label="Time slot" error={errors.preferredTimeSlot?.message}>
            <NativeSelect
              {...fieldProps('inst-slot', errors.preferredTimeSlot?.message)}
              {...form.register('preferredTimeSlot')}
            >
              <option value="">Select a time slot</option>
              {INSTALLATION_TIME_SLOTS.map((slot) => (
                <option key={slot} value={slot}>
                  {slot}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-dashed p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold">
          Alternative appointment <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="inst-date2" label="Date" error={errors.secondaryDate?.message}>
            <Input
              type="date"
              min={tomorrow}
              {...fieldProps('inst-date2', errors.secondaryDate?.message)}
              {...form.register('secondaryDate')}
            />
          </Field>
          <Field id="inst-slot2" label="Time slot" error={errors.secondaryTimeSlot?.message}>
            <NativeSelect
              {...fieldProps('inst-slot2', errors.secondaryTimeSlot?.message)}
              {...form.register('secondaryTimeSlot')}
            >
              <option value="">No preference</option>
              {INSTALLATION_TIME_SLOTS.map((slot) => (
                <option key={slot} value={slot}>
                  {slot}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
      </fieldset>

      <Field
        id="inst-notes"
        label="Special instructions (optional)"
        error={errors.specialInstructions?.message}
        hint="Parking, entrances, where the kitchen is, anything our technicians should know."
      >
        <Textarea
          rows={4}
          {...fieldProps('inst-notes', errors.specialInstructions?.message)}
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
          <Field id="inst-name" label="Name" error={errors.contactName?.message}>
            <Input
              autoComplete="name"
              {...fieldProps('inst-name', errors.contactName?.message)}
              {...form.register('contactName')}
            />
          </Field>
          <Field id="inst-phone" label="Phone" error={errors.contactPhone?.message}>
            <Input
              type="tel"
              autoComplete="tel"
              placeholder="(512) 555-0199"
              {...fieldProps('inst-phone', errors.contactPhone?.message)}
              {...form.register('contactPhone')}
            />
          </Field>
          <Field id="inst-email" label="Email" error={errors.contactEmail?.message} className="sm:col-span-2">
            <Input
              type="email"
              autoComplete="email"
              {...fieldProps('inst-email', errors.contactEmail?.message)}
              {...form.register('contactEmail')}
            />
          </Field>
        </div>
      </fieldset>

      <Alert variant="warning">
        <Clock aria-hidden="true" />
        <div className="grid gap-1.5">
          <p className="font-semibold">Before the technician arrives</p>
          <ul className="grid gap-1">
            <li className="flex items-center gap-1.5">
              <Timer className="size-3.5 shrink-0" aria-hidden="true" />
              Installation typically takes 2-3 hours.
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

      <Controller
        control={form.control}
        name="termsAccepted"
        render={({ field }) => (
          <div className="grid gap-1.5">
            <div className="flex items-start gap-3">
              <Checkbox
                checked={field.value === true}
                onCheckedChange={(on) => field.onChange(on === true)}
                {...fieldProps('inst-terms', errors.termsAccepted?.message)}
              />
              <Label htmlFor="inst-terms" className="cursor-pointer font-normal leading-snug">
                I accept the installation terms and confirm the kitchen will be ready for the technician.
              </Label>
            </div>
            {errors.termsAccepted?.message ? (
              <p id="inst-terms-error" role="alert" className="text-sm font-medium text-destructive">
                {errors.termsAccepted.message}
              </p>
            ) : null}
          </div>
        )}
      />

      <Button type="submit" size="lg" disabled={create.isPending} className="sm:w-fit">
        <CalendarCheck aria-hidden="true" />
        {create.isPending ? 'Processing...' : 'Schedule Installation'}
      </Button>
    </form>
  )
}
