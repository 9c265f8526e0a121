import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { createServer as createNetServer } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { PRIVATE_SOURCE_MESSAGE } from '../infra/source-policy'
import { startHlsSource } from '../testing/camera-source'
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
    let result = await probeStream(url, { ffmpegPath, allowPrivateHosts: true })
    for (let i = 0; i < 20 && !result.ok; i++) {
      await new Promise((r) => setTimeout(r, 250))
      result = await probeStream(url, { ffmpegPath, allowPrivateHosts: true })
    }
    expect(result).toMatchObject({ ok: true, codec: 'h264', width: 320, height: 240 })
  }, 20_000)

  it('answers the codec and size of an HLS camera on its own origin', async () => {
    const hls = await startHlsSource()
    try {
      const result = await probeStream(hls.url, { ffmpegPath, allowPrivateHosts: true })
      expect(result).toMatchObject({ ok: true, codec: 'h264', width: 320, height: 240 })
    } finally {
      await hls.close()
    }
  }, 30_000)

  it('gives one answer whatever went wrong: nothing listening, a web page, an HTTP error', async () => {
    const port = await freePort()
    const server = createServer((req, res) => {
      if (req.url === '/index.html') {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(`<html><body>${'Hello, this is a web page and not a camera. '.repeat(200)}</body></html>`)
        return
      }
      res.writeHead(404)
      res.end('not here')
    })
    servers.push(server)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const web = (server.address() as { port: number }).port
    const options = { ffmpegPath, allowPrivateHosts: true }
    expect(await probeStream(`http://127.0.0.1:${port}/cam.ts`, options)).toEqual({
      ok: false,
      message: `Could not read a video stream at 127.0.0.1:${port}`,
    })
    for (const path of ['/index.html', '/missing.ts'])
      expect(await probeStream(`http://127.0.0.1:${web}${path}`, options)).toEqual({
        ok: false,
        message: `Could not read a video stream at 127.0.0.1:${web}`,
      })
  }, 30_000)

  it('follows no redirect and no playlist address off the camera’s origin: the canary hears nothing, and every answer is the same', async () => {
    const canaryRequests: string[] = []
    const canary = createServer((req, res) => {
      canaryRequests.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'video/mp2t' })
      res.end(Buffer.alloc(188 * 10, 0x47))
    })
    servers.push(canary)
    await new Promise<void>((r) => canary.listen(0, '127.0.0.1', r))
    const elsewhere = `http://127.0.0.1:${(canary.address() as { port: number }).port}`
    const media = (lines: string[]) =>
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-MEDIA-SEQUENCE:0',
        ...lines,
        '',
      ].join('\n')
    const source = createServer((req, res) => {
      const playlist = (text: string) => {
        res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' })
        res.end(text)
      }
      if (req.url === '/segment-elsewhere.m3u8')
        return playlist(media(['#EXTINF:2.0,', `${elsewhere}/seg.ts`]))
      if (req.url === '/variant-elsewhere.m3u8')
        return playlist(`#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\n${elsewhere}/variant.m3u8\n`)
      if (req.url === '/key-elsewhere.m3u8')
        return playlist(
          media([`#EXT-X-KEY:METHOD=AES-128,URI="${elsewhere}/key"`, '#EXTINF:2.0,', 'local-seg.ts']),
        )
      if (req.url === '/map-elsewhere.m3u8')
        return playlist(media([`#EXT-X-MAP:URI="${elsewhere}/init.mp4"`, '#EXTINF:2.0,', 'local-seg.ts']))
      if (req.url === '/redirect.ts') {
        res.writeHead(302, { location: `${elsewhere}/redirected.ts` })
        res.end()
        return
      }
      if (req.url === '/redirect.m3u8') {
        res.writeHead(302, { location: `${elsewhere}/redirected.m3u8` })
        res.end()
        return
      }
      res.writeHead(200, { 'content-type': 'video/mp2t' })
      res.end(Buffer.alloc(188 * 10, 0x47))
    })
    servers.push(source)
    await new Promise<void>((r) => source.listen(0, '127.0.0.1', r))
    const here = `127.0.0.1:${(source.address() as { port: number }).port}`
    const answers = []
    for (const path of [
      '/segment-elsewhere.m3u8',
      '/variant-elsewhere.m3u8',
      '/key-elsewhere.m3u8',
      '/map-elsewhere.m3u8',
      '/redirect.ts',
      '/redirect.m3u8',
    ])
      answers.push(
        await probeStream(`http://${here}${path}`, { ffmpegPath, allowPrivateHosts: true, timeoutMs: 4000 }),
      )
    expect(canaryRequests).toEqual([])
    expect(answers).toEqual(
      answers.map(() => ({ ok: false, message: `Could not read a video stream at ${here}` })),
    )
  }, 60_000)

  it('does not connect when the address policy refuses the address', async () => {
    const result = await probeStream('http://127.0.0.1:9/cam.ts', { ffmpegPath, allowPrivateHosts: false })
    expect(result).toEqual({ ok: false, message: PRIVATE_SOURCE_MESSAGE })
  })

  it('reads the picture line of an RTSP camera as ffmpeg prints it', () => {
    const stderr = [
      "Input #0, rtsp, from 'rtsp://cam.example.com/stream1':",
      '    Stream #0:0: Video: h264 (Main), yuvj420p(pc, bt709, progressive), 1920x1080, 25 fps, 25 tbr, 90k tbn',
    ].join('\n')
    expect(readProbe(stderr, { where: 'cam.example.com' })).toMatchObject({
      ok: true,
      codec: 'h264',
      width: 1920,
      height: 1080,
    })
  })
})
