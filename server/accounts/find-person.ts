import { eq } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { type SignerIdentityData, signatures } from '../db/schema/signature-requests.ts'

/** A person who signs or identifies: an account by its user id, or a direct-link signer by their signature. */
export type PersonRef = { userId: string } | { signatureId: string }

/** Who a person is, as far as identification, payments and phone signing need it. */
export type Person = {
  /** The account's name, or what the sender gave for a direct-link signer; null when unknown. */
  firstName: string | null
  lastName: string | null
  email: string
  /** The account's attributes, or the direct-link signer's own (SPEC §3 user attributes). */
  attributes: Record<string, string[]>
  /** What the sender said about a direct-link signer; null for an account. */
  identity: SignerIdentityData | null
}

/** Reads the account or the direct-link signer `ref` names; undefined when it no longer exists. */
export async function findPerson(db: Pick<Database, 'select'>, ref: PersonRef): Promise<Person | undefined> {
  if ('userId' in ref) {
    const [user] = await db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        attributes: users.attributes,
      })
      .from(users)
      .where(eq(users.id, ref.userId))
    return user && { ...user, identity: null }
  }
  const [signature] = await db
    .select({
      email: signatures.accountEmail,
      attributes: signatures.directAttributes,
      identity: signatures.signerIdentityData,
    })
    .from(signatures)
    .where(eq(signatures.id, ref.signatureId))
  return (
    signature && {
      ...signature,
      firstName: signature.identity?.firstName ?? null,
      lastName: signature.identity?.lastName ?? null,
    }
  )
}
