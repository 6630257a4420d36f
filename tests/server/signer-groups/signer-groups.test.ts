import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessPaths, type SignerGroup } from '../../../contract/businesses.ts'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestPage, SignatureRequestView } from '../../../contract/signature-requests.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { join, openBusiness } from '../businesses/business-client.ts'
import { makePdf } from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'

/**
 * Issue 43: a business's admins make signer groups of its members; a request asks a group to sign (any one
 * member signs for it, once) or to observe (every member gets the signed documents).
 */
describe.each(featureDrivers)('signer groups on %s', (driver) => {
  let api: SigningClient
  let admin: string
  let ada: string
  let ben: string
  let cleo: string
  let otherAdmin: string
  let businessId: string
  let otherBusinessId: string
  const ids: Record<string, string> = {}

  const groupCall = async (method: string, path: string, token: string, body?: unknown, status = 200) =>
    toCamelCase(
      await readJson(await api.call(method, path, { token, ...(body ? { body } : {}) }), status),
    ) as SignerGroup

  /** A draft of `owner` with one PDF and these signers (snake_case), sent. */
  const sendRequest = async (owner: string, title: string, body: Record<string, unknown>) => {
    const created = await api.call('POST', apiPaths.signatureRequests(), {
      token: owner,
      body: { title, ...body },
    })
    const draft = toCamelCase(await readJson(created, 201)) as SignatureRequestView
    const form = new FormData()
    form.set(
      'file',
      new Blob([(await makePdf(1)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      'a.pdf',
    )
    const upload = await fetch(`${api.server.url}/api${apiPaths.signatureRequestDocuments(draft.id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    })
    expect(upload.status).toBe(201)
    const sent = await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner })
    return toCamelCase(await readJson(sent)) as SignatureRequestView
  }
  const listed = async (token: string) =>
    (
      toCamelCase(
        await readJson(await api.call('GET', apiPaths.signatureRequests(), { token })),
      ) as SignatureRequestPage
    ).items

  beforeAll(async () => {
    api = await startSigningClient(driver)
    admin = await api.signUp('admin@groups.example')
    ada = await api.signUp('ada@groups.example')
    ben = await api.signUp('ben@groups.example')
    cleo = await api.signUp('cleo@groups.example')
    otherAdmin = await api.signUp('admin@other.example')
    businessId = await openBusiness(api, admin, 'Groups AG')
    otherBusinessId = await openBusiness(api, otherAdmin, 'Other AG')
    for (const [email, token] of [
      ['ada@groups.example', ada],
      ['ben@groups.example', ben],
      ['cleo@groups.example', cleo],
    ] as const) {
      await join(api, admin, businessId, email, token)
      ids[email] = (await api.readUser(token)).id
    }
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('lets only the admins make, rename and delete groups of the business’s members', async () => {
    const path = businessPaths.signerGroups(businessId)
    const made = await groupCall('POST', path, admin, { name: '  Finance ' }, 201)
    expect(made).toMatchObject({ name: 'Finance', members: [] })
    await api.expectError(
      await api.call('POST', path, { token: admin, body: { name: 'Finance' } }),
      409,
      'signer_group.name_taken',
    )
    await api.expectError(
      await api.call('POST', path, { token: admin, body: { name: ' ' } }),
      400,
      'request.invalid',
      'name',
    )
    // A member lists the groups, to ask one to sign, but changes none of them.
    await api.expectError(
      await api.call('POST', path, { token: ada, body: { name: 'Mine' } }),
      403,
      'business.not_allowed',
    )
    const members = businessPaths.signerGroupMembers(businessId, made.id)
    await api.expectError(
      await api.call('POST', members, { token: ada, body: { user_id: ids['ada@groups.example'] } }),
      403,
      'business.not_allowed',
    )
    const joined = await groupCall('POST', members, admin, { user_id: ids['ada@groups.example'] })
    expect(joined.members).toEqual([{ id: ids['ada@groups.example'], email: 'ada@groups.example' }])
    // Someone outside the business never joins a group of it.
    const outsider = (await api.readUser(otherAdmin)).id
    await api.expectError(
      await api.call('POST', members, { token: admin, body: { user_id: outsider } }),
      400,
      'request.invalid',
      'user_id',
    )
    const renamed = await groupCall('PUT', businessPaths.signerGroup(businessId, made.id), admin, {
      name: 'Accounts',
    })
    expect(renamed).toMatchObject({ name: 'Accounts', members: [{ email: 'ada@groups.example' }] })
    const seen = toCamelCase(await readJson(await api.call('GET', path, { token: ada }))) as {
      groups: SignerGroup[]
    }
    expect(seen.groups.map((g) => g.name)).toEqual(['Accounts'])
    // Another business's admin: its group id is unknown to them, and their business is unknown to the others.
    await api.expectError(
      await api.call('PUT', businessPaths.signerGroup(otherBusinessId, made.id), {
        token: otherAdmin,
        body: { name: 'Stolen' },
      }),
      404,
      'signer_group.not_found',
    )
    await api.expectError(
      await api.call('DELETE', businessPaths.signerGroup(otherBusinessId, made.id), { token: otherAdmin }),
      404,
      'signer_group.not_found',
    )
    await api.expectError(await api.call('GET', path, { token: otherAdmin }), 404, 'business.not_found')
    const deleted = await api.call('DELETE', businessPaths.signerGroup(businessId, made.id), { token: admin })
    expect(deleted.status).toBe(204)
    expect(
      (
        toCamelCase(await readJson(await api.call('GET', path, { token: admin }))) as {
          groups: SignerGroup[]
        }
      ).groups,
    ).toEqual([])
  })

  it('has one member of a group sign for it, and the others no longer can', async () => {
    const group = await groupCall(
      'POST',
      businessPaths.signerGroups(businessId),
      admin,
      { name: 'Sales' },
      201,
    )
    const members = businessPaths.signerGroupMembers(businessId, group.id)
    await groupCall('POST', members, admin, { user_id: ids['ada@groups.example'] })
    await groupCall('POST', members, admin, { user_id: ids['ben@groups.example'] })
    const seen = await api.mailIds()
    const request = await sendRequest(admin, 'Offer', { signatures: [{ group_id: group.id }] })
    expect(request.signatures).toMatchObject([{ accountEmail: '', group: { id: group.id, name: 'Sales' } }])
    // Every member is asked, and has it on their list as theirs to sign; someone of the business outside the group not.
    await api.waitForMail('ada@groups.example', /Offer/, seen)
    await api.waitForMail('ben@groups.example', /Offer/, seen)
    for (const token of [ada, ben]) {
      const [item] = (await listed(token)).filter((r) => r.id === request.id)
      expect(item?.signatureStatus).toBe('OPEN')
    }
    expect((await listed(cleo)).some((r) => r.id === request.id)).toBe(false)
    // The list's filter of what the caller has to sign finds the group's signature as theirs.
    const toSign = toCamelCase(
      await readJson(
        await api.call('GET', `${apiPaths.signatureRequests()}?signature_status=OPEN`, { token: ada }),
      ),
    ) as SignatureRequestPage
    expect(toSign.items.map((r) => r.id)).toContain(request.id)
    await api.expectError(
      await api.sign(cleo, [{ signature_request_id: request.id }]),
      404,
      'signature_request.not_found',
    )

    const [result] = await api.signed(ben, [{ signature_request_id: request.id }])
    expect(result).toMatchObject({ result: 'complete', statusOverall: 'SIGNED' })
    const after = await api.getRequest(ada, request.id)
    expect(after.signatures).toMatchObject([{ accountEmail: 'ben@groups.example', status: 'SIGNED' }])
    expect(after.signatureStatus).toBe('SIGNED')
    await api.expectError(
      await api.sign(ada, [{ signature_request_id: request.id }]),
      409,
      'signature_request.not_open',
    )
  })

  it('has a group’s members sign in: asked for the TAN link, on invitation or later, it is sign-in', async () => {
    const group = await groupCall(
      'POST',
      businessPaths.signerGroups(businessId),
      admin,
      { name: 'Purchasing' },
      201,
    )
    const created = await api.call('POST', apiPaths.signatureRequests(), {
      token: admin,
      body: { title: 'Order', signatures: [{ group_id: group.id, authentication: 'tan' }] },
    })
    const draft = toCamelCase(await readJson(created, 201)) as SignatureRequestView
    const [signature] = draft.signatures
    expect(signature).toMatchObject({ group: { id: group.id }, authentication: 'account_sign_in' })
    const put = async (authentication: string) =>
      toCamelCase(
        await readJson(
          await api.call('PUT', apiPaths.signatureRequest(draft.id), {
            token: admin,
            body: { signatures: [{ id: signature?.id, sequence: 1, authentication }] },
          }),
        ),
      ) as SignatureRequestView
    expect((await put('second_factor')).signatures[0]?.authentication).toBe('second_factor')
    expect((await put('tan')).signatures[0]?.authentication).toBe('account_sign_in')
  })

  it('takes exactly one signature when two members sign at the same moment', async () => {
    const group = await groupCall(
      'POST',
      businessPaths.signerGroups(businessId),
      admin,
      { name: 'Race' },
      201,
    )
    const members = businessPaths.signerGroupMembers(businessId, group.id)
    await groupCall('POST', members, admin, { user_id: ids['ada@groups.example'] })
    await groupCall('POST', members, admin, { user_id: ids['ben@groups.example'] })
    // Two signers, so that the first signature leaves the request open and only the group's one is at stake.
    const request = await sendRequest(admin, 'Race', {
      signatures: [{ group_id: group.id }, { account_email: 'cleo@groups.example' }],
    })
    const answers = await Promise.all(
      [ada, ben].map((token) => api.sign(token, [{ signature_request_id: request.id }])),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const view = await api.getRequest(admin, request.id)
    const groupSignature = view.signatures.find((s) => s.group?.id === group.id)
    expect(groupSignature?.status).toBe('SIGNED')
    expect(['ada@groups.example', 'ben@groups.example']).toContain(groupSignature?.accountEmail)
    const events = toCamelCase(
      await readJson(await api.call('GET', apiPaths.signatureRequestEvents(request.id), { token: admin })),
    ) as { events: { type: string }[] }
    expect(events.events.filter((e) => e.type === 'signed')).toHaveLength(1)
    expect(view.statusOverall).toBe('OPEN')
  })

  it('keeps a member removed from the group from signing for it, and refuses to delete a group a request waits for', async () => {
    const group = await groupCall(
      'POST',
      businessPaths.signerGroups(businessId),
      admin,
      { name: 'Legal' },
      201,
    )
    const members = businessPaths.signerGroupMembers(businessId, group.id)
    await groupCall('POST', members, admin, { user_id: ids['ada@groups.example'] })
    await groupCall('POST', members, admin, { user_id: ids['cleo@groups.example'] })
    const request = await sendRequest(admin, 'Contract', { signatures: [{ group_id: group.id }] })
    expect((await listed(ada)).some((r) => r.id === request.id)).toBe(true)
    const left = await groupCall(
      'DELETE',
      businessPaths.signerGroupMember(businessId, group.id, ids['ada@groups.example'] ?? ''),
      admin,
    )
    expect(left.members.map((m) => m.email)).toEqual(['cleo@groups.example'])
    expect((await listed(ada)).some((r) => r.id === request.id)).toBe(false)
    await api.expectError(
      await api.sign(ada, [{ signature_request_id: request.id }]),
      404,
      'signature_request.not_found',
    )
    await api.expectError(
      await api.call('DELETE', businessPaths.signerGroup(businessId, group.id), { token: admin }),
      409,
      'signer_group.in_use',
    )
    const [result] = await api.signed(cleo, [{ signature_request_id: request.id }])
    expect(result?.result).toBe('complete')
    expect(
      (await api.call('DELETE', businessPaths.signerGroup(businessId, group.id), { token: admin })).status,
    ).toBe(204)
    // The signature given stays the signer's.
    expect((await api.getRequest(cleo, request.id)).signatures[0]?.accountEmail).toBe('cleo@groups.example')
  })

  it('asks no group of another business, and has every member of an observing group get the signed documents', async () => {
    const foreign = await groupCall(
      'POST',
      businessPaths.signerGroups(otherBusinessId),
      otherAdmin,
      { name: 'Theirs' },
      201,
    )
    const refused = await api.call('POST', apiPaths.signatureRequests(), {
      token: admin,
      body: { title: 'T', signatures: [{ group_id: foreign.id }] },
    })
    await api.expectError(refused, 404, 'signer_group.not_found', 'signatures.0.group_id')
    const observers = await groupCall(
      'POST',
      businessPaths.signerGroups(businessId),
      admin,
      { name: 'Watchers' },
      201,
    )
    const members = businessPaths.signerGroupMembers(businessId, observers.id)
    await groupCall('POST', members, admin, { user_id: ids['ben@groups.example'] })
    await groupCall('POST', members, admin, { user_id: ids['cleo@groups.example'] })
    const request = await sendRequest(admin, 'Observed', {
      signatures: [{ account_email: 'ada@groups.example' }],
      observer_group_ids: [observers.id],
    })
    expect(request.observerGroups).toMatchObject([{ id: observers.id, name: 'Watchers' }])
    const seen = await api.mailIds()
    await api.signed(ada, [{ signature_request_id: request.id }])
    await api.waitForMail('ben@groups.example', /“Observed” is signed/, seen)
    await api.waitForMail('cleo@groups.example', /“Observed” is signed/, seen)
  })
})
