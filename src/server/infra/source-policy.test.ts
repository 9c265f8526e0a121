import { get } from 'node:http'
import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import {
  guardedLookup,
  isPrivateAddress,
  literalSourceProblem,
  pinSource,
  SourceRefusedError,
  sourceKind,
} from './source-policy'

describe('camera source policy', () => {
  it('refuses loopback, link-local and private ranges, IPv4 and IPv6, and allows public addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:192.168.0.1',
      '64:ff9b::10.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true)
    for (const address of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:1.1.1.1'])
      expect(isPrivateAddress(address), address).toBe(false)
  })

  it('judges an IP literal or localhost when a camera is saved, and leaves host names to connection time', () => {
    expect(literalSourceProblem('rtsp://127.0.0.1:8554/cam', false)).toMatch(/not allowed/)
    expect(literalSourceProblem('http://[::1]/live.ts', false)).toMatch(/not allowed/)
    expect(literalSourceProblem('rtsp://user:secret@192.168.1.64/stream1', false)).toMatch(/not allowed/)
    expect(literalSourceProblem('srt://cam.localhost:9000', false)).toMatch(/not allowed/)
    expect(literalSourceProblem('https://LOCALHOST/cam.m3u8', false)).toMatch(/not allowed/)
    expect(literalSourceProblem('rtsp://cameras.example.com/cam', false)).toBeUndefined()
    expect(literalSourceProblem('rtmp://203.0.113.9/live/cam', false)).toBeUndefined()
    expect(literalSourceProblem('rtsp://127.0.0.1:8554/cam', true)).toBeUndefined()
  })

  it('tells HLS playlists and video files, which the browser plays, from sources the server restreams', () => {
    expect(sourceKind('https://cdn.example.com/kitchen/index.m3u8')).toBe('hls')
    expect(sourceKind('https://cdn.example.com/loop.mp4')).toBe('file')
    expect(sourceKind('/live/3/index.m3u8')).toBe('local')
    expect(sourceKind('rtsp://cam.example.com/stream1')).toBe('restream')
    expect(sourceKind('rtmp://cam.example.com/live/key')).toBe('restream')
    expect(sourceKind('srt://cam.example.com:9000')).toBe('restream')
    expect(sourceKind('http://cam.example.com:8080/video.ts')).toBe('restream')
  })

  it('resolves a host name when connecting and refuses it when it points into a private range', async () => {
    // The machine's own name resolves to a loopback or private address.
    const name = hostname()
    await expect(pinSource(`rtsp://${name}:8554/cam`, false)).rejects.toBeInstanceOf(SourceRefusedError)
    const allowed = await pinSource(`rtsp://user:pw@${name}:8554/cam`, true)
    expect(isPrivateAddress(allowed.address)).toBe(true)
    expect(allowed.url).toBe(
      `rtsp://user:pw@${allowed.address.includes(':') ? `[${allowed.address}]` : allowed.address}:8554/cam`,
    )
  })

  it('refuses the connection itself when a socket’s lookup lands on a private address', async () => {
    const error = await new Promise<Error>((resolve) => {
      const request = get(`http://${hostname()}:9/`, { lookup: guardedLookup(false) }, () => {
        resolve(new Error('connected'))
      })
      request.on('error', resolve)
    })
    expect(error).toBeInstanceOf(SourceRefusedError)
  })
})
