import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { createServer as createNetServer } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { probeStream, readProbe } from './camera-probe'

const ffmpegPath = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const children: ChildProcess[] = []
const servers: Server[] = []
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))))
})

describe('checking a camera stream', () => {
  it('answers the codec and size of a live picture', async () => {
    // The listening ffmpeg serves one client: a connectivity poke would use it up, so start afresh.
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/kitchen.ts`
    const child = spawn(
      ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x240:rate=10',
        '-t',
        '30',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-f',
        'mpegts',
        '-listen',
        '1',
        url,
      ],
      { stdio: 'ignore' },
    )
    children.push(child)
    // Until ffmpeg listens, the check finds nothing; its first connection is the real one.
    let result = await probeStream(url, { ffmpegPath })
    for (let i = 0; i < 20 && result.message?.startsWith('Nothing answered'); i++) {
      await new Promise((r) => setTimeout(r, 250))
      result = await probeStream(url, { ffmpegPath })
    }
    expect(result).toMatchObject({ ok: true, codec: 'h264', width: 320, height: 240 })
  }, 20_000)

  it('says nothing answered when no one listens at the address', async () => {
    const port = await freePort()
    const result = await probeStream(`http://127.0.0.1:${port}/cam.ts`, { ffmpegPath })
    expect(result).toEqual({ ok: false, message: `Nothing answered at 127.0.0.1:${port}` })
  }, 20_000)

  it('says when the address answers with something that is not video', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(`<html><body>${'Hello, this is a web page and not a camera. '.repeat(200)}</body></html>`)
    })
    servers.push(server)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as { port: number }
    const result = await probeStream(`http://127.0.0.1:${port}/index.html`, { ffmpegPath })
    expect(result.ok).toBe(false)
    expect(result.message).toBe(`The address at 127.0.0.1:${port} answered, but it is not a video stream`)
  }, 20_000)

  it('reports an HTTP error from the camera server', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(404)
      res.end('not here')
    })
    servers.push(server)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as { port: number }
    const result = await probeStream(`http://127.0.0.1:${port}/missing.ts`, { ffmpegPath })
    expect(result).toEqual({
      ok: false,
      message: `127.0.0.1:${port} answered with HTTP 404, but there is no stream at that address`,
    })
  }, 20_000)

  it('does not connect when the source policy refuses the address', async () => {
    const result = await probeStream('http://127.0.0.1:9/cam.ts', {
      ffmpegPath,
      checkSource: async () => {
        throw Object.assign(new Error('Camera addresses on private networks are not allowed'), {
          name: 'SourceRefusedError',
        })
      },
    })
    expect(result).toEqual({ ok: false, message: 'Camera addresses on private networks are not allowed' })
  })

  it('reads the picture line of an RTSP camera as ffmpeg prints it', () => {
    const stderr = [
      "Input #0, rtsp, from 'rtsp://cam.example.com/stream1':",
      '    Stream #0:0: Video: h264 (Main), yuvj420p(pc, bt709, progressive), 1920x1080, 25 fps, 25 tbr, 90k tbn',
    ].join('\n')
    expect(readProbe(stderr, { where: 'cam.example.com', timedOut: false })).toMatchObject({
      ok: true,
      codec: 'h264',
      width: 1920,
      height: 1080,
    })
  })
})
