import sharp from 'sharp'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { billingPaths } from '../../../contract/billing.ts'
import {
  businessInvitationsSchema,
  businessPaths,
  businessPeopleSchema,
  businessSchema,
  businessSettingsSchema,
  trialDays,
} from '../../../contract/businesses.ts'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { pricePlansSchema, upgradePreviewSchema } from '../../../contract/price-plans.ts'
import { sealDetailSchema, sealPaths } from '../../../contract/seals.ts'
import { loadSupportContact } from '../../../server/businesses/business-settings.ts'
import {
  type AccountsClient,
  goodPassword,
  readJson,
  startAccountsClient,
} from '../accounts/accounts-client.ts'
import { ocspStatus } from '../pki/ocsp-status.ts'
import { removeTemporaryDirectories } from '../signing/pdf-tools.ts'
import { featureDrivers } from '../test-database.ts'

const dayMs = 24 * 60 * 60 * 1000

const businessData = {
  name: 'Acme AG',
  email: 'office@acme.example',
  phone: '+41 44 123 45 67',
  billing: {
    address1: 'Bahnhofstrasse 1',
    city: 'Zürich',
    postal_code: '8001',
    country: 'ch',
    vat: 'CHE-123.456.789',
  },
}

describe.each(featureDrivers)('business accounts on %s', (driver) => {
  let client: AccountsClient
  beforeAll(async () => {
    client = await startAccountsClient(driver)
  })
  afterAll(async () => {
    await client.server.stop()
    removeTemporaryDirectories()
  })

  const readBusiness = async (token: string, id: string) =>
    v.parse(businessSchema, await readJson(await client.call('GET', businessPaths.business(id), { token })))
  const open = async (token: string, data: object = businessData) =>
    v.parse(
      businessSchema,
      await readJson(await client.call('POST', businessPaths.businesses(), { token, body: data }), 201),
    )
  /** Invites `email` and answers the invitation's id, read from the link of the mail it was sent. */
  const invite = async (token: string, businessId: string, email: string) => {
    const before = await client.mailIds()
    await readJson(
      await client.call('POST', businessPaths.businessMembers(businessId), {
        token,
        body: { users: [email] },
      }),
    )
    const mail = await client.waitForMail(email.toLowerCase(), /invites you to join/, before)
    const link = new URL(mail.links[0] ?? '')
    expect(link.pathname).toMatch(/^\/invite\/[0-9a-f-]{36}$/)
    return link.pathname.split('/')[2] ?? ''
  }
  const accept = (token: string) =>
    client.call('POST', apiPaths.accept(), { token, body: { business_invite: true } })
  const people = async (token: string, id: string) =>
    v.parse(
      businessPeopleSchema,
      await readJson(await client.call('GET', businessPaths.businessMembers(id), { token })),
    ).people

  it('opens a business with the caller as its first admin, on a 14-day trial', async () => {
    const token = await client.signUp('founder@acme.example')
    expect((await client.call('GET', businessPaths.userBusiness(), { token })).status).toBe(404)
    const business = await open(token)
    expect(business).toMatchObject({
      name: 'Acme AG',
      role: 'admin',
      supportContact: { email: 'office@acme.example', phone: '+41 44 123 45 67' },
      // A Swiss business's prices are in CHF until its first payment fixes a currency.
      billingCurrency: 'CHF',
      admin: {
        paymentMethod: 'TRIALING',
        billingStatus: 'trialing',
        billing: { country: 'CH', postalCode: '8001' },
        trialEndsAt: new Date(client.clock.now().getTime() + 14 * dayMs).toISOString(),
        deletionScheduledAt: null,
      },
    })
    expect(
      v.parse(
        businessSchema,
        await readJson(await client.call('GET', businessPaths.userBusiness(), { token })),
      ),
    ).toEqual(business)
    expect((await client.readUser(token)).business).toEqual({
      id: business.id,
      name: 'Acme AG',
      role: 'admin',
      invitationId: null,
      paymentMethod: 'TRIALING',
    })
    // A user belongs to at most one business.
    await client.expectError(
      await client.call('POST', businessPaths.businesses(), { token, body: businessData }),
      409,
      'business.already_member',
    )
  })

  it('refuses a business without an address, with a bad country or phone, and a signed-out caller', async () => {
    const token = await client.signUp('refused@acme.example')
    const { city: _, ...noCity } = businessData.billing
    await client.expectError(
      await client.call('POST', businessPaths.businesses(), {
        token,
        body: { ...businessData, billing: noCity },
      }),
      400,
      'request.invalid',
      'billing.city',
    )
    await client.expectError(
      await client.call('POST', businessPaths.businesses(), {
        token,
        body: { ...businessData, billing: { ...businessData.billing, country: 'Switzerland' } },
      }),
      400,
      'request.invalid',
      'billing.country',
    )
    await client.expectError(
      await client.call('POST', businessPaths.businesses(), {
        token,
        body: { ...businessData, phone: 'call me' },
      }),
      400,
      'request.invalid',
      'phone',
    )
    await client.expectError(
      await client.call('POST', businessPaths.businesses(), { body: businessData }),
      401,
      'auth.unauthenticated',
    )
    expect((await client.call('GET', businessPaths.userBusiness(), { token })).status).toBe(404)
  })

  it('brings people in by invitation, with and without an account, and lets admins manage them', async () => {
    const admin = await client.signUp('boss@team.example')
    const business = await open(admin, { ...businessData, name: 'Team GmbH' })
    const colleague = await client.signUp('colleague@team.example')
    const invitationId = await invite(admin, business.id, 'colleague@team.example')
    await invite(admin, business.id, 'Newcomer@Team.example')
    const invitations = v.parse(
      businessInvitationsSchema,
      await readJson(
        await client.call('GET', businessPaths.businessInvitations(business.id), { token: admin }),
      ),
    ).invitations
    expect(invitations.map((i) => i.email).sort()).toEqual([
      'colleague@team.example',
      'newcomer@team.example',
    ])

    // The invitation waits for the colleague until they accept it.
    expect((await client.readUser(colleague)).business).toEqual({
      id: business.id,
      name: 'Team GmbH',
      role: 'member',
      invitationId,
      paymentMethod: 'TRIALING',
    })
    await client.expectError(
      await client.call('GET', businessPaths.business(business.id), { token: colleague }),
      404,
      'business.not_found',
    )
    expect((await readJson(await accept(colleague))).business).toMatchObject({
      role: 'member',
      invitationId: null,
    })
    await client.expectError(await accept(colleague), 409, 'business.already_member')

    // The address without an account signs up from the link and finds the invitation waiting.
    const newcomer = await client.signUp('newcomer@team.example')
    expect((await client.readUser(newcomer)).business?.invitationId).toEqual(expect.any(String))
    await readJson(await accept(newcomer))
    expect((await people(admin, business.id)).map((p) => [p.email, p.role])).toEqual([
      ['boss@team.example', 'admin'],
      ['colleague@team.example', 'member'],
      ['newcomer@team.example', 'member'],
    ])
    expect(
      v.parse(
        businessInvitationsSchema,
        await readJson(
          await client.call('GET', businessPaths.businessInvitations(business.id), { token: admin }),
        ),
      ).invitations,
    ).toEqual([])

    // A member sees the business's name, support contact, guidance switch and plan, nothing of an admin's.
    expect(await readBusiness(colleague, business.id)).toMatchObject({
      role: 'member',
      userPilot: { enabled: false },
      activePricePlanId: null,
      planStart: null,
      admin: null,
    })
    for (const [method, path] of [
      ['GET', businessPaths.businessSettings(business.id)],
      ['GET', businessPaths.businessMembers(business.id)],
      ['GET', businessPaths.businessInvitations(business.id)],
      ['GET', businessPaths.businessStatistics(business.id)],
      ['DELETE', businessPaths.deleteBusiness(business.id)],
    ] as const) {
      await client.expectError(
        await client.call(method, path, { token: colleague }),
        403,
        'business.not_allowed',
      )
    }

    const all = await people(admin, business.id)
    const idOf = (email: string) => all.find((p) => p.email === email)?.id ?? ''
    // One becomes an admin; the last admin cannot be demoted or removed.
    await readJson(
      await client.call('POST', businessPaths.changeToAdmins(business.id), {
        token: admin,
        body: { user_ids: [idOf('colleague@team.example')] },
      }),
    )
    const admins = v.parse(
      businessPeopleSchema,
      await readJson(await client.call('GET', businessPaths.businessAdmins(business.id), { token: admin })),
    ).people
    expect(admins.map((p) => p.email)).toEqual(['boss@team.example', 'colleague@team.example'])
    const bothAdmins = { user_ids: [idOf('boss@team.example'), idOf('colleague@team.example')] }
    await client.expectError(
      await client.call('POST', businessPaths.changeToMembers(business.id), {
        token: admin,
        body: bothAdmins,
      }),
      409,
      'business.last_admin',
    )
    await client.expectError(
      await client.call('POST', businessPaths.removeMembers(business.id), { token: admin, body: bothAdmins }),
      409,
      'business.last_admin',
    )
    expect((await people(admin, business.id)).filter((p) => p.role === 'admin')).toHaveLength(2)
    // Someone outside the business is not a member to change.
    const stranger = await client.readUser(await client.signUp('stranger@elsewhere.example'))
    await client.expectError(
      await client.call('POST', businessPaths.changeToAdmins(business.id), {
        token: admin,
        body: { user_ids: [idOf('newcomer@team.example'), stranger.id] },
      }),
      400,
      'request.invalid',
      'user_ids.1',
    )

    // The first admin removes the newcomer, who is told once.
    await readJson(
      await client.call('POST', businessPaths.removeMembers(business.id), {
        token: admin,
        body: { user_ids: [idOf('newcomer@team.example')] },
      }),
    )
    const removed = await client.readUser(newcomer)
    expect(removed.business).toBeNull()
    expect(removed.attributes.removed_from_business).toEqual(['Team GmbH'])
    await client.expectError(
      await client.call('PUT', apiPaths.user(), {
        token: newcomer,
        body: { attributes: { removed_from_business: ['x'] } },
      }),
      403,
      'user.attribute_read_only',
    )
    await readJson(
      await client.call('PUT', apiPaths.user(), {
        token: newcomer,
        body: { attributes: { removed_from_business: [] } },
      }),
    )
    expect((await client.readUser(newcomer)).attributes.removed_from_business).toEqual([])

    // The colleague, demoted again, leaves on their own.
    await readJson(
      await client.call('POST', businessPaths.changeToMembers(business.id), {
        token: admin,
        body: { user_ids: [idOf('colleague@team.example')] },
      }),
    )
    await client.expectError(
      await client.call('POST', businessPaths.removeMembers(business.id), {
        token: colleague,
        body: { user_ids: [idOf('boss@team.example')] },
      }),
      403,
      'business.not_allowed',
    )
    expect(
      (
        await client.call('POST', businessPaths.removeMembers(business.id), {
          token: colleague,
          body: { user_ids: [idOf('colleague@team.example')] },
        })
      ).status,
    ).toBe(204)
    expect((await client.readUser(colleague)).business).toBeNull()
  })

  it('shows an open invitation to whoever holds its link, and nothing once it is not open', async () => {
    const admin = await client.signUp('host@preview.example')
    const business = await open(admin, { ...businessData, name: 'Preview AG' })
    const invitationId = await invite(admin, business.id, 'Guest@Preview.example')
    const preview = (id: string) => client.call('GET', businessPaths.invitation(id))
    expect(await readJson(await preview(invitationId))).toEqual({
      inviter: 'Ada Lovelace',
      business: 'Preview AG',
      email: 'guest@preview.example',
    })
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      await client.expectError(await preview(unknown), 404, 'business.invitation_not_found')
    }
    // Withdrawn: the link shows nothing more.
    await client.call('DELETE', businessPaths.businessInvitation(business.id, invitationId), { token: admin })
    await client.expectError(await preview(invitationId), 404, 'business.invitation_not_found')
    // Accepted: used up alike.
    const again = await invite(admin, business.id, 'guest@preview.example')
    const guest = await client.signUp('guest@preview.example')
    await readJson(await accept(guest))
    await client.expectError(await preview(again), 404, 'business.invitation_not_found')
  })

  it('lets the invited person decline and admins revoke; refuses unknown invitations', async () => {
    const admin = await client.signUp('owner@decline.example')
    const business = await open(admin, { ...businessData, name: 'Decline SA' })
    const invitee = await client.signUp('maybe@decline.example')
    const invitationId = await invite(admin, business.id, 'maybe@decline.example')
    const other = await client.signUp('other@decline.example')
    // Neither someone else nor a made-up id finds it.
    await client.expectError(
      await client.call('DELETE', businessPaths.businessInvitation(business.id, invitationId), {
        token: other,
      }),
      404,
      'business.invitation_not_found',
    )
    await client.expectError(
      await client.call(
        'DELETE',
        businessPaths.businessInvitation(business.id, '00000000-0000-4000-8000-000000000000'),
        { token: admin },
      ),
      404,
      'business.invitation_not_found',
    )
    await client.expectError(
      await client.call('DELETE', businessPaths.businessInvitation(business.id, 'nope'), { token: admin }),
      404,
      'business.invitation_not_found',
    )
    expect(
      (
        await client.call('DELETE', businessPaths.businessInvitation(business.id, invitationId), {
          token: invitee,
        })
      ).status,
    ).toBe(204)
    expect((await client.readUser(invitee)).business).toBeNull()
    await client.expectError(await accept(invitee), 404, 'business.invitation_not_found')
    // Used up: the same invitation cannot be deleted twice.
    await client.expectError(
      await client.call('DELETE', businessPaths.businessInvitation(business.id, invitationId), {
        token: admin,
      }),
      404,
      'business.invitation_not_found',
    )
    const again = await invite(admin, business.id, 'maybe@decline.example')
    expect(
      (await client.call('DELETE', businessPaths.businessInvitation(business.id, again), { token: admin }))
        .status,
    ).toBe(204)
    await client.expectError(
      await client.call('POST', businessPaths.businessMembers(business.id), {
        token: admin,
        body: { users: ['not an address'] },
      }),
      400,
      'request.invalid',
      'users.0',
    )
  })

  it('keeps each business to itself: another business id is unknown to an admin', async () => {
    const first = await client.signUp('first@one.example')
    const second = await client.signUp('second@two.example')
    const one = await open(first, { ...businessData, name: 'One' })
    await open(second, { ...businessData, name: 'Two' })
    for (const [method, path, body] of [
      ['GET', businessPaths.business(one.id), undefined],
      ['PUT', businessPaths.business(one.id), { email: '', phone: '' }],
      ['GET', businessPaths.businessSettings(one.id), undefined],
      ['GET', businessPaths.businessMembers(one.id), undefined],
      ['POST', businessPaths.businessMembers(one.id), { users: ['x@one.example'] }],
      ['POST', businessPaths.businessDomains(one.id), { domain: 'one.example' }],
      ['DELETE', businessPaths.deleteBusiness(one.id), undefined],
      ['GET', businessPaths.business('not-a-uuid'), undefined],
    ] as const) {
      await client.expectError(
        await client.call(method, path, { token: second, body }),
        404,
        'business.not_found',
      )
    }
    await client.expectError(
      await client.call('GET', businessPaths.business(one.id)),
      401,
      'auth.unauthenticated',
    )
  })

  it('keeps settings, support contact and billing address, refusing bad ones', async () => {
    const admin = await client.signUp('admin@settings.example')
    const business = await open(admin, { ...businessData, name: 'Settings AG' })
    const settings = await readJson(
      await client.call('GET', businessPaths.businessSettings(business.id), { token: admin }),
    )
    expect(settings).toEqual({
      supportContact: { email: 'office@acme.example', phone: '+41 44 123 45 67' },
      signatureRequests: {
        part11: { enabled: false },
        retention: { enabled: false, terminalState: 'ANY' },
        reminders: { enabled: false, everyDays: 3, atMost: 3 },
        expiry: { enabled: false, days: 30 },
      },
      companyBranding: { logo: null },
      mailService: {
        attachments: {
          signedDocument: { enabled: true, customisable: true },
          signatureProtocol: { enabled: false, customisable: true },
        },
      },
      userPilot: { enabled: false },
      secondFactor: { required: false },
    })
    const changed = {
      support_contact: { email: 'help@settings.example', phone: '' },
      signature_requests: {
        part11: { enabled: true },
        retention: { enabled: true, terminal_state: 'SIGNED' },
      },
      mail_service: {
        attachments: {
          signed_document: { enabled: false, customisable: false },
          signature_protocol: { enabled: true, customisable: true },
        },
      },
      user_pilot: { enabled: true },
    }
    expect(
      await readJson(
        await client.call('PUT', businessPaths.businessSettings(business.id), {
          token: admin,
          body: changed,
        }),
      ),
    ).toMatchObject({
      supportContact: { email: 'help@settings.example', phone: '' },
      signatureRequests: { part11: { enabled: true }, retention: { enabled: true, terminalState: 'SIGNED' } },
      userPilot: { enabled: true },
    })
    // The guidance switch reaches everyone of the business with the business itself (SPEC §4).
    expect(await readBusiness(admin, business.id)).toMatchObject({ userPilot: { enabled: true } })
    // Issue 40 §3: the reminders and expiry of the business's new requests, kept when a later PUT leaves them out.
    const followUp = {
      reminders: { enabled: true, every_days: 2, at_most: 4 },
      expiry: { enabled: true, days: 10 },
    }
    await readJson(
      await client.call('PUT', businessPaths.businessSettings(business.id), {
        token: admin,
        body: { ...changed, signature_requests: { ...changed.signature_requests, ...followUp } },
      }),
    )
    expect(
      await readJson(
        await client.call('PUT', businessPaths.businessSettings(business.id), {
          token: admin,
          body: changed,
        }),
      ),
    ).toMatchObject({
      signatureRequests: {
        reminders: { enabled: true, everyDays: 2, atMost: 4 },
        expiry: { enabled: true, days: 10 },
      },
    })
    const draft = await readJson(
      await client.call('POST', apiPaths.signatureRequests(), { token: admin, body: { title: 'Defaults' } }),
      201,
    )
    expect(draft).toMatchObject({
      reminders: { everyDays: 2, atMost: 4 },
      expiresAt: new Date(client.clock.now().getTime() + 10 * 24 * 60 * 60 * 1000).toISOString(),
    })
    await client.expectError(
      await client.call('PUT', businessPaths.businessSettings(business.id), {
        token: admin,
        body: { ...changed, support_contact: { email: 'help@settings.example', phone: 'abc' } },
      }),
      400,
      'request.invalid',
      'support_contact.phone',
    )
    await client.expectError(
      await client.call('PUT', businessPaths.businessSettings(business.id), {
        token: admin,
        body: {
          ...changed,
          signature_requests: {
            part11: { enabled: true },
            retention: { enabled: true, terminal_state: 'LATER' },
          },
        },
      }),
      400,
      'request.invalid',
      'signature_requests.retention.terminal_state',
    )
    expect((await readBusiness(admin, business.id)).supportContact).toEqual({
      email: 'help@settings.example',
      phone: '',
    })
    expect(
      (
        await readBusiness(
          admin,
          v.parse(
            businessSchema,
            await readJson(
              await client.call('PUT', businessPaths.business(business.id), {
                token: admin,
                body: { email: '', phone: '+41 79 000 00 00' },
              }),
            ),
          ).id,
        )
      ).supportContact,
    ).toEqual({ email: '', phone: '+41 79 000 00 00' })
    const billed = v.parse(
      businessSchema,
      await readJson(
        await client.call('PUT', businessPaths.businessBilling(business.id), {
          token: admin,
          body: { address1: 'Rue du Rhône 1', city: 'Genève', postal_code: '1204', country: 'CH', vat: '' },
        }),
      ),
    )
    expect(billed.admin?.billing).toEqual({
      address1: 'Rue du Rhône 1',
      address2: '',
      city: 'Genève',
      postalCode: '1204',
      country: 'CH',
      vat: '',
    })
  })

  it('gives a business its domains, one business each, and invites people who confirm an address there', async () => {
    const admin = await client.signUp('admin@domains.example')
    const business = await open(admin, { ...businessData, name: 'Domains AG' })
    const add = (token: string, id: string, domain: string) =>
      client.call('POST', businessPaths.businessDomains(id), { token, body: { domain } })
    expect(await readJson(await add(admin, business.id, 'Domains-Team.example'))).toEqual({
      domains: ['domains-team.example'],
    })
    expect(await readJson(await add(admin, business.id, '[192.168.0.1]'))).toEqual({
      domains: ['[192.168.0.1]', 'domains-team.example'],
    })
    for (const bad of ['localhost', 'no-dot', 'x.c', 'a..b.example', '[300.1.1.1]']) {
      await client.expectError(await add(admin, business.id, bad), 400, 'request.invalid', 'domain')
    }
    const rival = await client.signUp('admin@rival.example')
    const rivalBusiness = await open(rival, { ...businessData, name: 'Rival AG' })
    await client.expectError(
      await add(rival, rivalBusiness.id, 'domains-team.example'),
      409,
      'business.domain_taken',
      'domain',
    )

    const joiner = await client.signUp('joiner@domains-team.example')
    expect((await client.readUser(joiner)).business).toMatchObject({
      id: business.id,
      name: 'Domains AG',
      invitationId: expect.any(String),
    })
    await readJson(await accept(joiner))
    expect((await readBusiness(joiner, business.id)).role).toBe('member')

    expect(
      await readJson(
        await client.call('DELETE', businessPaths.businessDomains(business.id), {
          token: admin,
          body: { domain: '[192.168.0.1]' },
        }),
      ),
    ).toEqual({ domains: ['domains-team.example'] })
  })

  it('schedules its deletion, takes it back, and deletes it when the day comes, leaving its people plain users', async () => {
    const admin = await client.signUp('admin@closing.example')
    const business = await open(admin, { ...businessData, name: 'Closing AG' })
    const member = await client.signUp('member@closing.example')
    await invite(admin, business.id, 'member@closing.example')
    await readJson(await accept(member))
    const draft = await readJson(
      await client.call('POST', apiPaths.signatureRequests(), { token: member, body: { title: 'Kept' } }),
      201,
    )
    const seal = v.parse(
      sealDetailSchema,
      await readJson(
        await client.call('PUT', sealPaths.seal(business.id, 'closing-seal'), {
          token: admin,
          body: { label: 'Closing Seal' },
        }),
        201,
      ),
    )

    const before = await client.mailIds()
    const scheduled = v.parse(
      businessSchema,
      await readJson(
        await client.call('DELETE', businessPaths.deleteBusiness(business.id), { token: admin }),
      ),
    )
    const due = new Date(client.clock.now().getTime() + 30 * dayMs)
    expect(scheduled.admin?.deletionScheduledAt).toBe(due.toISOString())
    await client.waitForMail('admin@closing.example', /Closing AG will be deleted/, before)
    // The payment machine takes no second deletion while one is pending, and says in which state it is.
    const again = await client.call('DELETE', businessPaths.deleteBusiness(business.id), { token: admin })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({
      code: 'business.transition_refused',
      message: expect.stringContaining('deletion.pending'),
    })
    expect((await client.mailIds()).size - before.size).toBe(1)

    const revoked = v.parse(
      businessSchema,
      await readJson(
        await client.call('POST', businessPaths.revokeBusinessDeletion(business.id), { token: admin }),
      ),
    )
    expect(revoked.admin?.deletionScheduledAt).toBeNull()
    await client.expectError(
      await client.call('POST', businessPaths.revokeBusinessDeletion(business.id), { token: admin }),
      409,
      'business.transition_refused',
    )
    // Sessions end after a day: as time passes, the people sign in again.
    const signIn = async (email: string) =>
      String((await readJson(await client.login(email, goodPassword))).token)
    // Scheduled again ten days later; the revoked deletion's day passes and nothing happens.
    client.clock.advance(10 * dayMs)
    await readJson(
      await client.call('DELETE', businessPaths.deleteBusiness(business.id), {
        token: await signIn('admin@closing.example'),
      }),
    )
    client.clock.advance(25 * dayMs)
    // The billing lane, where a business's deletion runs, has done whatever was due by then.
    await expect
      .poll(async () => (await readJson(await client.call('GET', apiPaths.health()))).jobs, {
        timeout: 10_000,
      })
      .toMatchObject({ lanes: { billing: { oldestWaitingSeconds: 0, running: 0 } } })
    expect((await readBusiness(await signIn('admin@closing.example'), business.id)).name).toBe('Closing AG')

    client.clock.advance(6 * dayMs)
    const adminAgain = await signIn('admin@closing.example')
    const memberAgain = await signIn('member@closing.example')
    await vi.waitFor(
      async () =>
        expect((await client.call('GET', businessPaths.userBusiness(), { token: adminAgain })).status).toBe(
          404,
        ),
      { timeout: 5000, interval: 100 },
    )
    for (const token of [adminAgain, memberAgain]) {
      const user = await client.readUser(token)
      expect(user.business).toBeNull()
      expect(user.attributes.business_deleted).toEqual(['Closing AG'])
    }
    expect(
      (await client.call('GET', apiPaths.signatureRequest(String(draft.id)), { token: memberAgain })).status,
    ).toBe(200)
    // Its seal went with it, and nobody may seal in its name any more.
    expect(await ocspStatus(client.server.url, seal.certificate.serialNumber)).toEqual({
      status: 'revoked',
      reason: 'cessationOfOperation',
    })
  })

  it('locks when its trial ends without a payment method, for its admins and its members', async () => {
    const admin = await client.signUp('admin@trial.example')
    const business = await open(admin, { ...businessData, name: 'Trial AG' })
    const member = await client.signUp('member@trial.example')
    await invite(admin, business.id, 'member@trial.example')
    await readJson(await accept(member))
    expect(await readBusiness(member, business.id)).toMatchObject({ locked: false, admin: null })
    const before = await client.mailIds()
    const signIn = async (email: string) =>
      String((await readJson(await client.login(email, goodPassword))).token)
    client.clock.advance(14 * dayMs)
    // The trial's end is a job: it runs on the day and tells the admins.
    const mail = await client.waitForMail('admin@trial.example', /The .* trial of Trial AG has ended/, before)
    expect(mail.links).toContain('http://localhost/business/billing')
    // The job wrote the state that the app's route guards read from the user.
    expect((await client.readUser(await signIn('admin@trial.example'))).business?.paymentMethod).toBe(
      'NEEDS_PAYMENT_METHOD',
    )
    expect(await readBusiness(await signIn('member@trial.example'), business.id)).toMatchObject({
      locked: true,
    })
    expect(await readBusiness(await signIn('admin@trial.example'), business.id)).toMatchObject({
      locked: true,
      admin: { paymentMethod: 'NEEDS_PAYMENT_METHOD', billingStatus: 'needs_payment_method' },
    })
  })

  it('counts its people and their month', async () => {
    const admin = await client.signUp('admin@stats.example')
    const business = await open(admin, { ...businessData, name: 'Stats AG' })
    await invite(admin, business.id, 'a@stats.example')
    await invite(admin, business.id, 'b@stats.example')
    expect(
      await readJson(
        await client.call('GET', businessPaths.businessStatistics(business.id), { token: admin }),
      ),
    ).toEqual({
      admins: 1,
      members: 0,
      openInvitations: 2,
      requestsThisMonth: 0,
      signaturesThisMonth: 0,
    })
  })
})

