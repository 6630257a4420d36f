import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { created, file, ok } from '../../contract/openapi/operation.ts'
import {
  visualSignatureBodySchema,
  visualSignaturePreviewQuerySchema,
  visualSignatureSchema,
  visualSignaturesSchema,
} from '../../contract/visual-signatures.ts'
import { displayName } from '../accounts/display-name.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import { authenticateDirect } from '../direct/authenticate-direct.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'
import {
  defaultVisualSignature,
  predefinedVisualSignature,
} from '../visual-signatures/default-visual-signature.ts'
import { findVisualSignature } from '../visual-signatures/find-visual-signature.ts'
import { previewVisualSignature } from '../visual-signatures/preview-visual-signature.ts'
import { renderVisualSignature } from '../visual-signatures/render-visual-signature.ts'
import {
  createVisualSignature,
  deleteVisualSignature,
  listVisualSignatures,
  updateVisualSignature,
} from '../visual-signatures/save-visual-signature.ts'
import {
  readSignatureImage,
  removeVisualSignatureImage,
  uploadVisualSignatureImage,
} from '../visual-signatures/visual-signature-image.ts'
import {
  type VisualSignatureServices,
  verificationPageUrl,
} from '../visual-signatures/visual-signature-services.ts'

const list = '/v1/user/visual-signatures'
const one = `${list}/:id`

/**
 * A user's visual signatures (SPEC §7 Visual signatures): each caller sees and changes only their own; another
 * user's id is a 404 like one that does not exist.
 */
