import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { readTextFrames, textFrame } from './frames'

describe('frames built once', () => {
  it('reach a real WebSocket client as the same text messages, at every header size, in one write', async () => {
    const payloads = ['{"a":1}', 'x'.repeat(300), 'y'.repeat(70_000)].map((p) => Buffer.from(p))
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await new Promise((resolve) => server.once('listening', resolve))
    server.on('connection', (ws) => {
      const raw = (ws as unknown as { _socket: Duplex })._socket
      raw.write(Buffer.concat(payloads.map(textFrame)))
    })
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`)
    const received: string[] = []
    await new Promise<void>((resolve, reject) => {
      client.on('message', (data, isBinary) => {
        expect(isBinary).toBe(false)
        received.push(String(data))
        if (received.length === payloads.length) resolve()
      })
      client.on('error', reject)
    })
    expect(received).toEqual(payloads.map(String))
    client.close()
    await new Promise((resolve) => server.close(resolve))
  })

  it('reads back what it built', () => {
    const payloads = ['', 'hello', 'z'.repeat(126), 'w'.repeat(65_536)].map((p) => Buffer.from(p))
    expect(readTextFrames(Buffer.concat(payloads.map(textFrame))).map(String)).toEqual(payloads.map(String))
  })
})
