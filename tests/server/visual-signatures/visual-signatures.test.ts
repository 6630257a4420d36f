import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identificationPaths } from '../../../contract/identification.ts'
import {
  visualSignaturePaths as paths,
  visualSignatureSchema,
  visualSignaturesSchema,
} from '../../../contract/visual-signatures.ts'
import { type AccountsClient, readJson, startAccountsClient } from '../accounts/accounts-client.ts'
import { buyLicence } from '../identification/buy-licence.ts'
import { featureDrivers } from '../test-database.ts'
import { createSignature, listSignatures, pixels, postFile, scribble } from './visual-signature-client.ts'

describe.each(featureDrivers)('visual signatures on %s', (driver) => {
  let api: AccountsClient
  let anna: string
  let bruno: string

  beforeAll(async () => {
    api = await startAccountsClient(driver)
    anna = await api.signUp('anna@example.com')
    bruno = await api.signUp('bruno@example.com')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const inkIn = async (png: Uint8Array) => {
    const { data } = await pixels(png)
    let inked = 0
    for (let index = 0; index < data.length; index += 4) if ((data[index + 3] ?? 0) > 128) inked++
    return inked
  }

  it('offers a predefined signature of the user’s name until they save one', async () => {
    const answer = await api.call('GET', paths.defaultVisualSignature(), { token: anna })
    expect(v.parse(visualSignatureSchema, await readJson(answer))).toMatchObject({
      id: null,
      name: 'Ada Lovelace',
      kind: 'typed',
      isDefault: true,
    })
    expect(await listSignatures(api, anna)).toEqual([])
  })

  it('creates, lists, changes and deletes visual signatures, keeping one default', async () => {
    const first = await createSignature(api, anna, {
      name: 'Anna Muster',
      company: 'Acme AG',
      location: 'Bern',
    })
    expect(first).toMatchObject({
      name: 'Anna Muster',
      company: 'Acme AG',
      isDefault: true,
      hasCustomImage: false,
    })
    const second = await createSignature(api, anna, { name: 'A. Muster', alias: 'short', isDefault: true })
    expect((await listSignatures(api, anna)).map((s) => [s.alias || s.name, s.isDefault])).toEqual([
      ['short', true],
      ['Anna Muster', false],
    ])
    const changed = await api.call('PUT', paths.visualSignature(first.id ?? ''), {
      token: anna,
      body: { name: 'Anna M. Muster', isDefault: true, displayClaim: false },
    })
    expect(v.parse(visualSignatureSchema, await readJson(changed))).toMatchObject({
      name: 'Anna M. Muster',
      isDefault: true,
      displayClaim: false,
      company: '',
    })
    const byDefault = await readJson(await api.call('GET', paths.defaultVisualSignature(), { token: anna }))
    expect(byDefault).toMatchObject({ id: first.id, name: 'Anna M. Muster' })

    // Deleting the default makes the remaining one the default.
    const left = await api.call('DELETE', paths.visualSignature(first.id ?? ''), { token: anna })
    expect(v.parse(visualSignaturesSchema, await readJson(left)).visualSignatures).toEqual([
      expect.objectContaining({ id: second.id, isDefault: true }),
    ])
    await api.call('DELETE', paths.visualSignature(second.id ?? ''), { token: anna })
    expect(await listSignatures(api, anna)).toEqual([])
  })

  it('refuses a missing name with the field', async () => {
    const answer = await api.call('POST', paths.visualSignatures(), { token: anna, body: { name: '  ' } })
    await api.expectError(answer, 400, 'request.invalid', 'name')
  })

  it('stores a drawn image, re-encoded as PNG, and previews it', async () => {
    const signature = await createSignature(api, anna, { name: 'Anna Muster', kind: 'drawn' })
    const id = signature.id ?? ''
    const typed = await api.call('GET', paths.image(id), { token: anna })
    expect(typed.headers.get('content-type')).toBe('image/png')
    const typedPng = new Uint8Array(await typed.arrayBuffer())

    const jpeg = await scribble('jpeg')
    const uploaded = await postFile(api, anna, paths.customImage(id), jpeg, 'drawn.jpg')
    expect(v.parse(visualSignatureSchema, await readJson(uploaded))).toMatchObject({
      kind: 'drawn',
      hasCustomImage: true,
    })
    const drawn = new Uint8Array(
      await (await api.call('GET', paths.image(id), { token: anna })).arrayBuffer(),
    )
    expect(await pixels(drawn)).toMatchObject({ width: 300, height: 140 })
    expect(Buffer.from(drawn).equals(Buffer.from(typedPng))).toBe(false)

    const preview = await api.call('GET', paths.preview({ name: 'Anna Muster', loc: 'Bern', date: false }), {
      token: anna,
    })
    expect(preview.status).toBe(200)
    const previewPng = new Uint8Array(await preview.arrayBuffer())
    expect(await pixels(previewPng)).toMatchObject({ width: 300, height: 140 })
    expect(await inkIn(previewPng)).toBeGreaterThan(300)

    const withImage = await postFile(api, anna, paths.preview({ name: 'Anna Muster' }), await scribble())
    expect(withImage.headers.get('content-type')).toBe('image/png')

    const removed = await api.call('DELETE', paths.customImage(id), { token: anna })
    expect(v.parse(visualSignatureSchema, await readJson(removed))).toMatchObject({
      kind: 'typed',
      hasCustomImage: false,
    })
  })

  it('refuses a text file (415) and an image over 1 MB (413)', async () => {
    const { id } = await createSignature(api, anna, { name: 'Anna Muster' })
    const text = new TextEncoder().encode('not an image at all')
    await api.expectError(
      await postFile(api, anna, paths.customImage(id ?? ''), text, 'note.png'),
      415,
      'visual_signature.image_invalid',
    )
    const big = new Uint8Array(1024 * 1024 + 10)
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    await api.expectError(
      await postFile(api, anna, paths.customImage(id ?? ''), big),
      413,
      'visual_signature.image_invalid',
    )
    await api.expectError(
      await postFile(api, anna, paths.preview({ name: 'x' }), text),
      415,
      'visual_signature.image_invalid',
    )
  })

  it('answers another user’s visual signature as not found, and refuses signed-out callers', async () => {
    const { id } = await createSignature(api, anna, { name: 'Anna Muster' })
    const own = id ?? ''
    const notFound = 'visual_signature.not_found'
    await api.expectError(
      await api.call('PUT', paths.visualSignature(own), { token: bruno, body: { name: 'Bruno' } }),
      404,
      notFound,
    )
    await api.expectError(
      await api.call('DELETE', paths.visualSignature(own), { token: bruno }),
      404,
      notFound,
    )
    await api.expectError(await api.call('GET', paths.image(own), { token: bruno }), 404, notFound)
    await api.expectError(await postFile(api, bruno, paths.customImage(own), await scribble()), 404, notFound)
    await api.expectError(await api.call('DELETE', paths.customImage(own), { token: bruno }), 404, notFound)
    await api.expectError(
      await api.call('DELETE', paths.visualSignature('nope'), { token: anna }),
      404,
      notFound,
    )
    expect(await listSignatures(api, bruno)).toEqual([])
    expect((await listSignatures(api, anna)).some((s) => s.id === own)).toBe(true)

    const unauthenticated = 'auth.unauthenticated'
    for (const [method, path] of [
      ['GET', paths.visualSignatures()],
      ['POST', paths.visualSignatures()],
      ['PUT', paths.visualSignature(own)],
      ['DELETE', paths.visualSignature(own)],
      ['GET', paths.defaultVisualSignature()],
      ['GET', paths.preview({ name: 'x' })],
      ['DELETE', paths.customImage(own)],
    ] as const) {
      await api.expectError(
        await api.call(method, path, method === 'GET' ? {} : { body: { name: 'x' } }),
        401,
        unauthenticated,
      )
    }
    await api.expectError(
      await postFile(api, undefined, paths.customImage(own), await scribble()),
      401,
      unauthenticated,
    )
    await api.expectError(await api.call('GET', paths.direct()), 401, 'direct.invalid_token')
  })

  it('keeps the chosen standard (qual, leg, prov) of the standards line, among those the user holds only', async () => {
    const carla = await api.signUp('carla@example.com')
    const create = (body: Record<string, unknown>) =>
      api.call('POST', paths.visualSignatures(), { token: carla, body: { name: 'Carla', ...body } })
    await api.expectError(await create({ quality: 'aes' }), 400, 'request.invalid', 'quality')
    await api.expectError(
      await create({ quality: 'qes', legislation: 'zertes' }),
      400,
      'request.invalid',
      'quality',
    )
    await api.expectError(await create({ legislation: 'eidas' }), 400, 'request.invalid', 'quality')
    await api.expectError(
      await create({ quality: 'ses', legislation: 'eidas' }),
      400,
      'request.invalid',
      'legislation',
    )
    await api.expectError(await create({ quality: 'best' }), 400, 'request.invalid', 'quality')
    expect(await listSignatures(api, carla)).toEqual([])

    const simple = await createSignature(api, carla, { name: 'Carla', quality: 'ses' })
    expect(simple).toMatchObject({ quality: 'ses', legislation: null, provider: null })

    // Identified for ZertES at the sandbox provider: qualified ZertES (demo) is hers to show now.
    await buyLicence(api.server.url, { token: carla }, 'zertes')
    const started = (await readJson(
      await api.call('POST', identificationPaths.user('zertes', 'video'), { token: carla }),
      201,
    )) as { identUrl: string }
    const done = await fetch(`${api.server.url}${new URL(started.identUrl).pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'complete' }),
    })
    expect(done.status).toBe(303)
    const changed = await api.call('PUT', paths.visualSignature(simple.id ?? ''), {
      token: carla,
      body: { name: 'Carla', quality: 'qes', legislation: 'zertes', provider: 'demo' },
    })
    expect(v.parse(visualSignatureSchema, await readJson(changed))).toMatchObject({
      quality: 'qes',
      legislation: 'zertes',
      provider: 'demo',
    })
    expect(await listSignatures(api, carla)).toEqual([
      expect.objectContaining({ quality: 'qes', legislation: 'zertes', provider: 'demo' }),
    ])
    await api.expectError(
      await api.call('PUT', paths.visualSignature(simple.id ?? ''), {
        token: carla,
        body: { name: 'Carla', quality: 'qes', legislation: 'eidas' },
      }),
      400,
      'request.invalid',
      'legislation',
    )
  })
})