export function createVisualSignatureRoutes(services: VisualSignatureServices & ApiKeyMode): Hono<AuthEnv> {
  const { db } = services
  const requireAuth = authenticate(services)
  const userOf = (c: Context<AuthEnv>) => c.get('auth').userId
  return new Hono<AuthEnv>()
    .get(
      list,
      requireAuth,
      describeRoute({
        summary: 'The user’s visual signatures, the default first',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(visualSignaturesSchema)],
      }),
      async (c) => sendJson(c, { visualSignatures: await listVisualSignatures(db, userOf(c)) }),
    )
    .post(
      list,
      requireAuth,
      jsonBody(visualSignatureBodySchema),
      describeRoute({
        summary: 'Add a visual signature',
        tag: 'Accounts',
        auth: 'account',
        answers: [created(visualSignatureSchema)],
      }),
      async (c) => sendJson(c, await createVisualSignature(services, userOf(c), c.req.valid('json')), 201),
    )
    .put(
      one,
      requireAuth,
      jsonBody(visualSignatureBodySchema),
      describeRoute({
        summary: 'Change a visual signature',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(visualSignatureSchema)],
        errors: { 404: ['visual_signature.not_found'] },
      }),
      async (c) =>
        sendJson(c, await updateVisualSignature(services, userOf(c), c.req.param('id'), c.req.valid('json'))),
    )
    .delete(
      one,
      requireAuth,
      describeRoute({
        summary: 'Delete a visual signature; answers the remaining ones',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(visualSignaturesSchema)],
        errors: { 404: ['visual_signature.not_found'] },
      }),
      async (c) =>
        sendJson(c, {
          visualSignatures: await deleteVisualSignature(services, userOf(c), c.req.param('id')),
        }),
    )
    .get(
      `${one}/image`,
      requireAuth,
      describeRoute({
        summary: 'The image of a visual signature, as signing draws it',
        tag: 'Accounts',
        auth: 'account',
        answers: [file('image/png', 'A PNG of 300 by 140 pixels.')],
        errors: { 404: ['visual_signature.not_found'] },
      }),
      async (c) => {
        const found = await findVisualSignature(db, userOf(c), c.req.param('id'))
        const image = found.imageKey === null ? undefined : await services.storage.getBytes(found.imageKey)
        const drawn = await renderVisualSignature({
          name: found.name,
          company: found.company,
          location: found.location,
          language: found.language,
          ...(image === undefined ? {} : { image }),
          ...(found.displayDate ? { date: services.now() } : {}),
          claim: found.displayClaim,
          // The chosen standard of the standards line (SPEC §3 qual, leg, prov), else the simple one.
          ...(found.displayStandards
            ? {
                standards: {
                  quality: found.quality ?? 'ses',
                  ...(found.legislation ? { legislation: found.legislation } : {}),
                  ...(found.provider ? { provider: found.provider } : {}),
                },
              }
            : {}),
          ...(found.displayQr ? { qr: verificationPageUrl(services.publicUrl) } : {}),
        })
        return png(c, drawn)
      },
    )
    .get(
      '/v1/user/visual-signature',
      requireAuth,
      describeRoute({
        summary: 'The default visual signature, or a predefined one of the user’s name',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(visualSignatureSchema)],
      }),
      async (c) => sendJson(c, await defaultVisualSignature(db, userOf(c))),
    )
    .get(
      '/v1/user/preview-visual-signature',
      requireAuth,
      describeRoute({
        summary: 'Preview a visual signature from its short keys',
        tag: 'Accounts',
        auth: 'account',
        query: visualSignaturePreviewQuerySchema,
        answers: [file('image/png', 'A PNG of 300 by 140 pixels.')],
      }),
      async (c) =>
        png(
          c,
          await previewVisualSignature(
            c.req.query(),
            services.now(),
            verificationPageUrl(services.publicUrl),
          ),
        ),
    )
    .post(
      '/v1/user/preview-visual-signature',
      requireAuth,
      describeRoute({
        summary: 'Preview a visual signature with an image (PNG or JPEG, up to 1 MB)',
        tag: 'Accounts',
        auth: 'account',
        body: { upload: { file: ['image/png', 'image/jpeg'] } },
        query: visualSignaturePreviewQuerySchema,
        answers: [file('image/png', 'A PNG of 300 by 140 pixels.')],
        errors: {
          413: ['visual_signature.image_invalid'],
          415: ['visual_signature.image_invalid'],
          422: ['visual_signature.image_invalid'],
        },
      }),
      async (c) => {
        const image = await readSignatureImage(c.req.raw)
        return png(
          c,
          await previewVisualSignature(
            c.req.query(),
            services.now(),
            verificationPageUrl(services.publicUrl),
            image,
          ),
        )
      },
    )
    .post(
      '/v1/images/signature/:id',
      requireAuth,
      describeRoute({
        summary: 'Set the drawn or uploaded image of a visual signature (PNG or JPEG, up to 1 MB)',
        tag: 'Accounts',
        auth: 'account',
        body: { upload: { file: ['image/png', 'image/jpeg'] } },
        answers: [ok(visualSignatureSchema)],
        errors: {
          404: ['visual_signature.not_found'],
          413: ['visual_signature.image_invalid'],
          415: ['visual_signature.image_invalid'],
          422: ['visual_signature.image_invalid'],
        },
      }),
      async (c) =>
        sendJson(c, await uploadVisualSignatureImage(services, userOf(c), c.req.param('id'), c.req.raw)),
    )
    .delete(
      '/v1/images/signature/:id',
      requireAuth,
      describeRoute({
        summary: 'Remove the image of a visual signature',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(visualSignatureSchema)],
        errors: { 404: ['visual_signature.not_found'] },
      }),
      async (c) => sendJson(c, await removeVisualSignatureImage(services, userOf(c), c.req.param('id'))),
    )
}

/**
 * GET /v1/direct/visual-signature: a direct-link signer's visual signature: the default of the account the
 * signature belongs to, else a predefined one of the name the sender gave, else the address.
 */
export function createDirectVisualSignatureRoutes(services: VisualSignatureServices): Hono {
  const { db } = services
  return new Hono().get(
    '/v1/direct/visual-signature',
    authenticateDirect(db),
    describeRoute({
      summary: 'The direct-link signer’s visual signature',
      tag: 'Direct link',
      auth: 'direct',
      answers: [ok(visualSignatureSchema)],
    }),
    async (c) => {
      const direct = c.get('direct')
      const [signature] = await db
        .select({ signerId: signatures.signerId, identity: signatures.signerIdentityData })
        .from(signatures)
        .where(eq(signatures.id, direct.signatureId))
      if (signature?.signerId) return sendJson(c, await defaultVisualSignature(db, signature.signerId))
      return sendJson(c, predefinedVisualSignature(displayName(signature?.identity, direct.email)))
    },
  )
}

function png(c: Context, bytes: Uint8Array): Response {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'image/png',
    'Content-Length': String(bytes.byteLength),
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
  })
}