describe('support contact as settings load (SPEC §5)', () => {
  it('blanks an invalid e-mail or phone and keeps valid ones', () => {
    expect(
      loadSupportContact({ supportEmail: 'help@acme.example', supportPhone: '+41 44 123 45 67' }),
    ).toEqual({
      email: 'help@acme.example',
      phone: '+41 44 123 45 67',
    })
    expect(loadSupportContact({ supportEmail: 'help at acme', supportPhone: '12-34' })).toEqual({
      email: '',
      phone: '',
    })
  })
})

describe.each(featureDrivers)('business logo on %s', (driver) => {
  let client: AccountsClient
  beforeAll(async () => {
    client = await startAccountsClient(driver)
  })
  afterAll(async () => {
    await client.server.stop()
  })

  const upload = (token: string, id: string, bytes: Uint8Array, type: string, name: string) => {
    const form = new FormData()
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name)
    return fetch(`${client.server.url}${apiUrl(businessPaths.businessSettingsLogo(id))}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  }

  it('draws an uploaded PNG, JPEG or SVG anew as a PNG that anyone can see, and refuses anything else', async () => {
    const admin = await client.signUp('admin@logo.example')
    const created = await client.call('POST', businessPaths.businesses(), {
      token: admin,
      body: businessData,
    })
    const business = v.parse(businessSchema, toCamelCase(await created.json()))
    const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#1a56db' } })
      .png()
      .toBuffer()

    const answer = await upload(admin, business.id, png, 'image/png', 'logo.png')
    expect(answer.status, await answer.clone().text()).toBe(200)
    const settings = v.parse(businessSettingsSchema, toCamelCase(await answer.json()))
    expect(settings.companyBranding.logo).toMatchObject({ width: 600, height: 150 })
    const url = settings.companyBranding.logo?.url ?? ''
    expect(url).toMatch(new RegExp(`^/api/v1/businesses/${business.id}/logo\\?v=[0-9a-f]{16}$`))
    // No sign-in needed: the people asked to sign see the logo too.
    const served = await fetch(`${client.server.url}${url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 600,
    })

    // An SVG with a script is drawn as pixels: nothing of its markup is kept.
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><script>alert(1)</script><rect width="200" height="80" fill="red"/></svg>',
    )
    const fromSvg = await upload(admin, business.id, svg, 'image/svg+xml', 'logo.svg')
    expect(fromSvg.status).toBe(200)
    const svgUrl =
      v.parse(businessSettingsSchema, toCamelCase(await fromSvg.json())).companyBranding.logo?.url ?? ''
    expect(svgUrl).not.toBe(url)
    const drawn = new Uint8Array(await (await fetch(`${client.server.url}${svgUrl}`)).arrayBuffer())
    expect(Buffer.from(drawn.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a')
    expect(Buffer.from(drawn).toString('latin1')).not.toContain('script')

    await client.expectError(
      await upload(
        admin,
        business.id,
        new TextEncoder().encode('%PDF-1.7 not an image'),
        'image/png',
        'logo.png',
      ),
      422,
      'business.logo_invalid',
      'file',
    )
    // An empty file once answered 500 (issue 34: found by tests/server/http/operations-fuzz.test.ts).
    await client.expectError(
      await upload(admin, business.id, new Uint8Array(), 'image/png', 'empty.png'),
      422,
      'business.logo_invalid',
      'file',
    )
    await client.expectError(
      await upload(admin, business.id, new Uint8Array(1024 * 1024 + 1), 'image/png', 'big.png'),
      413,
      'business.logo_invalid',
    )
    const member = await client.signUp('member@logo.example')
    await client.call('POST', businessPaths.businessMembers(business.id), {
      token: admin,
      body: { users: ['member@logo.example'] },
    })
    expect(
      (await client.call('POST', apiPaths.accept(), { token: member, body: { business_invite: true } }))
        .status,
    ).toBe(200)
    await client.expectError(
      await upload(member, business.id, png, 'image/png', 'logo.png'),
      403,
      'business.not_allowed',
    )

    const removed = await client.call('DELETE', businessPaths.businessSettingsLogo(business.id), {
      token: admin,
    })
    expect(v.parse(businessSettingsSchema, toCamelCase(await removed.json())).companyBranding.logo).toBeNull()
    expect((await fetch(`${client.server.url}${svgUrl}`)).status).toBe(404)
  })
})

