import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { asc, eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { Passkey, passkeyRegistrationSchema } from '../../contract/account-security.ts'
import { passkeys, users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { checkAccountPassword } from './check-account-password.ts'
import { isUniqueViolation } from './is-unique-violation.ts'
import { keepPasskeyChallenge, takePasskeyChallenge } from './passkey-challenges.ts'
import { readRegistration } from './passkey-credential.ts'
import { relyingPartyOf } from './passkey-relying-party.ts'

/**
 * POST /v1/user/passkeys/options: with the password (counted in the sign-in throttle like a change of the
 * second factor), WebAuthn options to create a passkey of this site for the user, as JSON text. The passkey
 * is discoverable (it signs in without an address) and none the user has already is made again.
 */
export async function startPasskeyRegistration(
  services: AccountServices,
  userId: string,
  password: string,
  address: string,
): Promise<{ options: string }> {
  await checkAccountPassword(services, userId, password, address)
  const [[user], existing] = await Promise.all([
    services.db.select().from(users).where(eq(users.id, userId)),
    services.db
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, userId)),
  ])
  if (user === undefined) throw new ApiError(401, 'auth.unauthenticated', 'This account no longer exists')
  const relyingParty = relyingPartyOf(services.publicUrl)
  const options = await generateRegistrationOptions({
    rpName: relyingParty.name,
    rpID: relyingParty.id,
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user.id)),
    userName: user.email,
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  await keepPasskeyChallenge(services.db, options.challenge, 'register', userId, services.now())
  return { options: JSON.stringify(options) }
}

/**
 * POST /v1/user/passkeys: verifies the browser's answer to the user's registration options (their challenge,
 * this site's origin and RP ID) and keeps the new passkey under `name`. A challenge unknown, used or expired
 * is 400 `passkey.challenge_expired`; an answer that does not verify 400 `passkey.refused`; a passkey the
 * account has already 409 `passkey.exists`.
 */
export async function finishPasskeyRegistration(
  services: AccountServices,
  userId: string,
  input: v.InferOutput<typeof passkeyRegistrationSchema>,
): Promise<Passkey> {
  const response = readRegistration(input.credential)
  const now = services.now()
  const { challenge } = await takePasskeyChallenge(
    services.db,
    response.response.clientDataJSON,
    'register',
    userId,
    now,
    400,
  )
  const relyingParty = relyingPartyOf(services.publicUrl)
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: relyingParty.origin,
    expectedRPID: relyingParty.id,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    services.logger.info({ err: error }, 'passkey registration refused')
    return { verified: false as const }
  })
  if (!verification.verified) {
    throw new ApiError(400, 'passkey.refused', 'This passkey could not be verified')
  }
  const { credential } = verification.registrationInfo
  try {
    const [added] = await services.db
      .insert(passkeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
        createdAt: now,
      })
      .returning()
    if (added === undefined) throw new Error('insert returned no passkey')
    return passkeyOf(added)
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(409, 'passkey.exists', 'This passkey is registered already')
    throw error
  }
}

/** GET /v1/user/passkeys: the user's passkeys, oldest first. */
export async function listPasskeys(
  db: AccountServices['db'],
  userId: string,
): Promise<{ passkeys: Passkey[] }> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt))
  return { passkeys: rows.map(passkeyOf) }
}

function passkeyOf(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }
}
