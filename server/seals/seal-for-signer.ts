import { and, eq } from 'drizzle-orm'
import { sealNamePattern } from '../../contract/seals.ts'
import { needsPaymentAction } from '../../machines/business-payment/payment-method.ts'
import { displayName } from '../accounts/display-name.ts'
import { currentPaymentMethod } from '../businesses/payment-state.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers, businesses } from '../db/schema/businesses.ts'
import { sealMembers, seals } from '../db/schema/seals.ts'
import type { CertifiedKey, Pki } from '../signing/pki.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { belongsToBusiness } from './business-accounts.ts'
import type { SealRow } from './find-seal.ts'
import { sealNotAllowed, sealNotFound } from './seal-errors.ts'

/** A seal ready to seal with: its certificate and key, and what its appearance shows. */
export type SealSigning = {
  id: string
  accountName: string
  label: string
  /** The business's name: the organisation the certificate names. */
  organization: string
  /** The business's address, the seal signature's contact. */
  email: string
  quality: 'aes' | 'qes'
  /** Who holds its key: the platform (its certificate and key) or the QTSP (a qualified seal's credential there). */
  holder: { key: CertifiedKey } | { qtspCredentialId: string }
  /** The seal's image (PNG or JPEG), when it has one. */
  image: Uint8Array | undefined
  /** The business's trial expired or it is blocked: it pays for no seal (SPEC §4), as for its members. */
  locked: boolean
  /**
   * Who seals, as the request's history names them beside the seal: a person's first and last name (else
   * their address), an API user's username. Kept as it was then, like the seal's label.
   */
  sealedBy: string
}

/**
 * The seal `accountName` for the signed-in user `userId` to seal with (`POST /v3/sign` with
 * `sealAccountName`): 404 `seal.not_found` when there is no such seal or it is another business's (the two
 * look the same), 403 `seal.not_allowed` when the caller belongs to its business but is not allowed on it.
 */
export async function sealForSigner(
  services: { db: Database; storage: FileStorage; now: () => Date },
  pki: Pki,
  userId: string,
  accountName: string,
): Promise<SealSigning> {
  const { db } = services
  if (!sealNamePattern.test(accountName)) throw sealNotFound()
  const [found] = await db
    .select({ seal: seals, business: businesses })
    .from(seals)
    .innerJoin(businesses, eq(businesses.id, seals.businessId))
    .where(eq(seals.accountName, accountName))
  if (found === undefined) throw sealNotFound()
  const { seal, business } = found
  if (!(await belongsToBusiness(db, userId, business.id))) throw sealNotFound()
  const [allowed] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      username: apiUsers.username,
    })
    .from(sealMembers)
    .innerJoin(users, eq(users.id, sealMembers.userId))
    .leftJoin(apiUsers, eq(apiUsers.userId, sealMembers.userId))
    .where(and(eq(sealMembers.sealId, seal.id), eq(sealMembers.userId, userId)))
  if (allowed === undefined) throw sealNotAllowed()
  const image = seal.imageKey === null ? undefined : await services.storage.getBytes(seal.imageKey)
  return {
    id: seal.id,
    accountName: seal.accountName,
    label: seal.displayName,
    organization: business.name,
    email: business.email,
    quality: seal.quality,
    holder: await holderOf(pki, seal),
    image,
    locked: needsPaymentAction(currentPaymentMethod(business, services.now())),
    sealedBy: allowed.username ?? displayName(allowed, allowed.email),
  }
}

// The seal's key as the platform holds it, or its credential at the QTSP (seals_key_holder: one of the two).
async function holderOf(
  pki: Pki,
  seal: Pick<SealRow, 'id' | 'certificatePem' | 'sealedPrivateKey' | 'qtspCredentialId'>,
): Promise<SealSigning['holder']> {
  if (seal.qtspCredentialId !== null) return { qtspCredentialId: seal.qtspCredentialId }
  if (seal.sealedPrivateKey === null) throw new Error(`seal ${seal.id} has neither a key nor a credential`)
  return { key: await pki.openSealKey(seal.certificatePem, seal.sealedPrivateKey) }
}
