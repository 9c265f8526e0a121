import { defineError } from '../infra/errors'

export const cameraNotFound = defineError({
  code: 'camera.not_found',
  status: 404,
  message: 'Camera not found',
})

export const cameraNotStreamedHere = defineError({
  code: 'camera.external_stream',
  status: 404,
  message: "This camera's video is served by the restaurant, not by Clearplate",
})

export const segmentNotFound = defineError({
  code: 'camera.segment_not_found',
  status: 404,
  message: 'Video segment not found',
})

export const liveVideoUnavailable = defineError({
  code: 'camera.unavailable',
  status: 503,
  message: 'Live camera video is unavailable right now',
})

export const cameraStarting = defineError({
  code: 'camera.starting',
  status: 503,
  message: 'Camera stream is starting, try again shortly',
})

export const tooManyCameraStreams = defineError({
  code: 'camera.too_many_streams',
  status: 503,
  message: 'Too many camera streams are running, try again shortly',
})

export const cameraOffline = defineError({
  code: 'camera.offline',
  status: 503,
  message: 'Camera offline, reconnecting',
})

export const cameraSourceRefused = defineError({
  code: 'camera.source_refused',
  status: 403,
  message: 'This camera’s address is on a private network, which this server does not connect to',
})
