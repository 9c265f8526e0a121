/**
 * Loaded into a benchmarked server with `--import`: samples the event loop's delay
 * (`perf_hooks.monitorEventLoopDelay`, 10 ms resolution) per phase. The benchmark names the
 * current phase in `${BENCH_LAG_FILE}.phase`; when it changes, the finished phase's figures are
 * appended to `BENCH_LAG_FILE` as one JSON line (milliseconds) and a new histogram starts.
 */
import { appendFileSync, readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const file = process.env.BENCH_LAG_FILE
if (file) {
  let phase = 'start'
  let histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  const write = () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100
    appendFileSync(
      file,
      `${JSON.stringify({
        phase,
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        samples: histogram.count,
      })}\n`,
    )
  }
  setInterval(() => {
    let next = phase
    try {
      next = readFileSync(`${file}.phase`, 'utf8').trim()
    } catch {}
    if (next === phase) return
    histogram.disable()
    write()
    phase = next
    histogram = monitorEventLoopDelay({ resolution: 10 })
    histogram.enable()
  }, 100).unref()
}
