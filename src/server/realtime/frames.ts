/**
 * WebSocket frames built once and written as they are to every viewer of a room (RFC 6455 §5.2:
 * a server's frames are not masked). A text frame is a 2, 4 or 10 byte header and the payload.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10
  const frame = Buffer.allocUnsafe(headerLength + length)
  frame[0] = 0x81 // FIN, text
  if (headerLength === 2) {
    frame[1] = length
  } else if (headerLength === 4) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(frame, headerLength)
  return frame
}

/** The payloads of consecutive unmasked text frames (what `textFrame` built), in order. */
export function readTextFrames(bytes: Buffer): Buffer[] {
  const payloads: Buffer[] = []
  let at = 0
  while (at < bytes.length) {
    if (bytes[at] !== 0x81) throw new Error(`Not a final text frame at byte ${at}`)
    let length = bytes[at + 1]! & 0x7f
    let start = at + 2
    if (length === 126) {
      length = bytes.readUInt16BE(at + 2)
      start = at + 4
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(at + 2))
      start = at + 10
    }
    payloads.push(bytes.subarray(start, start + length))
    at = start + length
  }
  return payloads
}
