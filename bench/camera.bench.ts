/**
 * CPU of one demo camera's encoder: the plain test picture against the cooking scene (the
 * restaurant's dishes on the pass, a cook behind it, steam), both running at once with the
 * app's own encoder settings, so the machine's load weighs on both alike.
 *
 *   npm run bench:camera
 *   BENCH_SECONDS=60 BENCH_ROUNDS=5 npm run bench:camera
 *
 * Environment: BENCH_SECONDS (30 measured seconds a round, after 5 s of warm-up), BENCH_ROUNDS (3;
 * medians), BENCH_RESTAURANT (Trattoria Bellini), FFMPEG_PATH (the npm-installed binary).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { demoCameraScene } from '../src/demo/camera-scene'
import {
  type CameraScene,
  encoderArgs,
  findFonts,
  pictureFilterGraph,
  type SceneLayout,
} from '../src/server/cameras/camera-streams'
import { median } from './stats'

const env = process.env
const SECONDS = Number(env.BENCH_SECONDS ?? 30)
const ROUNDS = Math.max(1, Number(env.BENCH_ROUNDS ?? 3))
const WARMUP_S = 5
const RESTAURANT = env.BENCH_RESTAURANT ?? 'Trattoria Bellini'
const FFMPEG = env.FFMPEG_PATH ?? (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg').path as string)
const CLOCK_TICKS = 100

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

function prepare(label: string, scene: CameraScene | undefined): { dir: string; graph: string } {
  const dir = mkdtempSync(join(tmpdir(), `clearplate-camera-bench-${label}-`))
  writeFileSync(join(dir, 'camera.txt'), 'Camera 1 - Pass')
  writeFileSync(join(dir, 'restaurant.txt'), RESTAURANT)
  writeFileSync(join(dir, 'clock.txt'), '%{localtime:%F %T}')
  let layout: SceneLayout | undefined
  if (scene) {
    writeFileSync(join(dir, 'scene-background.png'), scene.background)
    if (scene.figure) writeFileSync(join(dir, 'scene-figure.png'), scene.figure.png)
    if (scene.foreground) writeFileSync(join(dir, 'scene-foreground.png'), scene.foreground.png)
    layout = {
      figure: scene.figure && { width: scene.figure.width, top: scene.figure.top },
      foregroundTop: scene.foreground?.top,
      steam: scene.steam ?? [],
    }
  }
  return { dir, graph: pictureFilterGraph(findFonts(), layout) }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Sample {
  cpuPercent: number
  segments: number
}

async function round(pictures: { label: string; dir: string; graph: string }[]): Promise<Sample[]> {
  const children: ChildProcess[] = pictures.map(({ dir, graph }) =>
    spawn(FFMPEG, encoderArgs(graph), { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] }),
  )
  const errors = children.map((child) => {
    let text = ''
    child.stderr?.on('data', (d) => {
      text = (text + d).slice(-2000)
    })
    return () => text
  })
  try {
    await sleep(WARMUP_S * 1000)
    const before = children.map((c) => cpuSeconds(c.pid!))
    const segmentsBefore = pictures.map((p) => readdirSync(p.dir).filter((f) => f.endsWith('.ts')).length)
    const started = Date.now()
    await sleep(SECONDS * 1000)
    const elapsed = (Date.now() - started) / 1000
    return children.map((c, i) => {
      if (c.exitCode !== null) throw new Error(`${pictures[i]!.label}: ffmpeg exited: ${errors[i]!()}`)
      const segments = readdirSync(pictures[i]!.dir).filter((f) => f.endsWith('.ts')).length
      return {
        cpuPercent: ((cpuSeconds(c.pid!) - before[i]!) / elapsed) * 100,
        // The playlist keeps the last few segments: count what was written, deleted or not.
        segments: segments - segmentsBefore[i]!,
      }
    })
  } finally {
    for (const child of children) child.kill('SIGKILL')
  }
}

async function main() {
  console.log(
    `ffmpeg ${FFMPEG}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  const scene = await demoCameraScene({ id: 1, name: 'Camera 1 - Pass', restaurantName: RESTAURANT })
  const pictures = [
    { label: 'test picture (before)', ...prepare('plain', undefined) },
    { label: 'cooking scene (after)', ...prepare('scene', scene) },
  ]
  const results: Sample[][] = []
  try {
    for (let r = 1; r <= ROUNDS; r++) {
      const samples = await round(pictures)
      results.push(samples)
      console.log(
        `round ${r}: ${samples.map((s, i) => `${pictures[i]!.label} ${s.cpuPercent.toFixed(1)} %`).join(', ')}`,
      )
    }
  } finally {
    for (const p of pictures) rmSync(p.dir, { recursive: true, force: true })
  }
  console.log('\npicture                  CPU % of one core (median)  ratio to before')
  console.log('-----------------------  --------------------------  ---------------')
  const medians = pictures.map((_, i) => median(results.map((r) => r[i]!.cpuPercent)))
  pictures.forEach((p, i) => {
    console.log(
      `${p.label.padEnd(23)}  ${medians[i]!.toFixed(1).padStart(26)}  ${(medians[i]! / medians[0]!).toFixed(2).padStart(15)}`,
    )
  })
  console.log(
    `\n${ROUNDS} rounds of ${SECONDS} s, both encoders at once (640x360, 20 fps, x264 veryfast, 1 thread); load average now ${loadavg()[0]!.toFixed(1)}.`,
  )
}

await main()
