import { CameraFields } from '@client/components/cameras/camera-fields'
import { Button } from '@client/components/ui/button'
import { toast } from '@client/components/ui/use-toast'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  CAMERA_FORM_DEFAULTS,
  type CameraFormValues,
  cameraFormSchema,
} from '@shared/schemas/restaurant-forms'
import type { Camera, Restaurant } from '@shared/schemas/restaurants'
import { Video } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useCreateCamera } from '../api/create-camera'

export function WizardCameraStep({
  restaurant,
  cameras,
  onSaved,
  onSkip,
}: {
  restaurant: Restaurant | null
  cameras: Camera[]
  onSaved: (camera: Camera) => void
  onSkip: () => void
}) {
  const create = useCreateCamera()
  const form = useForm<CameraFormValues, unknown, z.output<typeof cameraFormSchema>>({
    resolver: zodResolver(cameraFormSchema),
    defaultValues: CAMERA_FORM_DEFAULTS,
  })

  const onSubmit = form.handleSubmit((values) => {
    if (!restaurant) {
      toast({ title: 'Error', description: 'Please register your restaurant first', variant: 'destructive' })
      return
    }
    create.mutate(
      { ...values, restaurantId: restaurant.id },
      {
        onSuccess: (camera) => {
          toast({
            title: 'Camera Setup Complete',
            description: `${camera.name} is saved for ${restaurant.name}. Check its stream in your workspace to see the picture come through.`,
          })
          form.reset(CAMERA_FORM_DEFAULTS)
          onSaved(camera)
        },
        onError: () =>
          toast({
            title: 'Setup Failed',
            description: 'There was an error setting up your camera. Please try again.',
            variant: 'destructive',
          }),
      },
    )
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        {restaurant ? (
          <>
            Connect a kitchen camera for <strong className="text-foreground">{restaurant.name}</strong>.
            Diners see this stream while their order is being cooked.
          </>
        ) : (
          'Register your restaurant first, then connect its kitchen cameras here.'
        )}
      </p>
      {cameras.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Cameras added">
          {cameras.map((camera) => (
            <li
              key={camera.id}
              className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-xs font-medium text-accent-foreground"
            >
              <Video className="size-3.5" aria-hidden="true" />
              {camera.name}
            </li>
          ))}
        </ul>
      ) : null}
      <CameraFields
        form={form}
        idPrefix="cam"
        rowClassName="gap-5"
        urlHint="The HLS address your camera or encoder publishes, usually ending in .m3u8"
      />
      <div className="flex flex-col-reverse justify-between gap-3 sm:flex-row">
        <Button type="button" variant="ghost" onClick={onSkip}>
          Skip This Step
        </Button>
        <Button type="submit" size="lg" disabled={create.isPending}>
          <Video aria-hidden="true" />
          {create.isPending ? 'Saving...' : 'Save Camera'}
        </Button>
      </div>
    </form>
  )
}
