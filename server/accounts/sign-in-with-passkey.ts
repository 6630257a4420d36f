import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, eq, gt } from 'drizzle-orm'
import type * as v from 'valibot'
import type { loginPasskeyOptionsSchema, loginPasskeySchema, TokenAnswer } from '../../contract/user.ts'
import { passkeys, signInChallenges, users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { hashToken } from './hash-token.ts'
import { loginThrottle } from './login-throttle.ts'
import { openSession, type SignInDevice } from './open-session.ts'
import { keepPasskeyChallenge, takePasskeyChallenge } from './passkey-challenges.ts'
import { readAuthentication } from './passkey-credential.ts'
import { relyingPartyOf } from './passkey-relying-party.ts'
import { signInExpired, spendSignInChallenge } from './spend-sign-in-challenge.ts'

const refused = () => new ApiError(401, 'passkey.refused', 'This passkey could not be verified')

/** The sign-in waiting for its second factor under `challenge`, if it has not expired. */
async function waitingSignIn(services: AccountServices, challenge: string) {
  const [found] = await services.db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, hashToken(challenge)),
        gt(signInChallenges.expiresAt, services.now()),
      ),
    )
  return found
}

/**
 * POST /v1/login/passkey/options: WebAuthn options to sign in with a passkey, as JSON text. Without a sign-in
 * challenge, for a passkey alone: the browser offers the passkeys of this site it holds, and the passkey must
 * verify its user (PIN, fingerprint). With the challenge of a right password, for one of that account's
 * passkeys as its second factor; an unknown or expired challenge is 401 `auth.sign_in_expired`.
 */
export async function passkeySignInOptions(
  services: AccountServices,
  input: v.InferOutput<typeof loginPasskeyOptionsSchema>,
): Promise<{ options: string }> {
  const waiting = input.challenge === undefined ? null : await waitingSignIn(services, input.challenge)
  if (waiting === undefined) throw signInExpired()
  const allowed =
    waiting === null
      ? []
      : await services.db
          .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
          .from(passkeys)
          .where(eq(passkeys.userId, waiting.userId))
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyOf(services.publicUrl).id,
    allowCredentials: allowed.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports,
    })),
    userVerification: waiting === null ? 'required' : 'preferred',
  })
  await keepPasskeyChallenge(
    services.db,
    options.challenge,
    'sign_in',
    waiting?.userId ?? null,
    services.now(),
  )
  return { options: JSON.stringify(options) }
}

/**
 * POST /v1/login/passkey: verifies the browser's answer to sign-in options (their challenge, once; this site's
 * origin and RP ID; the passkey's key; a signature counter that grew) and opens a session as a password
 * sign-in does, with its new-device mail. Refusals count in the sign-in throttle of the passkey's account and
 * the address: an unknown passkey or an answer that does not verify is 401 `passkey.refused`, a challenge
 * unknown, answered or expired 401 `passkey.challenge_expired`. As a second factor (`challenge` given), the
 * passkey must be of the account whose password was right.
 */
export async function signInWithPasskey(
  services: AccountServices,
  input: v.InferOutput<typeof loginPasskeySchema>,
  device: SignInDevice,
): Promise<TokenAnswer> {
  const { db } = services
  const response = readAuthentication(input.credential)
  const [found] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id))
  // An unknown passkey counts against the address alone, under a key no account has.
  const throttled = { account: found?.user.email ?? `passkey:${response.id}`, address: device.address }
  await loginThrottle.check(db, throttled, services.now())
  const refuse = async (error: ApiError): Promise<never> => {
    await loginThrottle.fail(db, throttled, services.now())
    throw error
  }
  const taken = await takePasskeyChallenge(
    db,
    response.response.clientDataJSON,
    'sign_in',
    undefined,
    services.now(),
    401,
  ).catch((error: unknown) => (error instanceof ApiError ? refuse(error) : Promise.reject(error)))
  if (found === undefined) return refuse(refused())
  const { passkey, user } = found
  // Options for one account's second factor answer only with that account's passkey.
  if (taken.userId !== null && taken.userId !== user.id) return refuse(refused())
  const waiting = input.challenge === undefined ? null : await waitingSignIn(services, input.challenge)
  if (waiting === undefined || (waiting !== null && waiting.userId !== user.id)) throw signInExpired()
  const relyingParty = relyingPartyOf(services.publicUrl)
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: relyingParty.origin,
    expectedRPID: relyingParty.id,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    // A passkey alone stands for the password too: it must have verified its user.
    requireUserVerification: waiting === null,
  }).catch((error: unknown) => {
    services.logger.info({ err: error }, 'passkey sign-in refused')
    return { verified: false as const }
  })
  if (!verification.verified) return refuse(refused())
  // The counter moves from the value verified against only: of two answers at once, one passes.
  const [used] = await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: services.now() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id })
  if (used === undefined) return refuse(refused())
  const rememberMe =
    waiting === null ? input.rememberMe === true : (await spendSignInChallenge(db, waiting.id)).rememberMe
  await loginThrottle.clear(db, throttled)
  return openSession(services, user, rememberMe, device)
}
