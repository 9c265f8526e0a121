import type { World } from '../server/world'
import { autopilotEstimate } from './autopilot'
import { demoCameraScene } from './camera-scene'
import { demoTipMessage } from './demo-tip'
import { mediaRoutes } from './media/media.routes'

/** The seeded demo world, as the app takes it. */
export const demoWorld: World = {
  autopilotEstimate,
  cameraScene: demoCameraScene,
  tip: demoTipMessage,
  routes: mediaRoutes,
}
