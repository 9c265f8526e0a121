import { createSocket } from 'node:dgram'

/**
 * The H.264 RTP a camera's encoder sends to this process on a loopback UDP port, next to the HLS
 * segments it writes: the one encoder per camera feeds HLS and every WebRTC viewer. The feed
 * also notes when the first packet arrived, which is when the encoder's first frame was drawn
 * (the encoder runs in real time with no look-ahead): the HLS playlist's
 * EXT-X-PROGRAM-DATE-TIME is counted from it.
 */

/** The SSRC the encoders' RTP carries; every viewer's answer announces the same. */
export const FEED_SSRC = 0x0c1ea2
/** The payload type the encoders' RTP carries; rewritten per viewer to what its browser offered. */
export const FEED_PAYLOAD_TYPE = 96

/** Main profile first (what x264 makes here), then Constrained Baseline. */
export const MAIN_PROFILES = ['4d', '42e0'] as const

export type RtpListener = (packet: Buffer) => void

export interface RtpFeed {
  port: number
  /**
   * The profile-level-id prefixes (lower case hex) to answer a viewer with, best first: what the
   * encoder's H.264 is. A copied source may be High profile; the demo and transcoded pictures are Main.
   */
  profiles: readonly string[]
  /** Date.now() when the first packet arrived; undefined before. */
  readonly firstPacketAt: number | undefined
  readonly packets: number
  subscribe(listener: RtpListener): () => void
  close(): void
}

export function openRtpFeed(): Promise<RtpFeed> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4')
    const listeners = new Set<RtpListener>()
    let firstPacketAt: number | undefined
    let packets = 0
    let closed = false
    socket.on('message', (packet, remote) => {
      // Only the encoder, on this machine, may feed the camera.
      if (remote.address !== '127.0.0.1' || packet.length < 12) return
      firstPacketAt ??= Date.now()
      packets++
      for (const listener of listeners) listener(packet)
    })
    socket.once('error', reject)
    socket.bind(0, '127.0.0.1', () => {
      socket.off('error', reject)
      socket.on('error', () => {})
      // Room for a whole key frame's packets while the event loop is busy elsewhere.
      try {
        socket.setRecvBufferSize(1 << 20)
      } catch {}
      resolve({
        port: socket.address().port,
        profiles: MAIN_PROFILES,
        get firstPacketAt() {
          return firstPacketAt
        },
        get packets() {
          return packets
        },
        subscribe(listener) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
        close() {
          if (closed) return
          closed = true
          listeners.clear()
          socket.close()
        },
      })
    })
  })
}

/** Where an RTP packet's payload starts (after CSRCs and a header extension), or -1. */
export function rtpPayloadOffset(packet: Buffer): number {
  if (packet.length < 12 || packet[0]! >> 6 !== 2) return -1
  let offset = 12 + 4 * (packet[0]! & 0x0f)
  if (packet[0]! & 0x10) {
    if (packet.length < offset + 4) return -1
    offset += 4 + 4 * packet.readUInt16BE(offset + 2)
  }
  return offset < packet.length ? offset : -1
}

/**
 * True when the packet starts what a decoder can begin with: the sequence parameter set (which
 * the encoder sends just before every key frame) or a key frame itself.
 */
export function startsKeyFrame(packet: Buffer): boolean {
  const offset = rtpPayloadOffset(packet)
  if (offset < 0) return false
  const type = packet[offset]! & 0x1f
  if (type === 7 || type === 5) return true
  // STAP-A: the first aggregated unit's type.
  if (type === 24 && packet.length > offset + 3) return [5, 7].includes(packet[offset + 3]! & 0x1f)
  // FU-A: the start of a fragmented key frame.
  if (type === 28 && packet.length > offset + 1) {
    const header = packet[offset + 1]!
    return (header & 0x80) !== 0 && (header & 0x1f) === 5
  }
  return false
}

/**
 * True when the packet starts a B slice. Browsers do not play H.264 with B-frames over WebRTC
 * (frames come out of order), so a copied source that has them is transcoded instead. The slice
 * header's first two fields (first_mb_in_slice, slice_type) are read as Exp-Golomb codes; they
 * sit in the first three bytes for any picture under 65536 macroblocks, before any emulation
 * prevention byte could appear.
 */
export function startsBSlice(packet: Buffer): boolean {
  const offset = rtpPayloadOffset(packet)
  if (offset < 0) return false
  const type = packet[offset]! & 0x1f
  if (type === 1 || type === 5) return isBSlice(packet, offset + 1)
  if (type === 28 && packet.length > offset + 2) {
    const header = packet[offset + 1]!
    const inner = header & 0x1f
    return (header & 0x80) !== 0 && (inner === 1 || inner === 5) && isBSlice(packet, offset + 2)
  }
  if (type === 24) {
    // STAP-A: each unit is a 16-bit size then the NAL unit.
    let at = offset + 1
    while (at + 3 < packet.length) {
      const size = packet.readUInt16BE(at)
      const unit = packet[at + 2]! & 0x1f
      if ((unit === 1 || unit === 5) && isBSlice(packet, at + 3)) return true
      at += 2 + size
    }
  }
  return false
}

function isBSlice(data: Buffer, start: number): boolean {
  let bit = start * 8
  const end = Math.min(data.length, start + 4) * 8
  const readBit = () => (data[bit >> 3]! >> (7 - (bit++ & 7))) & 1
  const readUe = (): number | undefined => {
    let zeros = 0
    for (;;) {
      if (bit >= end) return undefined
      if (readBit() === 1) break
      if (++zeros > 16) return undefined
    }
    let value = 0
    for (let i = 0; i < zeros; i++) {
      if (bit >= end) return undefined
      value = value * 2 + readBit()
    }
    return 2 ** zeros - 1 + value
  }
  if (readUe() === undefined) return false
  const sliceType = readUe()
  return sliceType !== undefined && sliceType % 5 === 1
}
