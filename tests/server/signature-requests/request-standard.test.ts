import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { makePdf } from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'

// Issue 43: the sender fixes a wrong signature standard of a sent request before anyone signs (the lifecycle
// machine's `standard.change`), through the app's own API; Skribble's v2 PUT translates onto the same operation.
describe.each(featureDrivers)('changing the signature standard of a sent request on %s', (driver) => {
  let api: SigningClient
  let owner: string
  let alice: string

  beforeAll(async () => {
    api = await startSigningClient(driver)
    owner = await api.signUp('sender@example.com')
    alice = await api.signUp('alice@example.com')
    await api.signUp('bob@example.com')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const put = (id: string, body: unknown) =>
    api.call('PUT', apiPaths.signatureRequest(id), { token: owner, body })

  it('changes while the request is open and unsigned, for every signer, with their links as they were', async () => {
    const request = await api.openRequest(
      owner,
      'Lease',
      ['alice@example.com', 'bob@example.com'],
      [await makePdf(1)],
    )
    expect(request).toMatchObject({ statusOverall: 'OPEN', quality: null })
    const changed = await readJson(await put(request.id, { quality: 'aes', legislation: 'zertes' }))
    expect(changed).toMatchObject({ quality: 'aes', legislation: 'zertes', statusOverall: 'OPEN' })
    const seen = await api.getRequest(alice, request.id)
    expect(seen).toMatchObject({ quality: 'aes', legislation: 'zertes' })
    // The same signatures, still open: nobody was invited again.
    expect(seen.signatures.map((s) => [s.id, s.status])).toEqual(
      request.signatures.map((s) => [s.id, 'OPEN']),
    )
    const { events } = await readJson(
      await api.call('GET', apiPaths.signatureRequestEvents(request.id), { token: owner }),
    )
    expect((events as { type: string; detail: unknown }[]).at(-1)).toMatchObject({
      type: 'updated',
      detail: {
        before: { quality: null, legislation: null },
        after: { quality: 'aes', legislation: 'zertes' },
      },
    })
  })

  it('is refused with 409 standard_locked once someone signed, and ended once the request is', async () => {
    const request: SignatureRequestView = await api.openRequest(
      owner,
      'Half signed',
      ['alice@example.com', 'bob@example.com'],
      [await makePdf(1)],
    )
    expect((await api.signed(alice, [{ signature_request_id: request.id }]))[0]?.result).toBe('complete')
    const locked = await put(request.id, { quality: 'qes', legislation: 'eidas' })
    expect(locked.status).toBe(409)
    expect(await locked.json()).toMatchObject({
      code: 'signature_request.standard_locked',
      field: 'quality',
    })
    expect(await api.getRequest(owner, request.id)).toMatchObject({ quality: null, legislation: null })
    // What else an open request lets change still changes.
    expect(await readJson(await put(request.id, { title: 'Renamed' }))).toMatchObject({
      title: 'Renamed',
    })

    const withdrawn = await api.openRequest(owner, 'Withdrawn', ['alice@example.com'], [await makePdf(1)])
    await readJson(
      await api.call('POST', apiPaths.withdrawSignatureRequest(withdrawn.id), { token: owner, body: {} }),
    )
    const ended = await put(withdrawn.id, { quality: 'aes' })
    expect(ended.status).toBe(409)
    expect(await ended.json()).toMatchObject({ code: 'signature_request.ended' })
  })

  it('is the sender’s alone', async () => {
    const request = await api.openRequest(owner, 'Not yours', ['alice@example.com'], [await makePdf(1)])
    const response = await api.call('PUT', apiPaths.signatureRequest(request.id), {
      token: alice,
      body: { quality: 'ses' },
    })
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ code: 'signature_request.not_owner' })
  })
})
