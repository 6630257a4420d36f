import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { hashToken } from '../accounts/hash-token.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers } from '../db/schema/businesses.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { skribbleSendtos } from '../db/schema/skribble-sendtos.ts'
import { issueDirectLink } from '../direct/issue-direct-link.ts'
import { deleteDocument } from '../documents/delete-document.ts'
import { findDocument } from '../documents/find-document.ts'
import { ApiError } from '../http/api-error.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { clientAddress } from '../http/client-address.ts'
import { sendJson } from '../http/send-json.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import { createSignatureRequest } from '../signature-requests/create-signature-request.ts'
import { deleteSignatureRequest } from '../signature-requests/delete-signature-request.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import { findSignedVersion } from '../signature-requests/find-signed-version.ts'
import { getSignatureRequest } from '../signature-requests/get-signature-request.ts'
import { initiateSignatureRequest } from '../signature-requests/initiate-signature-request.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { sendStoredFile } from '../signature-requests/send-stored-file.ts'
import { withdrawSignatureRequest } from '../signature-requests/withdraw-signature-request.ts'
import { documentKey } from '../storage/storage-keys.ts'
import { readSkribbleBody } from './skribble-body.ts'
import { uploadSkribbleDocument } from './skribble-document-routes.ts'

/** Body of `POST /sendto` (CreateSendToRequest.yaml). */
const sendtoSchema = v.object({
  title: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  content: v.pipe(v.string(), v.minLength(1), v.base64('must be base64')),
})

/**
 * Sign v2 and v3 `/sendto`: a document sent to be signed by whoever claims its link, translated onto Signet's
 * own sendto (a direct link that a signed-in user claims into their account, `claimSendto`):
 *
 * - `POST /sendto`: the PDF through `uploadSkribbleDocument`, a request of the API user's with one signer
 *   known only by the sender's own address (whose mails are never sent), initiated, and a direct link of that
 *   signature (`issueDirectLink`): `url` is `/sendto/{signature id}?token=...`, where a signed-in person claims
 *   it. Skribble's `id` is the signature's id. Unlike Skribble's, the call needs the API user's token: a
 *   request has a sender, who pays for it.
 * - `access_code`: a random UUID, kept as its SHA-256 by the signature's id (`skribble_sendtos`), so that it
 *   holds after the link is claimed (which ends the link) and after the API user's key and callback secret are
 *   issued anew, as Skribble's does. A Send-To made before codes were kept (migration 0044) still answers to the
 *   code it was given then: the HMAC of its id under its API user's callback secret.
 * - `GET /sendto/{id}/track`, `GET .../download`, `DELETE /sendto/{id}` with `X-Accesscode`: the request as
 *   its sender sees it (`getSignatureRequest`), its document as it stands (`findSignedVersion` once signed),
 *   and its withdrawal and deletion with its document (`withdrawSignatureRequest`, `deleteSignatureRequest`,
 *   `deleteDocument`): gone for the sender, though a request someone signed stays on its signer's list with
 *   its document, as every request of Signet's does. A wrong id or code is 404.
 */
