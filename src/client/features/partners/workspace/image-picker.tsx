import { Button } from '@client/components/ui/button'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { sizedImage } from '@client/lib/images'
import { cn } from '@client/lib/utils'
import { ImagePlus, Trash2 } from 'lucide-react'
import { useId, useRef } from 'react'
import { UPLOAD_ACCEPT, useUploadImage } from '../api/upload-image'

/** Uploads one picture when chosen and hands back its address; `children` is the button's text. */
export function UploadButton({
  onUploaded,
  children,
  label,
  variant = 'outline',
}: {
  onUploaded: (url: string) => void
  children: string
  /** The accessible name when it differs from the text. */
  label?: string
  variant?: 'outline' | 'secondary'
}) {
  const upload = useUploadImage()
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (!file) return
          upload.mutate(file, {
            onSuccess: ({ url }) => onUploaded(url),
            onError: (error) =>
              toast({
                title: 'Upload failed',
                description: errorMessage(error, 'The picture could not be uploaded. Please try again.'),
                variant: 'destructive',
              }),
          })
        }}
      />
      <Button
        type="button"
        variant={variant}
        disabled={upload.isPending}
        aria-label={label}
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden="true" />
        {upload.isPending ? 'Uploading...' : children}
      </Button>
    </>
  )
}

/**
 * One picture (a logo, a dish photo) with its upload and remove buttons. Each button is named by
 * its visible word and `noun` ("Replace dish photo", "Remove dish photo"), so a screen reader and a
 * voice command both find the button by the word on it.
 */
export function ImagePicker({
  value,
  onChange,
  alt,
  shape = 'square',
  noun,
}: {
  value: string
  onChange: (url: string) => void
  alt: string
  shape?: 'square' | 'wide'
  /** What the picture is, in lower case: "dish photo", "logo". */
  noun: string
}) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div
        className={cn(
          'flex shrink-0 items-center justify-center overflow-hidden rounded-xl border bg-muted text-xs text-muted-foreground',
          shape === 'square' ? 'size-20' : 'aspect-video w-36',
        )}
      >
        {value ? (
          <img src={sizedImage(value, 320)} alt={alt} className="size-full object-cover" />
        ) : (
          'No picture'
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <UploadButton onUploaded={onChange} label={`${value ? 'Replace' : 'Upload'} ${noun}`}>
          {value ? 'Replace' : 'Upload'}
        </UploadButton>
        {value ? (
          <Button type="button" variant="ghost" onClick={() => onChange('')} aria-label={`Remove ${noun}`}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </div>
    </div>
  )
}
