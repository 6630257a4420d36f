import { eq } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { hashToken } from '../accounts/hash-token.ts'
import type { Database } from '../db/open-database.ts'
import { directLinks, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { admitPathParameters } from '../http/check-path-parameters.ts'
import { clientAddress } from '../http/client-address.ts'
import { isUuid } from '../signature-requests/find-request.ts'

/** A direct-link signer (role nas): the signature they sign as, its request, and the client address. */
export type DirectCaller = {
  signatureId: string
  requestId: string
  /** The address the link was sent to, by which the audit trail names the signer. */
  email: string
  ip: string
}

/** Hono environment of routes behind {@link authenticateDirect}: `c.get('direct')` is the signer. */
export type DirectEnv = { Variables: { direct: DirectCaller } }

/**
 * Middleware that admits a direct-link call (SPEC §3 direct-sign session): `Authorization: Basic
 * base64("<signature id>:<request id>")` and the link's secret as the `token` query parameter, whose SHA-256
 * must be a link of exactly that signature of that request. Anything else, including a link of a signature
 * claimed into an account or delegated, is 401 `direct.invalid_token`; a link of a signer the sender asked to sign
 * in to an account (issue 42 §5) is 403 `signing.account_sign_in_required`. A deleted request took its signatures
 * with it, so its tokens find nothing.
 */
export function authenticateDirect(db: Database): MiddlewareHandler<DirectEnv> {
  return async (c, next) => {
    const session = basicCredentials(c)
    const token = c.req.query('token')
    if (session === undefined || token === undefined || token === '') throw invalidToken()
    const hash = hashToken(token)
    const [signature] = await db
      .select({
        id: signatures.id,
        requestId: signatures.requestId,
        email: signatures.accountEmail,
        authentication: signatures.authentication,
      })
      .from(directLinks)
      .innerJoin(signatures, eq(signatures.id, directLinks.signatureId))
      .where(eq(directLinks.tokenHash, hash))
    // The ids are not secret; the token is, and it was matched by its hash.
    if (
      signature === undefined ||
      signature.id !== session.signatureId ||
      signature.requestId !== session.requestId
    ) {
      throw invalidToken()
    }
    if (signature.authentication !== 'tan') throw accountSignInRequired()
    c.set('direct', {
      signatureId: signature.id,
      requestId: signature.requestId,
      email: signature.email,
      ip: clientAddress(c),
    })
    admitPathParameters(c)
    await next()
  }
}

/** 403: the sender asked this signer to sign in to an account with the invited address; no direct link serves. */
function accountSignInRequired(): ApiError {
  return new ApiError(
    403,
    'signing.account_sign_in_required',
    'The sender asked you to sign in to your account with the invited address to sign',
  )
}

function invalidToken(): ApiError {
  return new ApiError(401, 'direct.invalid_token', 'This link is not valid (any more): open the latest mail')
}

function basicCredentials(c: Context): { signatureId: string; requestId: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(c.req.header('authorization') ?? '')
  if (match?.[1] === undefined) return undefined
  const [signatureId, requestId] = Buffer.from(match[1], 'base64').toString('utf8').split(':')
  if (signatureId === undefined || requestId === undefined) return undefined
  if (!isUuid(signatureId) || !isUuid(requestId)) return undefined
  // Stored UUIDs are lower case.
  return { signatureId: signatureId.toLowerCase(), requestId: requestId.toLowerCase() }
}
