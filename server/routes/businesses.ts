import { Hono } from 'hono'
import { billingPaths } from '../../contract/billing.ts'
import {
  aes4bizSchema,
  billingAddressSchema,
  businessInvitationsSchema,
  businessPaths,
  businessPeopleSchema,
  businessSchema,
  businessSettingsSchema,
  businessStatisticsSchema,
  createBusinessSchema,
  domainSchema,
  domainsSchema,
  invitationPreviewSchema,
  inviteMembersSchema,
  retentionPreviewQuerySchema,
  retentionPreviewSchema,
  supportContactSchema,
  updateAes4bizSchema,
  updateBusinessSettingsSchema,
  userIdsSchema,
} from '../../contract/businesses.ts'
import {
  adminOnly,
  created,
  file,
  noContent,
  ok,
  transition,
  unknownBusiness,
} from '../../contract/openapi/operation.ts'
import { pricePlansSchema } from '../../contract/price-plans.ts'
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
import { requireBusinessAdmin, requireBusinessRole } from '../businesses/require-business-role.ts'
import { updateBillingAddress, updateSupportContact } from '../businesses/update-business.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { queryParams } from '../http/query-params.ts'
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
  const requireAdmin = requireBusinessAdmin(db)
  return (
    new Hono<AuthEnv>()
      .post(
        businessPaths.businesses(),
        requireAuth,
        jsonBody(createBusinessSchema),
        describeRoute({
          summary: 'Open a business with the caller as its first admin',
          tag: 'Businesses',
          auth: 'account',
          answers: [created(businessSchema)],
          errors: { 409: ['business.already_member'] },
        }),
        async (c) =>
          sendJson(c, await createBusiness(services, c.get('auth').userId, c.req.valid('json')), 201),
      )
      .get(
        billingPaths.pricePlans(),
        requireAuth,
        describeRoute({
          summary: 'The plans and their prices per seat',
          tag: 'Billing',
          auth: 'account',
          answers: [ok(pricePlansSchema)],
        }),
        async (c) => sendJson(c, { plans: await listPricePlans(db) }),
      )
      .get(
        businessPaths.userBusiness(),
        requireAuth,
        describeRoute({
          summary: 'The caller’s business',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessSchema)],
          errors: unknownBusiness,
        }),
        async (c) => sendJson(c, await getUserBusiness(db, services.now(), c.get('auth').userId)),
      )
      .get(
        v1,
        requireAuth,
        describeRoute({
          summary: 'Read a business (admins see all of it)',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessSchema)],
          errors: unknownBusiness,
        }),
        async (c) =>
          sendJson(c, await getBusiness(db, services.now(), c.get('auth').userId, c.req.param('id'))),
      )
      .put(
        v1,
        requireAuth,
        requireAdmin,
        jsonBody(supportContactSchema),
        describeRoute({
          summary: 'Change the support contact',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          const { userId } = c.get('auth')
          await updateSupportContact(db, c.req.param('id'), c.req.valid('json'))
          return sendJson(c, await getBusiness(db, services.now(), userId, c.req.param('id')))
        },
      )
      .put(
        `${v2}/billing`,
        requireAuth,
        requireAdmin,
        jsonBody(billingAddressSchema),
        describeRoute({
          summary: 'Change the billing address',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          const { userId } = c.get('auth')
          await updateBillingAddress(db, c.req.param('id'), c.req.valid('json'))
          return sendJson(c, await getBusiness(db, services.now(), userId, c.req.param('id')))
        },
      )
      .delete(
        v2,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'Schedule the business’s deletion in 30 days',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessSchema)],
          errors: transition,
        }),
        async (c) => {
          const { userId } = c.get('auth')
          await scheduleBusinessDeletion(services, c.req.param('id'))
          return sendJson(c, await getBusiness(db, services.now(), userId, c.req.param('id')))
        },
      )
      .post(
        `${v2}/revoke_delete`,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'Take back a scheduled deletion',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessSchema)],
          errors: transition,
        }),
        async (c) => {
          const { userId } = c.get('auth')
          await revokeBusinessDeletion(db, c.req.param('id'), services.now())
          return sendJson(c, await getBusiness(db, services.now(), userId, c.req.param('id')))
        },
      )
      .get(
        `${v1}/settings`,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'Read the business’s settings',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessSettingsSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          return sendJson(c, await getBusinessSettings(db, c.req.param('id')))
        },
      )
      .put(
        `${v1}/settings`,
        requireAuth,
        requireAdmin,
        jsonBody(updateBusinessSettingsSchema),
        describeRoute({
          summary: 'Change the business’s settings',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessSettingsSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          return sendJson(c, await updateBusinessSettings(db, c.req.param('id'), c.req.valid('json')))
        },
      )
      .get(
        `${v1}/members`,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'List the business’s people, admins included',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessPeopleSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          return sendJson(c, { people: await listBusinessPeople(db, c.req.param('id')) })
        },
      )
      .get(
        `${v1}/admins`,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'List the business’s admins',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessPeopleSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          return sendJson(c, { people: await listBusinessPeople(db, c.req.param('id'), 'admin') })
        },
      )
      .post(
        `${v1}/members`,
        requireAuth,
        requireAdmin,
        jsonBody(inviteMembersSchema),
        describeRoute({
          summary: 'Invite addresses to the business',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessInvitationsSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          const { userId } = c.get('auth')
          await buySeatsForInvites(services, c.req.param('id'), c.req.valid('json').users)
          const invitations = await inviteMembers(
            services,
            userId,
            c.req.param('id'),
            c.req.valid('json').users,
          )
          return sendJson(c, { invitations })
        },
      )
      .get(
        `${v2}/invitations`,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'List the open invitations',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessInvitationsSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          return sendJson(c, { invitations: await listBusinessInvitations(db, c.req.param('id')) })
        },
      )
      // The invitation link's page, before its visitor has an account: the link's id is the only key.
      .get(
        '/v1/invitations/:inviteId',
        describeRoute({
          summary: 'Who invites to which business, for the invitation link’s page',
          tag: 'Businesses',
          auth: 'none',
          answers: [ok(invitationPreviewSchema)],
          errors: { 404: ['business.invitation_not_found'] },
        }),
        async (c) => sendJson(c, await previewInvitation(db, c.req.param('inviteId'))),
      )
      .delete(
        `${v1}/invitations/:inviteId`,
        requireAuth,
        describeRoute({
          summary: 'Revoke an invitation, or decline one’s own',
          tag: 'Businesses',
          auth: 'account',
          answers: [noContent],
          errors: {
            403: ['business.not_allowed'],
            404: ['business.not_found', 'business.invitation_not_found'],
          },
        }),
        async (c) => {
          await deleteInvitation(db, c.get('auth'), c.req.param('id'), c.req.param('inviteId'))
          return c.body(null, 204)
        },
      )
      .post(
        `${v1}/change-to-admins`,
        requireAuth,
        requireAdmin,
        jsonBody(userIdsSchema),
        describeRoute({
          summary: 'Make people admins',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessPeopleSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          const people = await changeRoles(db, c.req.param('id'), c.req.valid('json').userIds, 'admin')
          return sendJson(c, { people })
        },
      )
      .post(
        `${v1}/change-to-members`,
        requireAuth,
        requireAdmin,
        jsonBody(userIdsSchema),
        describeRoute({
          summary: 'Make admins members',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessPeopleSchema)],
          errors: { ...adminOnly, 409: ['business.last_admin'] },
        }),
        async (c) => {
          const people = await changeRoles(db, c.req.param('id'), c.req.valid('json').userIds, 'member')
          return sendJson(c, { people })
        },
      )
      .post(
        `${v1}/remove-members`,
        requireAuth,
        jsonBody(userIdsSchema),
        describeRoute({
          summary: 'Remove people, or leave the business oneself',
          tag: 'Businesses',
          auth: 'account',
          answers: [
            ok(businessPeopleSchema, 'The people left, when an admin removed them.'),
            { status: 204, description: 'The caller left the business.' },
          ],
          errors: { ...adminOnly, 409: ['business.last_admin'] },
        }),
        async (c) => {
          const { userId } = c.get('auth')
          const { userIds } = c.req.valid('json')
          // A member may only remove themselves: leaving the business from their profile.
          const leaving = userIds.length === 1 && userIds[0] === userId
          await requireBusinessRole(db, userId, c.req.param('id'), leaving ? 'member' : 'admin')
          const people = await removeMembers(db, c.req.param('id'), userIds)
          return leaving ? c.body(null, 204) : sendJson(c, { people })
        },
      )
      .post(
        `${v1}/domains`,
        requireAuth,
        requireAdmin,
        jsonBody(domainSchema),
        describeRoute({
          summary: 'Add a domain whose addresses join the business',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(domainsSchema)],
          errors: { ...adminOnly, 409: ['business.domain_taken'] },
        }),
        async (c) => {
          const domains = await addDomain(db, c.req.param('id'), c.req.valid('json').domain, services.now())
          return sendJson(c, { domains })
        },
      )
      .delete(
        `${v1}/domains`,
        requireAuth,
        requireAdmin,
        jsonBody(domainSchema),
        describeRoute({
          summary: 'Remove a domain',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(domainsSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          return sendJson(c, {
            domains: await removeDomain(db, c.req.param('id'), c.req.valid('json').domain),
          })
        },
      )
      .get(
        `${v1}/settings/retention`,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'How many ended requests turning retention on would delete now',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(retentionPreviewSchema)],
          errors: adminOnly,
        }),
        queryParams(retentionPreviewQuerySchema),
        async (c) => {
          const { terminal_state } = c.req.valid('query')
          return sendJson(c, await previewRetention(db, c.req.param('id'), terminal_state, services.now()))
        },
      )
      .post(
        `${v1}/settings/logo`,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'Upload the branding logo',
          tag: 'Businesses',
          auth: 'account',
          body: { upload: { file: ['image/png', 'image/jpeg', 'image/svg+xml'] } },
          answers: [ok(businessSettingsSchema)],
          errors: { ...adminOnly, 413: ['business.logo_invalid'], 422: ['business.logo_invalid'] },
        }),
        async (c) => {
          return sendJson(c, await uploadLogo(services, c.req.param('id'), c.req.raw))
        },
      )
      .delete(
        `${v1}/settings/logo`,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'Remove the branding logo',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessSettingsSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          return sendJson(c, await removeLogo(services, c.req.param('id')))
        },
      )
      // Signers see the branding, with or without an account: the logo needs no sign-in.
      .get(
        `${v1}/logo`,
        describeRoute({
          summary: 'The branding logo (signers see it without signing in)',
          tag: 'Businesses',
          auth: 'none',
          answers: [file('image/png', 'The logo; its URL names its version, so it is cached for good.')],
          errors: unknownBusiness,
        }),
        async (c) => {
          const png = await readLogo(services.storage, c.req.param('id'))
          return c.body(png as Uint8Array<ArrayBuffer>, 200, {
            'Content-Type': 'image/png',
            'Content-Length': String(png.byteLength),
            // The URL names the version (`?v=`): a new logo has a new URL.
            'Cache-Control': 'public, max-age=31536000, immutable',
            'X-Content-Type-Options': 'nosniff',
          })
        },
      )
      .get(
        `${v2}/statistics`,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'The business’s people and its use this month',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(businessStatisticsSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          return sendJson(c, await businessStatistics(db, c.req.param('id'), services.now()))
        },
      )
      .get(
        `${v1}/aes4biz`,
        requireAuth,
        requireAdmin,
        describeRoute({
          summary: 'AES for business: whom the business vouches for',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(aes4bizSchema)],
          errors: adminOnly,
        }),
        async (c) => {
          return sendJson(c, await getAes4Biz(db, c.req.param('id')))
        },
      )
      .put(
        `${v1}/aes4biz`,
        requireAuth,
        requireAdmin,
        jsonBody(updateAes4bizSchema),
        describeRoute({
          summary: 'Change AES for business',
          tag: 'Businesses',
          auth: 'account',
          answers: [ok(aes4bizSchema)],
          errors: { ...adminOnly, 422: ['business.domain_unknown'] },
        }),
        async (c) => {
          return sendJson(c, await updateAes4Biz(db, c.req.param('id'), c.req.valid('json')))
        },
      )
  )
}
