import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { zodResolver } from '@hookform/resolvers/zod'
import { type Kitchen, type KitchenSettings, kitchenSettingsSchema } from '@shared/schemas/kitchen'
import { useForm } from 'react-hook-form'
import { useUpdateKitchenSettings } from '../api/update-kitchen-settings'

/** The owner's settings: when tickets turn amber and red, and which station cooks each category. */
export function SettingsDialog({
  kitchen,
  open,
  onOpenChange,
}: {
  kitchen: Kitchen
  open: boolean
  onOpenChange(open: boolean): void
}) {
  const update = useUpdateKitchenSettings(kitchen.restaurantId)
  const form = useForm<KitchenSettings>({
    resolver: zodResolver(kitchenSettingsSchema),
    values: {
      amberMinutes: kitchen.settings.amberMinutes,
      redMinutes: kitchen.settings.redMinutes,
      stations: Object.fromEntries(kitchen.categories.map((c) => [c, kitchen.settings.stations[c] ?? ''])),
    },
  })
  const { errors } = form.formState

  const submit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Kitchen settings saved' })
        onOpenChange(false)
      },
      onError: (error) =>
        toast({
          title: 'Could not save',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    })
  })

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Kitchen settings</DialogTitle>
          <DialogDescription>Ticket colours and stations for every tablet of this kitchen.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid grid-cols-2 gap-4">
            <Field id="amber" label="Amber after (min)" error={errors.amberMinutes?.message}>
              <Input
                type="number"
                inputMode="numeric"
                {...fieldProps('amber', errors.amberMinutes?.message)}
                {...form.register('amberMinutes', { valueAsNumber: true })}
              />
            </Field>
            <Field id="red" label="Red after (min)" error={errors.redMinutes?.message}>
              <Input
                type="number"
                inputMode="numeric"
                {...fieldProps('red', errors.redMinutes?.message)}
                {...form.register('redMinutes', { valueAsNumber: true })}
              />
            </Field>
          </div>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Stations (grill, fryer, cold, pastry...)</legend>
            {kitchen.categories.map((category, i) => (
              <Field
                key={category}
                id={`station-${i}`}
                label={category}
                error={errors.stations?.[category]?.message}
              >
                <Input
                  placeholder="No station"
                  {...fieldProps(`station-${i}`)}
                  {...form.register(`stations.${category}`)}
                />
              </Field>
            ))}
          </fieldset>
          <DialogFooter>
            <Button size="lg" variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button size="lg" type="submit" disabled={update.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
