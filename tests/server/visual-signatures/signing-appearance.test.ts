import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { visualSignaturePaths as paths } from '../../../contract/visual-signatures.ts'
import { makePdf, removeTemporaryDirectories, temporaryDirectory } from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'
import { createSignature, postFile, scribble } from './visual-signature-client.ts'

afterAll(removeTemporaryDirectories)

/** The images of `pdf` as pdfimages extracts them (each image, then its soft mask), as PNG files. */
function extractImages(dir: string, pdf: Uint8Array): string[] {
  const file = join(dir, 'signed.pdf')
  writeFileSync(file, pdf)
  const run = spawnSync('pdfimages', ['-png', file, join(dir, 'img')], { encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  return readdirSync(dir)
    .filter((name) => name.startsWith('img'))
    .sort()
    .map((name) => join(dir, name))
}

/** RGB pixels of `png` at `width` x `height`, drawn on white; `mask` is a soft mask as a grey PNG. */
async function onWhite(
  png: Uint8Array | Buffer,
  width: number,
  height: number,
  mask?: Buffer,
): Promise<Buffer> {
  if (mask === undefined) {
    return sharp(png).flatten({ background: '#ffffff' }).resize(width, height).removeAlpha().raw().toBuffer()
  }
  const rgb = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const alpha = await sharp(mask).extractChannel(0).raw().toBuffer()
  const flat = Buffer.alloc(rgb.data.length)
  for (let index = 0; index < flat.length; index++) {
    const a = (alpha[Math.floor(index / 3)] ?? 0) / 255
    flat[index] = Math.round((rgb.data[index] ?? 0) * a + 255 * (1 - a))
  }
  const raw = { width: rgb.info.width, height: rgb.info.height, channels: 3 as const }
  return sharp(flat, { raw }).resize(width, height).raw().toBuffer()
}

describe.each(featureDrivers)('the appearance of a signature on %s', (driver) => {
  let api: SigningClient

  beforeAll(async () => {
    api = await startSigningClient(driver)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('draws the signer’s default drawn visual signature, as its image shows it', async () => {
    const token = await api.signUp('drawer@example.com')
    const { id } = await createSignature(api, token, {
      name: 'Ada Lovelace',
      company: 'Analytical Engines Ltd',
      kind: 'drawn',
      displayDate: false,
      isDefault: true,
    })
    const uploaded = await postFile(api, token, paths.customImage(id ?? ''), await scribble())
    expect(uploaded.status).toBe(200)
    const shown = Buffer.from(await (await api.call('GET', paths.image(id ?? ''), { token })).arrayBuffer())

    const me = await api.readUser(token)
    const request = await api.openRequest(token, 'Contract', [me.email], [await makePdf(1)])
    expect(await api.signed(token, [{ signature_request_id: request.id }])).toMatchObject([
      { result: 'complete' },
    ])
    const pdf = await api.downloadSigned(token, request.documents[0]?.id ?? '')

    const dir = temporaryDirectory('visual-signature-')
    const [image, mask] = extractImages(dir, pdf)
    expect(image).toBeDefined()
    const meta = await sharp(readFileSync(image ?? '')).metadata()
    // Twice the 300 x 140 of the preview, for print.
    expect([meta.width, meta.height]).toEqual([600, 280])
    const alpha = mask === undefined ? undefined : readFileSync(mask)
    const inPdf = await onWhite(readFileSync(image ?? ''), 300, 140, alpha)
    const expected = await onWhite(shown, 300, 140)
    let difference = 0
    let inked = 0
    for (let index = 0; index < expected.length; index++) {
      difference += Math.abs((inPdf[index] ?? 0) - (expected[index] ?? 0))
      if ((expected[index] ?? 255) < 128) inked++
    }
    // The same drawing: the scribble, the name and the company line; only resampling differs.
    expect(inked).toBeGreaterThan(1000)
    expect(difference / expected.length).toBeLessThan(6)
    // And not a blank or unrelated image: against white it differs clearly.
    const blank = Buffer.alloc(expected.length, 255)
    let blankDifference = 0
    for (let index = 0; index < expected.length; index++) {
      blankDifference += Math.abs((inPdf[index] ?? 0) - (blank[index] ?? 0))
    }
    expect(blankDifference / expected.length).toBeGreaterThan(6)
  })

  it('names the chosen standard’s provider in the standards line when signing at its quality', async () => {
    const token = await api.signUp('standard@example.com')
    const { id } = await createSignature(api, token, {
      name: 'Grace Hopper',
      displayDate: false,
      isDefault: true,
      quality: 'ses',
      provider: 'Acme Trust Services',
    })
    const shown = Buffer.from(await (await api.call('GET', paths.image(id ?? ''), { token })).arrayBuffer())
    const plain = await api.call('GET', paths.preview({ name: 'Grace Hopper', date: false, qual: 'ses' }), {
      token,
    })
    const withoutProvider = Buffer.from(await plain.arrayBuffer())

    const me = await api.readUser(token)
    const request = await api.openRequest(token, 'Standards', [me.email], [await makePdf(1)])
    expect(await api.signed(token, [{ signature_request_id: request.id }])).toMatchObject([
      { result: 'complete' },
    ])
    const pdf = await api.downloadSigned(token, request.documents[0]?.id ?? '')
    const [image, mask] = extractImages(temporaryDirectory('visual-standard-'), pdf)
    const inPdf = await onWhite(readFileSync(image ?? ''), 300, 140, mask ? readFileSync(mask) : undefined)
    // The lowest 20 rows hold the standards line: the PDF's is the chosen one, provider and all.
    const bottom = 120 * 300 * 3
    const differenceTo = async (png: Buffer) => {
      const expected = await onWhite(png, 300, 140)
      let sum = 0
      for (let index = bottom; index < expected.length; index++)
        sum += Math.abs((inPdf[index] ?? 0) - (expected[index] ?? 0))
      return sum / (expected.length - bottom)
    }
    const toChosen = await differenceTo(shown)
    const toPlain = await differenceTo(withoutProvider)
    // Resampled text differs a little everywhere; the line without the provider differs clearly more.
    expect(toChosen).toBeLessThan(6)
    expect(toPlain - toChosen).toBeGreaterThan(1.5)
  })

  it('keeps the text appearance for a signer without a visual signature', async () => {
    const token = await api.signUp('plain@example.com')
    const me = await api.readUser(token)
    const request = await api.openRequest(token, 'Plain', [me.email], [await makePdf(1)])
    await api.signed(token, [{ signature_request_id: request.id }])
    const pdf = await api.downloadSigned(token, request.documents[0]?.id ?? '')
    expect(extractImages(temporaryDirectory('visual-signature-'), pdf)).toEqual([])
  })
})
