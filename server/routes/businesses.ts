import { Hono } from 'hono'
import { billingPaths } from '../../contract/billing.ts'
import {
  billingAddressSchema,
  businessPaths,
  createBusinessSchema,
  domainSchema,
  inviteMembersSchema,
  retentionPreviewQuerySchema,
  supportContactSchema,
  updateAes4bizSchema,
  updateBusinessSettingsSchema,
  userIdsSchema,
} from '../../contract/businesses.ts'
import type { BillingServices } from '../billing/billing-services.ts'
import { buySeatsForInvites } from '../billing/seats.ts'
import { getAes4Biz, updateAes4Biz } from '../businesses/aes4biz.ts'
import { revokeBusinessDeletion, scheduleBusinessDeletion } from '../businesses/business-deletion.ts'
import { addDomain, removeDomain } from '../businesses/business-domains.ts'
import { readLogo, removeLogo, uploadLogo } from '../businesses/business-logo.ts'
import { listBusinessInvitations, listBusinessPeople } from '../businesses/business-people.ts'
import { getBusinessSettings, updateBusinessSettings } from '../businesses/business-settings.ts'
import { businessStatistics } from '../businesses/business-statistics.ts'
import { changeRoles, removeMembers } from '../businesses/change-members.ts'
import { createBusiness } from '../businesses/create-business.ts'
import { getBusiness, getUserBusiness } from '../businesses/get-business.ts'
import { deleteInvitation, previewInvitation } from '../businesses/invitations.ts'
import { inviteMembers } from '../businesses/invite-members.ts'
import { listPricePlans } from '../businesses/list-price-plans.ts'
import { requireBusinessRole } from '../businesses/require-business-role.ts'
import { updateBillingAddress, updateSupportContact } from '../businesses/update-business.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { jsonBody } from '../http/json-body.ts'
import { parseQuery } from '../http/parse-query.ts'
import { sendJson } from '../http/send-json.ts'
import { previewRetention } from '../retention/retention.ts'

const v1 = '/v1/businesses/:id'
const v2 = '/v2/businesses/:id'

/**
 * Business accounts (SPEC §7 Businesses). Every call reads the caller's role in the business from the
 * database: admins may do everything here, members only read the business and leave it; another
 * business's id is a 404.
 */
