import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticFiles } from '../../../server/http/static-files.ts'

const manifestSchema = v.object({
  name: v.string(),
  start_url: v.string(),
  display: v.string(),
  icons: v.array(
    v.object({ src: v.string(), sizes: v.string(), type: v.string(), purpose: v.optional(v.string()) }),
  ),
})

/** The width and height a PNG declares in its IHDR chunk. */
function pngSize(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return `${view.getUint32(16)}x${view.getUint32(20)}`
}

describe('the web app manifest, as a browser installing the app reads it', () => {
  let dist: string
  let app: ReturnType<typeof createStaticFiles>

  beforeAll(async () => {
    // The files the build copies from public/, beside the page.
    dist = await mkdtemp(join(tmpdir(), 'signet-dist-'))
    await cp('public', dist, { recursive: true })
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Signet</title><div id="root"></div>')
    app = createStaticFiles(dist)
  })
  afterAll(() => rm(dist, { recursive: true, force: true }))

  it('is a manifest, not the app page', async () => {
    const answer = await app.request('/manifest.webmanifest')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    const manifest = v.parse(manifestSchema, await answer.json())
    expect(manifest).toMatchObject({ name: 'Signet', start_url: '/', display: 'standalone' })
  })

  it('names icons that exist in the sizes it says, with one for installing (192 and 512) and a maskable one', async () => {
    const manifest = v.parse(manifestSchema, await (await app.request('/manifest.webmanifest')).json())
    for (const icon of manifest.icons) {
      const answer = await app.request(icon.src)
      expect(answer.status, icon.src).toBe(200)
      expect(answer.headers.get('content-type'), icon.src).toContain(icon.type)
      if (icon.type === 'image/png')
        expect(pngSize(new Uint8Array(await answer.arrayBuffer()))).toBe(icon.sizes)
    }
    const pngSizes = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes)
    expect(pngSizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true)
  })

  it('answers 404 for a file that is not there, and the app page for a path without a file name', async () => {
    expect((await app.request('/icon-1024.png')).status).toBe(404)
    expect((await app.request('/apple-touch-icon.png')).status).toBe(404)
    const page = await app.request('/dashboard')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')
  })
})