describe.each(featureDrivers)('price plans on %s', (driver) => {
  let client: AccountsClient
  beforeAll(async () => {
    client = await startAccountsClient(driver)
  })
  afterAll(async () => {
    await client.server.stop()
  })

  it('lists the plans of SPEC §4 with whole minor-unit prices per seat, to signed-in users only', async () => {
    const token = await client.signUp('buyer@plans.example')
    const response = await client.call('GET', billingPaths.pricePlans(), { token })
    expect(response.status).toBe(200)
    const { plans } = v.parse(pricePlansSchema, toCamelCase(await response.json()))
    expect(plans.map((p) => p.id)).toEqual([
      'individual',
      'team',
      'pro',
      'scale',
      'ent_2026',
      'ent_v2',
      'sme_v2',
      'free_v1',
    ])
    expect(plans.filter((p) => p.selfService).map((p) => p.tier)).toEqual([
      'individual',
      'team',
      'pro',
      'scale',
    ])
    for (const plan of plans) {
      for (const amount of [
        plan.seatPrices.monthly,
        plan.seatPrices.yearly,
        plan.identPrices.eidas,
        plan.identPrices.zertes,
      ]) {
        expect(Number.isInteger(amount.eur) && Number.isInteger(amount.chf)).toBe(true)
      }
    }
    // A year costs ten months: two months free for paying ahead.
    const team = plans.find((p) => p.id === 'team')
    expect(team?.seatPrices.yearly.eur).toBe((team?.seatPrices.monthly.eur ?? 0) * 10)
    await client.expectError(await client.call('GET', billingPaths.pricePlans()), 401, 'auth.unauthenticated')
  })
})

