import { Hono } from 'hono'
import { adminOnly, file, ok, sealOfAdmin, unknownBusiness } from '../../contract/openapi/operation.ts'
import { putSealSchema, sealDetailSchema, sealMembersBodySchema, sealsSchema } from '../../contract/seals.ts'
import { requireBusinessAdmin, requireBusinessRole } from '../businesses/require-business-role.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'
import { findSeal } from '../seals/find-seal.ts'
import { listSeals } from '../seals/list-seals.ts'
import { putSeal } from '../seals/put-seal.ts'
import { readSealImage, removeSealImage, uploadSealImage } from '../seals/seal-image.ts'
import { changeSealMembers } from '../seals/seal-members.ts'
import type { SealServices } from '../seals/seal-services.ts'
import { sealDetail } from '../seals/seal-views.ts'

const seals = '/v1/businesses/:id/seals'
const seal = `${seals}/:name`

/**
 * A business's seals (SPEC §7 Businesses seals, Seals). Admins manage them; a member may only list the
 * seals they are allowed to seal with. Another business's id is a 404, as for every business call;
 * another business's seal name is a 404 too.
 */
export function createSealRoutes(services: SealServices & ApiKeyMode): Hono<AuthEnv> {
  const { db } = services
  const requireAuth = authenticate(services)
  const requireAdmin = requireBusinessAdmin(db)
  return new Hono<AuthEnv>()
    .get(
      seals,
      requireAuth,
      describeRoute({
        summary: 'List the seals (a member sees those they may use)',
        tag: 'Seals',
        auth: 'account',
        answers: [ok(sealsSchema)],
        errors: unknownBusiness,
      }),
      async (c) => {
        const { userId } = c.get('auth')
        const role = await requireBusinessRole(db, userId, c.req.param('id'), 'member')
        return sendJson(c, { seals: await listSeals(db, c.req.param('id'), { userId, role }) })
      },
    )
    .get(
      seal,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Read a seal with its certificate and who may use it',
        tag: 'Seals',
        auth: 'account',
        answers: [ok(sealDetailSchema)],
        errors: sealOfAdmin,
      }),
      async (c) => {
        const found = await findSeal(db, c.req.param('id'), c.req.param('name'))
        return sendJson(c, await sealDetail(db, found))
      },
    )
    .put(
      seal,
      requireAuth,
      requireAdmin,
      jsonBody(putSealSchema),
      describeRoute({
        summary: 'Create a seal, or change its label',
        tag: 'Seals',
        auth: 'account',
        answers: [
          ok(sealDetailSchema, 'The label changed; the certificate was issued anew.'),
          { status: 201, json: sealDetailSchema, description: 'The seal was created with its certificate.' },
        ],
        errors: { ...adminOnly, 409: ['seal.name_taken'] },
      }),
      async (c) => {
        const { seal: answer, created } = await putSeal(
          services,
          c.req.param('id'),
          c.req.param('name'),
          c.req.valid('json'),
        )
        return sendJson(c, answer, created ? 201 : 200)
      },
    )
    .get(
      `${seal}/image`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'The seal’s image',
        tag: 'Seals',
        auth: 'account',
        answers: [
          file('image/png', 'The image, PNG or JPEG.'),
          file('image/jpeg', 'The image, PNG or JPEG.'),
        ],
        errors: {
          403: ['business.not_allowed'],
          404: ['business.not_found', 'seal.not_found', 'seal.image_not_found'],
        },
      }),
      async (c) => {
        const found = await findSeal(db, c.req.param('id'), c.req.param('name'))
        const image = await readSealImage(services.storage, found)
        return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': image.type,
          'Content-Length': String(image.bytes.byteLength),
          'Cache-Control': 'private, no-cache',
          'X-Content-Type-Options': 'nosniff',
        })
      },
    )
    .post(
      `${seal}/image`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Upload the seal’s image (PNG or JPEG, up to 1 MB)',
        tag: 'Seals',
        auth: 'account',
        body: { upload: { file: ['image/png', 'image/jpeg'] } },
        answers: [ok(sealDetailSchema)],
        errors: {
          ...sealOfAdmin,
          413: ['seal.image_invalid'],
          415: ['seal.image_invalid'],
          422: ['seal.image_invalid'],
        },
      }),
      async (c) => {
        const found = await findSeal(db, c.req.param('id'), c.req.param('name'))
        return sendJson(c, await uploadSealImage(services, found, c.req.raw))
      },
    )
    .delete(
      `${seal}/image`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Remove the seal’s image',
        tag: 'Seals',
        auth: 'account',
        answers: [ok(sealDetailSchema)],
        errors: sealOfAdmin,
      }),
      async (c) => {
        const found = await findSeal(db, c.req.param('id'), c.req.param('name'))
        return sendJson(c, await removeSealImage(services, found))
      },
    )
    .post(
      `${seal}/members`,
      requireAuth,
      requireAdmin,
      jsonBody(sealMembersBodySchema),
      describeRoute({
        summary: 'Allow people and API users to use the seal',
        tag: 'Seals',
        auth: 'account',
        answers: [ok(sealDetailSchema)],
        errors: { ...sealOfAdmin, 422: ['seal.member_invalid'] },
      }),
      async (c) => {
        const found = await findSeal(db, c.req.param('id'), c.req.param('name'))
        return sendJson(c, await changeSealMembers(db, found, c.req.valid('json').members, true))
      },
    )
    .delete(
      `${seal}/members`,
      requireAuth,
      requireAdmin,
      jsonBody(sealMembersBodySchema),
      describeRoute({
        summary: 'No longer allow people and API users to use the seal',
        tag: 'Seals',
        auth: 'account',
        answers: [ok(sealDetailSchema)],
        errors: { ...sealOfAdmin, 422: ['seal.member_invalid'] },
      }),
      async (c) => {
        const found = await findSeal(db, c.req.param('id'), c.req.param('name'))
        return sendJson(c, await changeSealMembers(db, found, c.req.valid('json').members, false))
      },
    )
}
