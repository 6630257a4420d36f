import { Hono } from 'hono'
import {
  addSignerGroupMemberSchema,
  signerGroupNameSchema,
  signerGroupSchema,
  signerGroupsSchema,
} from '../../contract/businesses.ts'
import { created, noContent, ok, unknownBusiness } from '../../contract/openapi/operation.ts'
import { requireBusinessAdmin, requireBusinessRole } from '../businesses/require-business-role.ts'
import type { Database } from '../db/open-database.ts'
import { type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'
import {
  addSignerGroupMember,
  createSignerGroup,
  deleteSignerGroup,
  listSignerGroups,
  removeSignerGroupMember,
  renameSignerGroup,
} from '../signer-groups/signer-groups.ts'

/** What the signer group calls need. */
export type SignerGroupServices = { db: Database; now: () => Date; production: boolean }

const groups = '/v1/businesses/:id/groups'
const group = `${groups}/:groupId`
const members = `${group}/members`
const member = `${members}/:userId`

const ofGroup = {
  403: ['business.not_allowed'],
  404: ['business.not_found', 'signer_group.not_found'],
} as const

/**
 * A business's signer groups (issue 43): every member lists them (to ask one to sign or observe); only its admins
 * make, rename and delete them and change who belongs.
 */
export function createSignerGroupRoutes({ db, now, production }: SignerGroupServices): Hono<AuthEnv> {
  const requireAuth = authenticate({ db, now, production })
  const requireAdmin = requireBusinessAdmin(db)
  return new Hono<AuthEnv>()
    .get(
      groups,
      requireAuth,
      describeRoute({
        summary: 'List the business’s signer groups and their members',
        tag: 'Businesses',
        auth: 'account',
        answers: [ok(signerGroupsSchema)],
        errors: unknownBusiness,
      }),
      async (c) => {
        const businessId = c.req.param('id')
        await requireBusinessRole(db, c.get('auth').userId, businessId, 'member')
        return sendJson(c, { groups: await listSignerGroups(db, businessId) })
      },
    )
    .post(
      groups,
      requireAuth,
      requireAdmin,
      jsonBody(signerGroupNameSchema),
      describeRoute({
        summary: 'Make a signer group',
        tag: 'Businesses',
        auth: 'account',
        answers: [created(signerGroupSchema)],
        errors: {
          403: ['business.not_allowed'],
          404: ['business.not_found'],
          409: ['signer_group.name_taken'],
        },
      }),
      async (c) =>
        sendJson(c, await createSignerGroup(db, c.req.param('id'), c.req.valid('json').name, now()), 201),
    )
    .put(
      group,
      requireAuth,
      requireAdmin,
      jsonBody(signerGroupNameSchema),
      describeRoute({
        summary: 'Rename a signer group',
        tag: 'Businesses',
        auth: 'account',
        answers: [ok(signerGroupSchema)],
        errors: { ...ofGroup, 409: ['signer_group.name_taken'] },
      }),
      async (c) => {
        const { id, groupId } = c.req.param()
        return sendJson(c, await renameSignerGroup(db, id, groupId, c.req.valid('json').name))
      },
    )
    .delete(
      group,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Delete a signer group no request waits for',
        tag: 'Businesses',
        auth: 'account',
        answers: [noContent],
        errors: { ...ofGroup, 409: ['signer_group.in_use'] },
      }),
      async (c) => {
        const { id, groupId } = c.req.param()
        await deleteSignerGroup(db, id, groupId)
        return c.body(null, 204)
      },
    )
    .post(
      members,
      requireAuth,
      requireAdmin,
      jsonBody(addSignerGroupMemberSchema),
      describeRoute({
        summary: 'Add a member of the business to a signer group',
        tag: 'Businesses',
        auth: 'account',
        answers: [ok(signerGroupSchema)],
        errors: ofGroup,
      }),
      async (c) => {
        const { id, groupId } = c.req.param()
        const { userId } = c.req.valid('json')
        return sendJson(c, await addSignerGroupMember(db, id, groupId, userId, now()))
      },
    )
    .delete(
      member,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Remove a member from a signer group; they no longer sign or observe for it',
        tag: 'Businesses',
        auth: 'account',
        answers: [ok(signerGroupSchema)],
        errors: ofGroup,
      }),
      async (c) => {
        const { id, groupId, userId } = c.req.param()
        return sendJson(c, await removeSignerGroupMember(db, id, groupId, userId))
      },
    )
}