describe.each(featureDrivers)('upgrade preview on %s', (driver) => {
  let client: AccountsClient
  beforeAll(async () => {
    client = await startAccountsClient(driver)
  })
  afterAll(async () => {
    await client.server.stop()
  })

  const openIn = async (email: string, country: string) => {
    const token = await client.signUp(email)
    const created = await client.call('POST', businessPaths.businesses(), {
      token,
      body: { ...businessData, billing: { ...businessData.billing, country } },
    })
    return { token, id: v.parse(businessSchema, toCamelCase(await created.json())).id }
  }
  const preview = (token: string, id: string, body: object) =>
    client.call('POST', billingPaths.upgradePreview(id), { token, body })

  it('prices a plan period by period with Swiss VAT, reverse charge in the EU, none for export', async () => {
    const swiss = await openIn('admin@preview-ch.example', 'CH')
    const answer = await preview(swiss.token, swiss.id, {
      plan: 'team',
      cycle: 'yearly',
      amount_seats: 3,
      currency: 'CHF',
    })
    expect(answer.status, await answer.clone().text()).toBe(200)
    const priced = v.parse(upgradePreviewSchema, toCamelCase(await answer.json()))
    expect(priced).toMatchObject({
      plan: 'team',
      cycle: 'yearly',
      currency: 'CHF',
      seats: 3,
      unitAmount: 25000,
      vatTreatment: 'swiss',
    })
    expect(priced.periods).toHaveLength(2)
    for (const period of priced.periods) {
      // 3 x CHF 250.00 = CHF 750.00, VAT 8.1 % = CHF 60.75.
      expect(period).toMatchObject({ subtotal: 75000, discount: 0, vatRate: 810, vat: 6075, total: 81075 })
    }
    // On its trial, the business is charged from the trial's end: the rest of the trial stays free.
    const [first, second] = priced.periods
    const trialEnd = new Date(client.clock.now().getTime() + trialDays * 24 * 60 * 60 * 1000)
    expect(first?.startsAt).toBe(trialEnd.toISOString())
    expect(second?.startsAt).toBe(first?.endsAt)
    expect(new Date(first?.endsAt ?? '').getUTCFullYear()).toBe(trialEnd.getUTCFullYear() + 1)

    const german = await openIn('admin@preview-de.example', 'DE')
    const eu = v.parse(
      upgradePreviewSchema,
      toCamelCase(
        await (
          await preview(german.token, german.id, {
            plan: 'pro',
            cycle: 'monthly',
            amount_seats: 2,
            currency: 'EUR',
          })
        ).json(),
      ),
    )
    expect(eu).toMatchObject({ vatTreatment: 'reverseCharge', unitAmount: 4000 })
    expect(eu.periods[0]).toMatchObject({ subtotal: 8000, vatRate: 0, vat: 0, total: 8000 })
    const american = await openIn('admin@preview-us.example', 'US')
    const abroad = v.parse(
      upgradePreviewSchema,
      toCamelCase(
        await (
          await preview(american.token, american.id, {
            plan: 'team',
            cycle: 'monthly',
            amount_seats: 2,
            currency: 'EUR',
          })
        ).json(),
      ),
    )
    expect(abroad).toMatchObject({ vatTreatment: 'export' })
  })

  it('refuses plans not offered, seats outside the plan or below its people, unknown codes, and members', async () => {
    const { token, id } = await openIn('admin@preview-refused.example', 'CH')
    const ask = (body: object) =>
      preview(token, id, { plan: 'team', cycle: 'yearly', amount_seats: 2, currency: 'CHF', ...body })
    await client.expectError(await ask({ plan: 'ent_2026' }), 422, 'billing.plan_unavailable', 'plan')
    await client.expectError(await ask({ plan: 'nope' }), 422, 'billing.plan_unavailable', 'plan')
    await client.expectError(
      await ask({ amount_seats: 1 }),
      422,
      'billing.seats_out_of_range',
      'amount_seats',
    )
    await client.expectError(
      await ask({ amount_seats: 21 }),
      422,
      'billing.seats_out_of_range',
      'amount_seats',
    )
    await client.expectError(await ask({ promo_code: 'SPRING' }), 422, 'billing.code_unknown', 'promo_code')
    await client.expectError(await ask({ currency: 'USD' }), 400, 'request.invalid', 'currency')
    await client.expectError(await ask({ amount_seats: 2.5 }), 400, 'request.invalid', 'amount_seats')
    const member = await client.signUp('member@preview-refused.example')
    await client.call('POST', businessPaths.businessMembers(id), {
      token,
      body: { users: ['member@preview-refused.example'] },
    })
    await client.call('POST', apiPaths.accept(), { token: member, body: { business_invite: true } })
    await client.expectError(
      await preview(member, id, { plan: 'team', cycle: 'yearly', amount_seats: 2, currency: 'CHF' }),
      403,
      'business.not_allowed',
    )
    // The individual plan has one seat: a business of two cannot take it.
    await client.expectError(
      await ask({ plan: 'individual', amount_seats: 1 }),
      422,
      'billing.seats_out_of_range',
    )
  })
})