export function createSkribbleSendtoRoutes(
  base: string,
  services: RequestServices & ApiKeyMode,
): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>()
    .post(`${base}/sendto`, requireAuth, async (c) => {
      const { apiUser } = c.get('auth')
      if (apiUser === null) {
        throw new ApiError(403, 'business.not_allowed', 'A document is sent to be signed by an API user')
      }
      const body = await readSkribbleBody(c, sendtoSchema, { documentBytes: services.limits.documentBytes })
      const caller = callerOf(c)
      const document = await uploadSkribbleDocument(c, services, body)
      const draft = await createSignatureRequest(services, caller, {
        title: body.title,
        message: '',
        documents: [{ id: document.id }],
        // Whoever claims the link signs: until then the signature names the sender's own address.
        signatures: [{ signerIdentityData: { emailAddress: caller.email } }],
        ccEmailAddresses: [],
      })
      const request = await initiateSignatureRequest(services, caller, draft.id)
      const signature = request.signatures[0]
      if (signature === undefined) throw new Error(`sendto request ${request.id} has no signature`)
      const link = new URL(
        await issueDirectLink(services.db, services.publicUrl, { id: signature.id, requestId: request.id }),
      )
      const accessCode = randomUUID()
      await services.db.insert(skribbleSendtos).values({
        signatureId: signature.id,
        accessCodeHash: hashToken(accessCode),
        createdAt: services.now(),
      })
      return sendJson(c, {
        url: `${services.publicUrl}/sendto/${signature.id}?token=${link.searchParams.get('token')}`,
        id: signature.id,
        access_code: accessCode,
      })
    })
    .get(`${base}/sendto/:id/track`, async (c) => {
      const { view, signatureId } = await sendtoOf(c, services)
      const signature = view.signatures.find((s) => s.id === signatureId)
      const claimed = signature !== undefined && signature.accountEmail !== view.ownerEmail
      const signed = view.signatures.filter((s) => s.status === 'SIGNED').map((s) => s.accountEmail)
      return sendJson(c, {
        status: view.statusOverall === 'OPEN' ? (claimed ? 'CLAIMED' : 'UNCLAIMED') : view.statusOverall,
        creator: claimed ? signature.accountEmail : null,
        signers: signed.length === 0 ? null : signed,
      })
    })
    .get(`${base}/sendto/:id/download`, async (c) => {
      const { view, owner } = await sendtoOf(c, services)
      const documentId = view.documents[0]?.id ?? ''
      const document = await findDocument(services.db, owner, documentId)
      const version = await findSignedVersion(services.db, owner, documentId).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'document.not_signed') return document
        throw error
      })
      return sendStoredFile(c, services.storage, documentKey(version.sha256), {
        contentType: 'application/pdf',
        size: version.size,
        filename: 'document.pdf',
      })
    })
    .delete(`${base}/sendto/:id`, async (c) => {
      const { view, owner } = await sendtoOf(c, services)
      if (view.statusOverall === 'OPEN') await withdrawSignatureRequest(services, owner, view.id, '')
      await deleteSignatureRequest(services, owner, view.id)
      for (const document of view.documents) {
        // A request someone signed stays theirs (Signet removes it from the sender's list only), and its
        // document with it.
        await deleteDocument(services, owner, document.id).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.code === 'document.in_use')) throw error
        })
      }
      return c.body(null, 200)
    })
}

/** The access code a Send-To made before codes were kept was given: a UUID made of the HMAC of its id under `secret`. */
function legacyAccessCode(secret: string, signatureId: string): string {
  const hex = createHmac('sha256', secret).update(`skribble-sendto:${signatureId}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * The sending API user of the signature `signatureId` (its account, and the code's hash or for an older Send-To
 * the callback secret its code came from), if an API user sent it.
 */
async function findSendto(services: RequestServices, signatureId: string) {
  const [found] = await services.db
    .select({
      userId: users.id,
      email: users.email,
      secret: apiUsers.callbackSecret,
      accessCodeHash: skribbleSendtos.accessCodeHash,
      requestId: signatures.requestId,
    })
    .from(signatures)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatures.requestId))
    .innerJoin(apiUsers, eq(apiUsers.userId, signatureRequests.ownerId))
    .innerJoin(users, eq(users.id, signatureRequests.ownerId))
    .leftJoin(skribbleSendtos, eq(skribbleSendtos.signatureId, signatures.id))
    .where(eq(signatures.id, signatureId))
  return found
}

/** The sendto of the call's id and `X-Accesscode`, as its sender sees it; else 404. */
async function sendtoOf(
  c: Context,
  services: RequestServices,
): Promise<{ view: SignatureRequestView; owner: Caller; signatureId: string }> {
  const id = c.req.param('id') ?? ''
  const given = c.req.header('x-accesscode') ?? ''
  const notFound = () =>
    new ApiError(404, 'signature_request.not_found', 'No such Send-To, or a wrong access code')
  if (!isUuid(id)) throw notFound()
  const found = await findSendto(services, id)
  if (found === undefined) throw notFound()
  const expected = Buffer.from(found.accessCodeHash ?? legacyAccessCode(found.secret, id))
  const actual = Buffer.from(
    found.accessCodeHash === null ? given.toLowerCase() : hashToken(given.toLowerCase()),
  )
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw notFound()
  // The access code stands for the sender: what it reads and does is as the sender's.
  const owner: Caller = { userId: found.userId, email: found.email, ip: clientAddress(c), groupIds: [] }
  return { view: await getSignatureRequest(services, owner, found.requestId), owner, signatureId: id }
}
