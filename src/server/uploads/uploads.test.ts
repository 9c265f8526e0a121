import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { buildTestApp, createUser } from '../testing/build-test-app'

const app = await buildTestApp()

function multipart(file: Buffer, { filename = 'dish.jpg', type = 'image/jpeg', field = 'file' } = {}) {
  const boundary = `----clearplate${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

async function upload(file: Buffer, headers: Record<string, string> = {}, options = {}) {
  const { payload, contentType } = multipart(file, options)
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headers, 'content-type': contentType },
    payload,
  })
}

const picture = (width: number, height: number, format: 'jpeg' | 'png' | 'webp', seed = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80 + seed, b: 40 } } })
    .toFormat(format)
    .toBuffer()

describe('uploading pictures', () => {
  it('stores a JPEG as WebP in three sizes, served with a year of caching under its content hash', async () => {
    const owner = await createUser(app)
    const res = await upload(await picture(2000, 1500, 'jpeg'), owner.headers)
    expect(res.statusCode).toBe(201)
    const { url } = res.json()
    expect(url).toMatch(/^\/images\/[a-f0-9]{32}\.webp$/)

    const sizes: Record<string, number> = { '': 1280, '-640': 640, '-320': 320 }
    for (const [suffix, width] of Object.entries(sizes)) {
      const served = await app.inject({ url: url.replace('.webp', `${suffix}.webp`) })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(served.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 3) / 4])
      const again = await app.inject({
        url: url.replace('.webp', `${suffix}.webp`),
        headers: { 'if-none-match': served.headers.etag as string },
      })
      expect(again.statusCode).toBe(304)
    }
    // The same picture again has the same address.
    expect((await upload(await picture(2000, 1500, 'jpeg'), owner.headers)).json().url).toBe(url)
  })

  it('takes PNG and WebP, by their content whatever their name, and never enlarges a small picture', async () => {
    const owner = await createUser(app)
    const png = await upload(await picture(200, 100, 'png', 1), owner.headers, {
      filename: 'logo.txt',
      type: 'text/plain',
    })
    expect(png.statusCode).toBe(201)
    const big = await app.inject({ url: png.json().url })
    expect((await sharp(big.rawPayload).metadata()).width).toBe(200)
    const webp = await upload(await picture(800, 800, 'webp', 2), owner.headers, {
      filename: 'x.webp',
      type: 'image/webp',
    })
    expect(webp.statusCode).toBe(201)
  })

  it('refuses what is not a JPEG, PNG or WebP picture, even when named like one', async () => {
    const owner = await createUser(app)
    const cases: [Buffer, string][] = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'photo.jpg'],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'photo.png'],
      [Buffer.from('%PDF-1.4 hello'), 'menu.jpg'],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), 'broken.jpg'],
    ]
    for (const [bytes, filename] of cases) {
      const res = await upload(bytes, owner.headers, { filename })
      expect(res.statusCode, filename).toBe(400)
      expect(res.json().message).toMatch(
        /^(Please choose a JPEG, PNG or WebP image|This image could not be read)/,
      )
    }
  })

  it('refuses a file over 5 MB with 413', async () => {
    const owner = await createUser(app)
    const huge = Buffer.concat([await picture(100, 100, 'png'), Buffer.alloc(5 * 1024 * 1024 + 10, 1)])
    const res = await upload(huge, owner.headers, { filename: 'huge.png', type: 'image/png' })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ message: 'Images can be at most 5 MB', code: 'uploads.too_large' })
  })

  it('asks a visitor to sign in, and a request without the file field gets a clear 400', async () => {
    expect((await upload(await picture(10, 10, 'png'))).statusCode).toBe(401)
    const owner = await createUser(app)
    const wrongField = await upload(await picture(10, 10, 'png'), owner.headers, { field: 'image' })
    expect(wrongField.statusCode).toBe(400)
    expect(wrongField.json().message).toBe('Send the image as multipart/form-data in the field "file"')
    const json = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: owner.headers,
      payload: { url: 'x' },
    })
    expect(json.statusCode).toBe(400)
  })

  it('answers 400, not 500, to multipart without a boundary and to a body that ends early', async () => {
    const owner = await createUser(app)
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...owner.headers, 'content-type': 'multipart/form-data' },
      payload: multipart(await picture(10, 10, 'png')).payload,
    })
    expect(noBoundary.statusCode).toBe(400)
    expect(noBoundary.json().message).toBe('Send the image as multipart/form-data in the field "file"')
    const { payload, contentType } = multipart(await picture(200, 200, 'png'))
    const cut = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...owner.headers, 'content-type': contentType },
      payload: payload.subarray(0, payload.length - 200),
    })
    expect(cut.statusCode).toBe(400)
    expect(cut.json().message).toBe('Send the image as multipart/form-data in the field "file"')
  })

  it('answers 404 for an unknown or malformed picture address', async () => {
    expect((await app.inject({ url: `/images/${'0'.repeat(32)}.webp` })).statusCode).toBe(404)
    expect((await app.inject({ url: '/images/nothing.png' })).statusCode).toBe(404)
    expect((await app.inject({ url: `/images/${'a'.repeat(32)}-999.webp` })).statusCode).toBe(404)
  })
})
