import { and, eq, isNull } from 'drizzle-orm'
import type * as v from 'valibot'
import {
  embedPagePrefix,
  type signingUrlBodySchema,
  signingUrlLifetimeSeconds,
} from '../../contract/embedding.ts'
import { createSecretToken } from '../accounts/create-secret-token.ts'
import type { Database } from '../db/open-database.ts'
import { apiUsers, businessMembers } from '../db/schema/businesses.ts'
import { embeddedSigningLinks } from '../db/schema/embedding.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import type { Authenticated } from '../http/authenticate.ts'
import { isUuid, requestNotFound } from '../signature-requests/find-request.ts'
import { embedOriginsOf } from './embed-origins.ts'

/** What a signing URL needs. */
export type SigningUrlServices = { db: Database; now: () => Date; publicUrl: string }

/**
 * `POST /v3/signature-requests/{id}/signing-url`: a URL that opens the embedded signing page of one direct-link
 * signer of the request, once, within {@link signingUrlLifetimeSeconds} by the server's clock. Only an API user
 * of the business whose account (a person or an API user of it) owns the request may ask; anyone else's request
 * is 404 as an unknown one. The page is framed by the API user's embed origins only and posts to `origin`.
 */
export async function createSigningUrl(
  { db, now, publicUrl }: SigningUrlServices,
  caller: Authenticated,
  requestId: string,
  body: v.InferOutput<typeof signingUrlBodySchema>,
): Promise<{ url: string; expiresAt: string }> {
  const apiUser = caller.apiUser
  if (apiUser === null)
    throw new ApiError(
      403,
      'embed.api_user_only',
      'Only an API user of the business may ask for a signing URL',
    )
  if (!isUuid(requestId)) throw requestNotFound()
  const [request] = await db
    .select({ ownerId: signatureRequests.ownerId, statusOverall: signatureRequests.statusOverall })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId))
  if (request === undefined || !(await ownedByBusiness(db, request.ownerId, apiUser.businessId)))
    throw requestNotFound()
  const [signature] = await db
    .select({ id: signatures.id, signerId: signatures.signerId, status: signatures.status })
    .from(signatures)
    .where(
      and(
        eq(signatures.requestId, requestId),
        isNull(signatures.removedAt),
        body.signatureId === undefined
          ? eq(signatures.accountEmail, body.accountEmail ?? '')
          : eq(signatures.id, body.signatureId),
      ),
    )
  if (signature === undefined)
    throw new ApiError(404, 'embed.signer_not_found', 'The request has no such signer', {
      field: body.signatureId === undefined ? 'account_email' : 'signature_id',
    })
  if (signature.signerId !== null)
    throw new ApiError(409, 'embed.not_direct_signer', 'This signer has an account and signs in the app')
  if (request.statusOverall !== 'OPEN')
    throw new ApiError(409, 'signature_request.not_open', 'The request is not open for signing')
  if (signature.status !== 'OPEN')
    throw new ApiError(409, 'signature_request.signer_not_open', 'This signature is no longer open')
  const origin = pickOrigin((await embedOriginsOf(db, [caller.userId])).get(caller.userId) ?? [], body.origin)
  const { token, hash } = createSecretToken()
  const at = now()
  const expiresAt = new Date(at.getTime() + signingUrlLifetimeSeconds * 1000)
  await db.insert(embeddedSigningLinks).values({
    tokenHash: hash,
    signatureId: signature.id,
    apiUserId: caller.userId,
    origin,
    createdAt: at,
    expiresAt,
  })
  return { url: `${publicUrl}${embedPagePrefix}${token}`, expiresAt: expiresAt.toISOString() }
}

/** Whether the account `ownerId` is a person or an API user of the business. */
async function ownedByBusiness(db: Database, ownerId: string, businessId: string): Promise<boolean> {
  const [member] = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(and(eq(businessMembers.userId, ownerId), eq(businessMembers.businessId, businessId)))
  if (member !== undefined) return true
  const [apiUser] = await db
    .select({ userId: apiUsers.userId })
    .from(apiUsers)
    .where(and(eq(apiUsers.userId, ownerId), eq(apiUsers.businessId, businessId)))
  return apiUser !== undefined
}

/** The host page's origin: the one named, if allowed, else the only one allowed. */
function pickOrigin(allowed: readonly string[], named: string | undefined): string {
  if (allowed.length === 0)
    throw new ApiError(409, 'embed.no_origins', 'The API user allows no origin to frame its signing pages')
  if (named !== undefined && allowed.includes(named)) return named
  if (named === undefined && allowed.length === 1 && allowed[0] !== undefined) return allowed[0]
  throw new ApiError(
    400,
    'embed.origin_invalid',
    `Name one of the API user's embed origins: ${allowed.join(', ')}`,
    {
      field: 'origin',
    },
  )
}
