import { get } from 'node:http'
import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import {
  guardedLookup,
  isPrivateAddress,
  literalSourceProblem,
  outboundAddressProblem,
  PRIVATE_SOURCE_MESSAGE,
  pinSource,
  SourceRefusedError,
  sourceKind,
} from './source-policy'

describe('the outbound address policy', () => {
  // Every form a URL can give an address in, judged on the address's bytes.
  const refusedUrls: [string, string][] = [
    ['http://127.0.0.1/', 'IPv4 loopback'],
    ['http://127.8.9.10/', 'the rest of 127/8'],
    ['http://0x7f.1/', 'loopback written in hex'],
    ['http://2130706433/', 'loopback as one number'],
    ['http://127.0.0.1./', 'loopback with a trailing dot'],
    ['http://10.1.2.3/', '10/8'],
    ['http://172.16.0.1/', '172.16/12'],
    ['http://192.168.1.20/', '192.168/16'],
    ['http://169.254.169.254/', 'link-local, cloud metadata'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://0.0.0.0/', 'this network'],
    ['http://192.0.0.8/', 'IETF protocol assignments'],
    ['http://192.0.2.10/', 'TEST-NET-1'],
    ['http://198.51.100.7/', 'TEST-NET-2'],
    ['http://203.0.113.9/', 'TEST-NET-3'],
    ['http://198.18.0.1/', 'benchmarking'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://240.0.0.1/', 'reserved'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://[::1]/', 'IPv6 loopback'],
    ['http://[::]/', 'IPv6 unspecified'],
    ['http://[::127.0.0.1]/', 'IPv4-compatible loopback'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['http://[::ffff:0:127.0.0.1]/', 'IPv4-translated loopback (RFC 6145)'],
    ['http://[64:ff9b::127.0.0.1]/', 'NAT64 of loopback'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'NAT64 of the metadata address, in hex'],
    ['http://[64:ff9b:1::808:808]/', 'local-use NAT64'],
    ['http://[2002:7f00:1::1]/', '6to4 of loopback'],
    ['http://[2002:c0a8:101::1]/', '6to4 of 192.168.1.1'],
    ['http://[fe80::1]/', 'IPv6 link-local'],
    ['http://[fec0::1]/', 'IPv6 site-local'],
    ['http://[fd12:3456::1]/', 'unique local'],
    ['http://[ff02::1]/', 'IPv6 multicast'],
    ['http://[2001:db8::1]/', 'IPv6 documentation'],
    ['http://[2001::1]/', 'Teredo'],
    ['http://localhost/', 'localhost'],
    ['http://LOCALHOST./', 'localhost with a trailing dot'],
    ['http://cam.localhost/', 'a name under localhost'],
    ['http://cam.localhost./', 'a name under localhost with a trailing dot'],
  ]
  it.each(refusedUrls)('refuses %s (%s) without connecting', (url) => {
    expect(outboundAddressProblem(url, false)).toBe(PRIVATE_SOURCE_MESSAGE)
    expect(literalSourceProblem(url, false)).toBe(PRIVATE_SOURCE_MESSAGE)
    expect(outboundAddressProblem(url, true)).toBeUndefined()
  })

  const allowedUrls: [string, string][] = [
    ['http://8.8.8.8/', 'a public IPv4 address'],
    ['http://172.32.0.1/', 'just outside 172.16/12'],
    ['http://192.169.0.1/', 'just outside 192.168/16'],
    ['http://[2606:4700::1111]/', 'a public IPv6 address'],
    ['http://[::ffff:1.1.1.1]/', 'IPv4-mapped public address'],
    ['http://[64:ff9b::8.8.8.8]/', 'NAT64 of a public address'],
    ['http://[2002:808:808::1]/', '6to4 of a public address'],
    ['rtsp://cameras.example.com/cam', 'a host name, judged when connecting'],
  ]
  it.each(allowedUrls)('allows %s (%s)', (url) => {
    expect(outboundAddressProblem(url, false)).toBeUndefined()
  })
})

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
    expect(literalSourceProblem('rtmp://8.8.4.4/live/cam', false)).toBeUndefined()
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
