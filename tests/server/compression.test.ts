import { writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../contract/paths.ts'
import { precompress } from '../../scripts/precompress.ts'
import { type AccountsClient, startAccountsClient } from './accounts/accounts-client.ts'

/** An answer as it crossed the wire: its headers and its bytes, not decoded (fetch would decode them). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers, method }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string | undefined>,
            body: Buffer.concat(chunks),
          }),
        )
      })
        .on('error', reject)
        .end()
    },
  )
}

describe('what the browser downloads: compressed text', () => {
  let api: AccountsClient
  const script = `console.log(${JSON.stringify('signet '.repeat(2000))})`

  beforeAll(async () => {
    api = await startAccountsClient('pglite')
    await writeFile(join(api.server.staticDir, 'assets', 'big-Ab12Cd34.js'), script)
    await writeFile(join(api.server.staticDir, 'assets', 'picture-Ab12Cd34.webp'), Buffer.alloc(4000, 1))
    precompress(api.server.staticDir)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const asset = (encoding?: string) =>
    raw(
      `${api.server.url}/assets/big-Ab12Cd34.js`,
      encoding === undefined ? {} : { 'accept-encoding': encoding },
    )

  it('sends the brotli twin to a browser that accepts brotli, with its length', async () => {
    const answer = await asset('gzip, deflate, br, zstd')
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    expect(answer.body.length).toBeLessThan(script.length / 10)
    expect(brotliDecompressSync(answer.body).toString()).toBe(script)
  })

  it('sends the gzip twin to one that accepts only gzip, and the file as it is to one that accepts none', async () => {
    const gzipped = await asset('gzip')
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.body).toString()).toBe(script)
    const plain = await asset()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i)
    expect(plain.body.toString()).toBe(script)
    expect(Number(plain.headers['content-length'])).toBe(script.length)
  })

  it('sends a built file with its type, to be cached for good, and a HEAD with its headers alone', async () => {
    const answer = await asset('br')
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/)
    expect(answer.headers['cache-control']).toBe('max-age=31536000, immutable')
    const head = await raw(`${api.server.url}/assets/big-Ab12Cd34.js`, { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(answer.headers['content-length'])
    expect(head.body.length).toBe(0)
  })

  it.each([
    '/assets/gone-Ab12Cd34.js',
    '/assets/..%2findex.html',
    '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    '/assets/.',
  ])('answers %s, which is no file of assets/, with a 404', async (path) => {
    const answer = await raw(`${api.server.url}${path}`, { 'accept-encoding': 'br' })
    expect(answer.status).toBe(404)
    expect(answer.body.toString()).toBe('Not found')
  })

  it('sends the app page compressed too, whatever the path', async () => {
    const page = await raw(`${api.server.url}/dashboard`, { 'accept-encoding': 'br' })
    expect(page.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="root">')
  })

  it('leaves images as they are', async () => {
    const image = await raw(`${api.server.url}/assets/picture-Ab12Cd34.webp`, {
      'accept-encoding': 'br, gzip',
    })
    expect(image.headers['content-encoding']).toBeUndefined()
    expect(image.body.length).toBe(4000)
  })

  it('gzips a JSON answer of 1 KB or more, and leaves a small one as it is', async () => {
    const token = await api.signUp('reader@example.com')
    const auth = { authorization: `Bearer ${token}` }
    const small = await raw(`${api.server.url}${apiUrl(apiPaths.datetime())}`, {
      'accept-encoding': 'gzip, br',
    })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body.toString())).toHaveProperty('now')

    // The user's own record with a long attribute is well over 1 KB.
    const long = 'x'.repeat(400)
    const put = await api.call('PUT', apiPaths.user(), {
      token,
      body: { attributes: { lang: [long, long, long] } },
    })
    expect(put.status, await put.text()).toBeLessThan(300)
    const big = await raw(`${api.server.url}${apiUrl(apiPaths.user())}`, {
      ...auth,
      'accept-encoding': 'gzip',
    })
    expect(big.status).toBe(200)
    expect(big.headers['content-encoding']).toBe('gzip')
    expect(big.headers.vary).toMatch(/Accept-Encoding/i)
    expect(JSON.parse(gunzipSync(big.body).toString())).toHaveProperty('email', 'reader@example.com')
  })
})
