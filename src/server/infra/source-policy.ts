import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { badRequest } from './errors'

/**
 * Which camera sources the server may connect to. A camera's address on loopback, link-local or a
 * private range would turn the server into a way into its own network, so those are refused unless
 * the operator allows them (CAMERA_PRIVATE_HOSTS=true, for cameras on the restaurant's own LAN in a
 * self-hosted install). Saving a camera never connects: an IP literal or `localhost` is judged at
 * once, a host name each time the server connects, on the address it actually connects to.
 */

/** Protocols the server pulls and restreams as HLS. */
export const RESTREAM_PROTOCOLS = ['rtsp:', 'rtmp:', 'srt:', 'http:', 'https:'] as const

const refused = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refused.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  refused.addSubnet(net, prefix, 'ipv6')

/** True for an address in a range a camera source may not use unless private hosts are allowed. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return refused.check(address, 'ipv4')
  if (family === 6) {
    // IPv4 inside IPv6 (::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d) is judged as the IPv4 address.
    const embedded = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
    if (embedded) return refused.check(embedded, 'ipv4')
    return refused.check(address, 'ipv6')
  }
  return false
}

export type SourceKind = 'hls' | 'file' | 'restream' | 'local'

/** How the player gets a camera's picture: played as is, or pulled and restreamed by the server. */
export function sourceKind(streamUrl: string): SourceKind {
  if (streamUrl.startsWith('/')) return 'local'
  let url: URL
  try {
    url = new URL(streamUrl)
  } catch {
    return 'restream'
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    if (/\.m3u8$/i.test(url.pathname)) return 'hls'
    if (/\.(mp4|webm|mov|m4v)$/i.test(url.pathname)) return 'file'
  }
  return 'restream'
}

/** The host of a URL without IPv6 brackets, lowercased. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
}

const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost')

export const PRIVATE_SOURCE_MESSAGE =
  'Camera addresses on this server’s own network (loopback, link-local or private ranges) are not allowed'

/**
 * The check made when a camera is saved, without connecting or resolving anything: a message when
 * the URL names a refused address literally (an IP in a refused range, or localhost).
 */
export function literalSourceProblem(streamUrl: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate || streamUrl.startsWith('/')) return undefined
  let url: URL
  try {
    url = new URL(streamUrl)
  } catch {
    return undefined
  }
  const host = hostOf(url)
  if (isLocalhostName(host) || isPrivateAddress(host)) return PRIVATE_SOURCE_MESSAGE
  return undefined
}

export class SourceRefusedError extends Error {
  constructor(
    message: string,
    readonly address?: string,
  ) {
    super(message)
    this.name = 'SourceRefusedError'
  }
}

/**
 * A DNS lookup that refuses private addresses: handed to a socket (`http.get(url, { lookup })`),
 * the check applies to the very address the socket connects to, so a DNS answer that changes
 * between a check and the connection cannot slip past it.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return (callback as (e: Error) => void)(error)
      const list = addresses as unknown as LookupAddress[]
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address))
      if (bad)
        return (callback as (e: Error) => void)(new SourceRefusedError(PRIVATE_SOURCE_MESSAGE, bad.address))
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, list)
      const first = list[0]
      if (!first) return (callback as (e: Error) => void)(new Error(`${hostname} has no address`))
      return (callback as (e: null, a: string, f: number) => void)(null, first.address, first.family)
    })
  }
}

/**
 * Resolves a source's host once and checks every address it has. Answers the URL with the host
 * replaced by the checked address, so the connection that follows goes exactly there.
 */
export async function pinSource(
  streamUrl: string,
  allowPrivate: boolean,
): Promise<{ url: string; address: string; host: string }> {
  const url = new URL(streamUrl)
  const host = hostOf(url)
  if (!allowPrivate && isLocalhostName(host)) throw new SourceRefusedError(PRIVATE_SOURCE_MESSAGE, host)
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await new Promise<LookupAddress[]>((resolve, reject) =>
        dnsLookup(host, { all: true }, (error, list) => (error ? reject(error) : resolve(list))),
      )
  const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address))
  if (bad) throw new SourceRefusedError(PRIVATE_SOURCE_MESSAGE, bad.address)
  const chosen = addresses[0]
  if (!chosen) throw new Error(`${host} has no address`)
  const pinned = new URL(url.href)
  pinned.hostname = chosen.family === 6 ? `[${chosen.address}]` : chosen.address
  return { url: pinned.href, address: chosen.address, host }
}

/** The check made when a camera is saved (created or edited): a 400 on `streamUrl` when refused. */
export function assertSavableSource(streamUrl: string, allowPrivate: boolean): void {
  const problem = literalSourceProblem(streamUrl, allowPrivate)
  if (problem) throw badRequest(problem, { streamUrl: problem })
}

/** The address the player uses: a restreamed camera plays from this server, never its source. */
export function playbackUrl(camera: { id: number; streamUrl: string }): string {
  return sourceKind(camera.streamUrl) === 'restream' ? `/live/${camera.id}/index.m3u8` : camera.streamUrl
}
