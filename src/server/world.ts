import type { FastifyPluginAsync } from 'fastify'
import type { CameraSceneSource } from './cameras/camera-streams'
import type { ModeEstimate } from './kitchen/estimate'
import type { DemoTip } from './realtime/handlers'

/**
 * A world of example restaurants, plugged into the app by whoever starts it (main.ts, the test
 * app, the benchmarks); the server's own code never imports one. Without a world the app still
 * runs: autopilot orders are estimated like staffed ones, cameras show only real sources, a
 * visitor's tip is refused, and no generated art is served.
 */
export interface World {
  /** How the world's autopilot kitchen estimates an order between its steps. */
  autopilotEstimate(orderMs: number): ModeEstimate
  /** What the world's own cameras show. */
  cameraScene: CameraSceneSource
  /** The live message a visitor's demo tip becomes. */
  tip: DemoTip
  /** Routes for the world's generated art. */
  routes: FastifyPluginAsync
}
