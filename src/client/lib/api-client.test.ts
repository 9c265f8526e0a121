import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ERROR_CODE } from '@shared/error-codes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, api, hasCode, isStatus } from './api-client'

let server: Server
let base = ''
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/broke') {
      res.writeHead(402, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'Insufficient funds', code: 'wallet.insufficient_funds' }))
      return
    }
    if (req.url === '/bad') {
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          message: 'Too short',
          code: 'validation_failed',
          errors: { username: 'Too short' },
        }),
      )
      return
    }
    res.writeHead(500, { 'content-type': 'text/plain' })
    res.end('upstream down')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

async function failure(url: string) {
  const error = await api.get(`${base}${url}`).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('api errors', () => {
  it('keep the "{status}: {body}" text and expose the status, the server’s message and its code', async () => {
    const error = await failure('/broke')
    expect(error.message).toBe('402: {"message":"Insufficient funds","code":"wallet.insufficient_funds"}')
    expect({ status: error.status, code: error.code, message: error.serverMessage }).toEqual({
      status: 402,
      code: 'wallet.insufficient_funds',
      message: 'Insufficient funds',
    })
    expect(hasCode(error, ERROR_CODE.insufficientFunds)).toBe(true)
    expect(hasCode(error, ERROR_CODE.validation)).toBe(false)
  })

  it('carry field errors, and no code when the body is not the API’s error body', async () => {
    const bad = await failure('/bad')
    expect(bad.fieldErrors).toEqual({ username: 'Too short' })
    expect(hasCode(bad, ERROR_CODE.validation)).toBe(true)
    const down = await failure('/down')
    expect(down.message).toBe('500: upstream down')
    expect(down.code).toBeUndefined()
    expect(isStatus(down, 500)).toBe(true)
  })
})