export function createBusinessRoutes(services: BillingServices & ApiKeyMode): Hono<AuthEnv> {
  const { db } = services
  const requireAuth = authenticate(services)
  const admin = (userId: string, businessId: string) => requireBusinessRole(db, userId, businessId, 'admin')
  return (
    new Hono<AuthEnv>()
      .post(businessPaths.businesses(), requireAuth, jsonBody(createBusinessSchema), async (c) =>
        sendJson(c, await createBusiness(services, c.get('auth').userId, c.req.valid('json')), 201),
      )
      .get(billingPaths.pricePlans(), requireAuth, async (c) =>
        sendJson(c, { plans: await listPricePlans(db) }),
      )
      .get(businessPaths.userBusiness(), requireAuth, async (c) =>
        sendJson(c, await getUserBusiness(db, services.now(), c.get('auth').userId)),
      )
      .get(v1, requireAuth, async (c) =>
        sendJson(c, await getBusiness(db, services.now(), c.get('auth').userId, c.req.param('id'))),
      )
      .put(v1, requireAuth, jsonBody(supportContactSchema), async (c) => {
        const { userId } = c.get('auth')
        await admin(userId, c.req.param('id'))
        await updateSupportContact(db, c.req.param('id'), c.req.valid('json'))
        return sendJson(c, await getBusiness(db, services.now(), userId, c.req.param('id')))
      })
      .put(`${v2}/billing`, requireAuth, jsonBody(billingAddressSchema), async (c) => {
        const { userId } = c.get('auth')
        await admin(userId, c.req.param('id'))
        await updateBillingAddress(db, c.req.param('id'), c.req.valid('json'))
        return sendJson(c, await getBusiness(db, services.now(), userId, c.req.param('id')))
      })
      .delete(v2, requireAuth, async (c) => {
        const { userId } = c.get('auth')
        await admin(userId, c.req.param('id'))
        await scheduleBusinessDeletion(services, c.req.param('id'))
        return sendJson(c, await getBusiness(db, services.now(), userId, c.req.param('id')))
      })
      .post(`${v2}/revoke_delete`, requireAuth, async (c) => {
        const { userId } = c.get('auth')
        await admin(userId, c.req.param('id'))
        await revokeBusinessDeletion(db, c.req.param('id'), services.now())
        return sendJson(c, await getBusiness(db, services.now(), userId, c.req.param('id')))
      })
      .get(`${v1}/settings`, requireAuth, async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, await getBusinessSettings(db, c.req.param('id')))
      })
      .put(`${v1}/settings`, requireAuth, jsonBody(updateBusinessSettingsSchema), async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, await updateBusinessSettings(db, c.req.param('id'), c.req.valid('json')))
      })
      .get(`${v1}/members`, requireAuth, async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, { people: await listBusinessPeople(db, c.req.param('id')) })
      })
      .get(`${v1}/admins`, requireAuth, async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, { people: await listBusinessPeople(db, c.req.param('id'), 'admin') })
      })
      .post(`${v1}/members`, requireAuth, jsonBody(inviteMembersSchema), async (c) => {
        const { userId } = c.get('auth')
        await admin(userId, c.req.param('id'))
        await buySeatsForInvites(services, c.req.param('id'), c.req.valid('json').users)
        const invitations = await inviteMembers(
          services,
          userId,
          c.req.param('id'),
          c.req.valid('json').users,
        )
        return sendJson(c, { invitations })
      })
      .get(`${v2}/invitations`, requireAuth, async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, { invitations: await listBusinessInvitations(db, c.req.param('id')) })
      })
      // The invitation link's page, before its visitor has an account: the link's id is the only key.
      .get('/v1/invitations/:inviteId', async (c) =>
        sendJson(c, await previewInvitation(db, c.req.param('inviteId'))),
      )
      .delete(`${v1}/invitations/:inviteId`, requireAuth, async (c) => {
        await deleteInvitation(db, c.get('auth'), c.req.param('id'), c.req.param('inviteId'))
        return c.body(null, 204)
      })
      .post(`${v1}/change-to-admins`, requireAuth, jsonBody(userIdsSchema), async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        const people = await changeRoles(db, c.req.param('id'), c.req.valid('json').userIds, 'admin')
        return sendJson(c, { people })
      })
      .post(`${v1}/change-to-members`, requireAuth, jsonBody(userIdsSchema), async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        const people = await changeRoles(db, c.req.param('id'), c.req.valid('json').userIds, 'member')
        return sendJson(c, { people })
      })
      .post(`${v1}/remove-members`, requireAuth, jsonBody(userIdsSchema), async (c) => {
        const { userId } = c.get('auth')
        const { userIds } = c.req.valid('json')
        // A member may only remove themselves: leaving the business from their profile.
        const leaving = userIds.length === 1 && userIds[0] === userId
        await requireBusinessRole(db, userId, c.req.param('id'), leaving ? 'member' : 'admin')
        const people = await removeMembers(db, c.req.param('id'), userIds)
        return leaving ? c.body(null, 204) : sendJson(c, { people })
      })
      .post(`${v1}/domains`, requireAuth, jsonBody(domainSchema), async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        const domains = await addDomain(db, c.req.param('id'), c.req.valid('json').domain, services.now())
        return sendJson(c, { domains })
      })
      .delete(`${v1}/domains`, requireAuth, jsonBody(domainSchema), async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, { domains: await removeDomain(db, c.req.param('id'), c.req.valid('json').domain) })
      })
      .get(`${v1}/settings/retention`, requireAuth, async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        const { terminal_state } = parseQuery(retentionPreviewQuerySchema, c.req.query())
        return sendJson(c, await previewRetention(db, c.req.param('id'), terminal_state, services.now()))
      })
      .post(`${v1}/settings/logo`, requireAuth, async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, await uploadLogo(services, c.req.param('id'), c.req.raw))
      })
      .delete(`${v1}/settings/logo`, requireAuth, async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, await removeLogo(services, c.req.param('id')))
      })
      // Signers see the branding, with or without an account: the logo needs no sign-in.
      .get(`${v1}/logo`, async (c) => {
        const png = await readLogo(services.storage, c.req.param('id'))
        return c.body(png as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': 'image/png',
          'Content-Length': String(png.byteLength),
          // The URL names the version (`?v=`): a new logo has a new URL.
          'Cache-Control': 'public, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
        })
      })
      .get(`${v2}/statistics`, requireAuth, async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, await businessStatistics(db, c.req.param('id'), services.now()))
      })
      .get(`${v1}/aes4biz`, requireAuth, async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, await getAes4Biz(db, c.req.param('id')))
      })
      .put(`${v1}/aes4biz`, requireAuth, jsonBody(updateAes4bizSchema), async (c) => {
        await admin(c.get('auth').userId, c.req.param('id'))
        return sendJson(c, await updateAes4Biz(db, c.req.param('id'), c.req.valid('json')))
      })
  )
}
