import { CameraFields } from '@client/components/cameras/camera-fields'
import { Alert } from '@client/components/ui/alert'
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Label } from '@client/components/ui/label'
import { Skeleton } from '@client/components/ui/skeleton'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { zodResolver } from '@hookform/resolvers/zod'
import { CAMERA_POSITIONS } from '@shared/constants'
import {
  CAMERA_FORM_DEFAULTS,
  type CameraFormValues,
  cameraFormSchema,
} from '@shared/schemas/restaurant-forms'
import type { Camera, CameraCheck } from '@shared/schemas/restaurants'
import { CircleCheck, CircleX, Pencil, Plus, ScanSearch, Trash2, Video } from 'lucide-react'
import { Fragment, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useCheckCamera } from '../api/check-camera'
import { useCreateCamera } from '../api/create-camera'
import { useDeleteCamera } from '../api/delete-camera'
import { useOwnerCameras } from '../api/get-owner-cameras'
import { useUpdateCamera } from '../api/update-camera'

export const DELETE_CAMERA_CONFIRMATION = 'Remove this camera? Diners will no longer see its stream.'
type CameraForm = z.output<typeof cameraFormSchema>

const positionLabel = (value: string) => CAMERA_POSITIONS.find((p) => p.value === value)?.label ?? value

export function CamerasSection({ restaurantId }: { restaurantId: number }) {
  const cameras = useOwnerCameras(restaurantId)
  const [adding, setAdding] = useState(false)
  const list = cameras.data ?? []
  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Diners watch your active cameras; deactivated ones stay here, hidden from them.
        </p>
        {!adding ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add camera
          </Button>
        ) : null}
      </div>
      {adding ? <AddCamera restaurantId={restaurantId} onDone={() => setAdding(false)} /> : null}
      {cameras.isLoading ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : cameras.isError ? (
        <Alert variant="danger">Your cameras could not be loaded. Please refresh the page.</Alert>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-10 text-center">
          <Video className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">No cameras yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Add the stream of your kitchen camera; you need one active camera to go live.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2">
          {list.map((camera) => (
            <CameraCard key={camera.id} camera={camera} />
          ))}
        </ul>
      )}
    </div>
  )
}

function AddCamera({ restaurantId, onDone }: { restaurantId: number; onDone: () => void }) {
  const create = useCreateCamera()
  const form = useForm<CameraFormValues, unknown, CameraForm>({
    resolver: zodResolver(cameraFormSchema),
    defaultValues: CAMERA_FORM_DEFAULTS,
  })
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      { ...values, restaurantId },
      {
        onSuccess: (camera) => {
          toast({
            title: 'Camera added',
            description: `${camera.name} is saved. Check stream to see whether its picture comes through.`,
          })
          onDone()
        },
        onError: (error) =>
          toast({
            title: 'Camera not added',
            description: errorMessage(error, 'Please check the form and try again.'),
            variant: 'destructive',
          }),
      },
    ),
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Add a camera</CardTitle>
        <CardDescription>The address your camera or encoder publishes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Add a camera">
          <CameraFields form={form} idPrefix="new-cam" />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Saving...' : 'Save camera'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}

function CameraCard({ camera }: { camera: Camera }) {
  const update = useUpdateCamera()
  const remove = useDeleteCamera()
  const check = useCheckCamera(camera.restaurantId)
  const [editing, setEditing] = useState(false)
  const [result, setResult] = useState<CameraCheck | null>(null)
  const activeId = `camera-active-${camera.id}`
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' })

  return (
    <li
      className="rounded-xl border bg-card p-4"
      aria-label={`Camera ${camera.name}`}
      data-testid="camera-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{camera.name}</h3>
            <Badge variant={camera.isActive ? 'success' : 'secondary'}>
              {camera.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">{positionLabel(camera.position)}</p>
          <p
            className="font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]"
            data-testid="camera-url"
          >
            <UrlText url={camera.streamUrl} />
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={activeId}
            checked={camera.isActive}
            disabled={update.isPending}
            onCheckedChange={(isActive) =>
              update.mutate({ id: camera.id, isActive }, { onError: failed('Camera not changed') })
            }
          />
          <Label htmlFor={activeId} className="text-sm font-normal">
            Active<span className="sr-only">: {camera.name}</span>
          </Label>
        </div>
      </div>
      {editing ? (
        <EditCamera camera={camera} onDone={() => setEditing(false)} />
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={check.isPending}
            onClick={() => {
              setResult(null)
              check.mutate(camera.id, { onSuccess: setResult, onError: failed('Stream not checked') })
            }}
          >
            <ScanSearch aria-hidden="true" />
            {check.isPending ? 'Checking...' : 'Check stream'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${camera.name}`}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${camera.name}`}
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(DELETE_CAMERA_CONFIRMATION)) return
              remove.mutate(
                { id: camera.id, restaurantId: camera.restaurantId },
                {
                  onSuccess: () => toast({ title: 'Camera removed', description: `${camera.name} is gone.` }),
                  onError: failed('Camera not removed'),
                },
              )
            }}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      )}
      {result ? (
        <Alert
          variant={result.ok ? 'success' : 'warning'}
          className="mt-3"
          role="status"
          data-testid="stream-check"
        >
          {result.ok ? <CircleCheck aria-hidden="true" /> : <CircleX aria-hidden="true" />}
          <p>
            {result.ok && result.codec
              ? `Stream OK: ${result.codec.toUpperCase()}, ${result.width}×${result.height}`
              : result.message}
          </p>
        </Alert>
      ) : null}
    </li>
  )
}

function EditCamera({ camera, onDone }: { camera: Camera; onDone: () => void }) {
  const update = useUpdateCamera()
  const form = useForm<CameraFormValues, unknown, CameraForm>({
    resolver: zodResolver(cameraFormSchema),
    defaultValues: { name: camera.name, position: camera.position, streamUrl: camera.streamUrl },
  })
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { id: camera.id, ...values },
      {
        onSuccess: (saved) => {
          toast({ title: 'Camera saved', description: `${saved.name} is up to date.` })
          onDone()
        },
        onError: (error) =>
          toast({
            title: 'Camera not saved',
            description: errorMessage(error, 'Please check the form and try again.'),
            variant: 'destructive',
          }),
      },
    ),
  )
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4" aria-label={`Edit ${camera.name}`}>
      <CameraFields form={form} idPrefix={`cam-${camera.id}`} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save camera'}
        </Button>
      </div>
    </form>
  )
}

/**
 * A long address that wraps where it reads well: after a slash, a dot or a query's separators,
 * rather than anywhere (which leaves a lone character on a line); a segment too long for a line
 * still breaks inside.
 */
function UrlText({ url }: { url: string }) {
  const parts = url.split(/(?<=[/.?&=])/)
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  )
}
