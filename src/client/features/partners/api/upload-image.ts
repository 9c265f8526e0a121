import { ApiError } from '@client/lib/api-client'
import type { Upload } from '@shared/schemas/restaurants'
import { useMutation } from '@tanstack/react-query'

/** Files the server takes; it checks the content itself. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp'
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024

/** POST /api/uploads (multipart, field `file`): the picture's WebP address. */
export async function uploadImage(file: File): Promise<Upload> {
  if (file.size > UPLOAD_MAX_BYTES)
    throw new ApiError(413, 'Images can be at most 5 MB', 'Images can be at most 5 MB', undefined)
  const body = new FormData()
  body.append('file', file)
  const res = await fetch('/api/uploads', { method: 'POST', body, credentials: 'include' })
  const text = await res.text()
  if (!res.ok) {
    let message: string | undefined
    try {
      message = (JSON.parse(text) as { message?: string }).message
    } catch {}
    throw new ApiError(res.status, text, message, undefined)
  }
  return JSON.parse(text) as Upload
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage })
