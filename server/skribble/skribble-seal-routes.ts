import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { businessOfAccount } from '../businesses/business-of-account.ts'
import { deleteDocument } from '../documents/delete-document.ts'
import { findDocument } from '../documents/find-document.ts'
import { ApiError } from '../http/api-error.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { sendJson } from '../http/send-json.ts'
import { listSeals } from '../seals/list-seals.ts'
import { sealNotFound } from '../seals/seal-errors.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import { createSignatureRequest } from '../signature-requests/create-signature-request.ts'
import { deleteSignatureRequest } from '../signature-requests/delete-signature-request.ts'
import { initiateSignatureRequest } from '../signature-requests/initiate-signature-request.ts'
import { withdrawSignatureRequest } from '../signature-requests/withdraw-signature-request.ts'
import { signRequests } from '../signing/sign-requests.ts'
import type { SigningServices } from '../signing/signing-services.ts'
import { readSkribbleBody } from './skribble-body.ts'
import { uploadSkribbleDocument } from './skribble-document-routes.ts'
import { signetInvite, skribblePositionSchema } from './skribble-requests.ts'

/** Body of `POST /seal` (CreateSealRequest.yaml): the PDF, which seal, and where its appearance goes. */
const sealSchema = v.object({
  content: v.pipe(v.string(), v.minLength(1), v.base64('must be base64')),
  account_name: v.optional(v.pipe(v.string(), v.maxLength(100))),
  title: v.optional(v.pipe(v.string(), v.maxLength(200))),
  visual_signature: v.optional(
    v.nullable(
      v.object({
        position: v.optional(skribblePositionSchema),
        positions: v.optional(v.pipe(v.array(skribblePositionSchema), v.maxLength(50))),
        form_field: v.optional(v.pipe(v.string(), v.maxLength(200))),
        // The seal's appearance shows the seal's own image (its settings), not one sent per call.
        image: v.optional(v.unknown()),
      }),
    ),
  ),
})

/**
 * Sign v2 and v3 `POST /seal`: one call that seals a PDF with the business's organisation seal, translated
 * onto what a Signet API user does for it through /api/v3: the seal chosen among `listSeals` (the ones the
 * caller may seal with; without `account_name` the first), the PDF through `uploadSkribbleDocument`, a
 * request of the caller's own with the caller as its one signer (`createSignatureRequest`,
 * `initiateSignatureRequest`), sealed by `signRequests` with `sealAccountName`. Answers the document, whose
 * `GET /documents/{id}/content` is then the sealed PDF. A seal that is not the caller's is 404 before anything
 * is stored; a sealing that does not complete (the business's trial expired: it pays for no seal) is 403 and
 * leaves nothing behind.
 */
export function createSkribbleSealRoutes(
  base: string,
  services: SigningServices & ApiKeyMode,
): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>().post(`${base}/seal`, requireAuth, async (c) => {
    const body = await readSkribbleBody(c, sealSchema, { documentBytes: services.limits.documentBytes })
    const caller = callerOf(c)
    const sealName = await chooseSeal(c, services, body.account_name)
    const document = await uploadSkribbleDocument(c, services, {
      title: body.title ?? 'Sealed document',
      content: body.content,
    })
    const visual = body.visual_signature
    const positions = visual?.position === undefined ? visual?.positions : [visual.position]
    const heights = new Map([
      [document.id, (await findDocument(services.db, caller, document.id)).pageSizes.map((s) => s.height)],
    ])
    let requestId: string | undefined
    try {
      const invite = signetInvite(
        {
          account_email: caller.email,
          document_signatures: [
            {
              document_id: document.id,
              visual_signature: {
                ...(positions === undefined ? {} : { positions }),
                ...(visual?.form_field === undefined ? {} : { form_field: visual.form_field }),
              },
            },
          ],
        },
        'visual_signature',
        heights,
      )
      const draft = await createSignatureRequest(services, caller, {
        title: document.title,
        message: '',
        documents: [{ id: document.id }],
        signatures: [invite],
        ccEmailAddresses: [],
      })
      requestId = draft.id
      await initiateSignatureRequest(services, caller, draft.id)
      const { results } = await signRequests(
        services,
        { kind: 'account', caller },
        { signatureRequests: [{ signatureRequestId: draft.id }], language: 'en', sealAccountName: sealName },
      )
      if (results[0]?.result !== 'complete') {
        throw new ApiError(
          403,
          'business.not_allowed',
          'The business cannot seal now: its trial has expired or it is locked',
        )
      }
    } catch (error) {
      await undo(services, caller, requestId, document.id)
      throw error
    }
    return sendJson(c, { document_id: document.id })
  })
}

/** The seal to seal with: `accountName` if the caller may seal with it, else the first they may; else 404. */
async function chooseSeal(
  c: Context<AuthEnv>,
  services: SigningServices,
  accountName: string | undefined,
): Promise<string> {
  const { userId } = c.get('auth')
  const business = await businessOfAccount(services.db, userId)
  const seals = business === null ? [] : await listSeals(services.db, business.id, { userId, role: 'member' })
  const named =
    accountName === undefined || accountName === '' ? seals[0] : seals.find((s) => s.name === accountName)
  if (named === undefined) throw sealNotFound()
  return named.name
}

/** A sealing that did not complete leaves nothing behind: its request withdrawn and deleted, its document too. */
async function undo(
  services: SigningServices,
  caller: ReturnType<typeof callerOf>,
  requestId: string | undefined,
  documentId: string,
) {
  try {
    if (requestId !== undefined) {
      // A draft is not withdrawn (409) but deleted at once; an open request is withdrawn first.
      await withdrawSignatureRequest(services, caller, requestId, '').catch(() => undefined)
      await deleteSignatureRequest(services, caller, requestId)
    }
    await deleteDocument(services, caller, documentId)
  } catch (error) {
    services.logger.error({ err: error, requestId, documentId }, 'an unfinished sealing was not undone')
  }
}
