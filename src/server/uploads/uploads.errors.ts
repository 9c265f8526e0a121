import { defineError } from '../infra/errors'

export const notAnImage = defineError({
  code: 'uploads.not_an_image',
  status: 400,
  message: 'Please choose a JPEG, PNG or WebP image',
})

export const imageTooLarge = defineError({
  code: 'uploads.too_large',
  status: 413,
  message: 'Images can be at most 5 MB',
})

export const noFile = defineError({
  code: 'uploads.no_file',
  status: 400,
  message: 'Send the image as multipart/form-data in the field "file"',
})

export const imageNotFound = defineError({
  code: 'uploads.not_found',
  status: 404,
  message: 'Image not found',
})
