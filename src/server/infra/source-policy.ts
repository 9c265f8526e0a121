import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { badRequest } from './errors'

/**
 * Which addresses the server may connect to when a user gives it a URL (a camera source, and later
 * a restaurant's webhook or a push endpoint). An address on loopback, link-local or a private range
 * would turn the server into a way into its own network, so those are refused unless the operator
 * allows them (OUTBOUND_PRIVATE_HOSTS=true, e.g. cameras on the restaurant's own LAN in a
 * self-hosted install). Saving a URL never connects: an IP literal or `localhost` is judged at
 * once, a host name each time the server connects, on the address it actually connects to.
 *
 * Addresses are judged on their parsed bytes (ipaddr.js), never on how they are written: an IPv4
 * address carried inside IPv6 (mapped, translated, NAT64, 6to4, IPv4-compatible) is judged as the
 * IPv4 address it carries.
 */

/** Protocols the server pulls and restreams as HLS. */
export const RESTREAM_PROTOCOLS = ['rtsp:', 'rtmp:', 'srt:', 'http:', 'https:'] as const

/** True for a public IPv4 address: every special range (private, loopback, TEST-NET...) is refused. */
function isPublicV4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast'
}

function embeddedV4(parts: number[], high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([parts[high]! >> 8, parts[high]! & 0xff, parts[low]! >> 8, parts[low]! & 0xff])
}

function isPublicV6(address: ipaddr.IPv6): boolean {
  const parts = address.parts
  // ::/96 (unspecified, loopback, the deprecated IPv4-compatible ::a.b.c.d): never a public host.
  if (parts.slice(0, 6).every((p) => p === 0)) return false
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return isPublicV4(embeddedV4(parts, 6, 7))
    case 'rfc6052':
      // 64:ff9b::a.b.c.d carries the IPv4 address; 64:ff9b:1::/48 is for local use.
      if (parts[2] !== 0) return false
      return isPublicV4(embeddedV4(parts, 6, 7))
    case '6to4': // 2002:AABB:CCDD::/48 carries a.b.c.d
      return isPublicV4(embeddedV4(parts, 1, 2))
    case 'unicast':
      // Global unicast is 2000::/3; the rest is unassigned.
      return (parts[0]! & 0xe000) === 0x2000
    default:
      // Link-local, site-local, unique local, multicast, Teredo, documentation, benchmarking...
      return false
  }
}

/**
 * True for an IP address in a range the server may not connect to unless private hosts are
 * allowed; false for a public address, and for anything that is not an IP address.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  if (!isIP(bare)) return false
  const parsed = ipaddr.parse(bare)
  return parsed.kind() === 'ipv4' ? !isPublicV4(parsed as ipaddr.IPv4) : !isPublicV6(parsed as ipaddr.IPv6)
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

/** The host of a URL without IPv6 brackets or a trailing dot, lowercased. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase()
}

const isLocalhostName = (host: string) => {
  const name = host.replace(/\.+$/, '').toLowerCase()
  return name === 'localhost' || name.endsWith('.localhost')
}

export const PRIVATE_SOURCE_MESSAGE =
  'Addresses on this server’s own network (loopback, link-local or private ranges) are not allowed'

/**
 * The outbound address policy, decided without connecting or resolving anything: a message when a
 * URL a user gave names a refused address literally (an IP in a refused range, or localhost),
 * undefined when it may be saved. A host name is judged again each time the server connects
 * (`guardedLookup`, `pinSource`). Camera sources, webhook URLs and push endpoints
 * all go through it; `allowPrivate` is the operator's OUTBOUND_PRIVATE_HOSTS.
 */
export function outboundAddressProblem(address: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return undefined
  }
  const host = hostOf(url)
  if (isLocalhostName(host) || isPrivateAddress(host)) return PRIVATE_SOURCE_MESSAGE
  return undefined
}

/** The check made when a camera is saved: the outbound policy, for a source that is a URL. */
export function literalSourceProblem(streamUrl: string, allowPrivate: boolean): string | undefined {
  if (streamUrl.startsWith('/')) return undefined
  return outboundAddressProblem(streamUrl, allowPrivate)
}

export class SourceRefusedError extends Error {
  /** Refused on the address the user gave, not on one found by reading it. */
  firstHop: boolean
  constructor(
    message: string,
    readonly address?: string,
  ) {
    super(message)
    this.name = 'SourceRefusedError'
    this.firstHop = false
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

/**
 * The address the player uses: every camera plays from this server (restreamed, or its HLS read
 * through the server), never from its source, whose address stays the owner's.
 */
export function playbackUrl(camera: { id: number; streamUrl: string }): string {
  return sourceKind(camera.streamUrl) === 'local' ? camera.streamUrl : `/live/${camera.id}/index.m3u8`
}
