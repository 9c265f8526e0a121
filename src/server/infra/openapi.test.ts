import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../testing/build-test-app'

const app = await buildTestApp()

interface Operation {
  operationId?: string
  summary?: string
  security?: unknown[]
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>
}

describe('the OpenAPI document at /api/docs/json', () => {
  it('names and summarises every operation, says who may call it, and describes its error answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as {
      servers: unknown[]
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> }
      paths: Record<string, Record<string, Operation>>
    }
    expect(doc.servers.length).toBeGreaterThan(0)
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['deviceKey', 'sessionCookie'])
    expect(doc.components.schemas.Error).toMatchObject({ required: ['message'] })
    const ids = new Set<string>()
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`
        expect(op.summary, name).toBeTruthy()
        expect(op.operationId, name).toBeTruthy()
        expect(ids.has(op.operationId!), `${name}: operationId ${op.operationId} is taken`).toBe(false)
        ids.add(op.operationId!)
        expect(Array.isArray(op.security), name).toBe(true)
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue
          const schema = response.content?.['application/json']?.schema
          expect(schema?.$ref, `${name} ${status}`).toBe('#/components/schemas/Error')
        }
      }
    }
    const placeOrder = doc.paths['/api/orders']!.post!
    expect(placeOrder.security).toEqual([{ sessionCookie: [] }])
    expect(Object.keys(placeOrder.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '402']))
    expect(doc.paths['/api/showcase']!.get!.security).toEqual([])
  })
})
