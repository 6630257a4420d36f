import { eq } from 'drizzle-orm'
import { type VisualSignaturePermissions, visualSignaturePermissionKeys } from '../../contract/user.ts'
import {
  type VisualSignatureBody,
  visualSignaturePermissionFields,
} from '../../contract/visual-signatures.ts'
import type { Database } from '../db/open-database.ts'
import { businesses, businessMembers, type StoredBusinessSettings } from '../db/schema/businesses.ts'

const free = { canUpdate: true, defaultValue: true } as const
const fixedOn = { canUpdate: false, defaultValue: true } as const

/**
 * SPEC §3 permissions.visualSignatures of the user `userId`: which of the claim, date and standards flags they
 * may change, and the value each starts with. A member of a business that signs under 21 CFR Part 11 keeps the
 * date and the claim (the meaning of the signature) shown, as §11.50 asks of every signature's manifestation;
 * everyone else chooses freely, all three on at first.
 */
export async function visualSignaturePermissions(
  db: Pick<Database, 'select'>,
  userId: string,
): Promise<VisualSignaturePermissions> {
  const [membership] = await db
    .select({ settings: businesses.settings })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
  return visualSignaturePermissionsUnder(membership?.settings)
}

/**
 * The {@link visualSignaturePermissions} of a member of a business with `settings`, or of someone in no
 * business (`undefined`), for a caller that has read the membership already.
 */
export function visualSignaturePermissionsUnder(
  settings: StoredBusinessSettings | undefined,
): VisualSignaturePermissions {
  const part11 = settings?.signatureRequests.part11.enabled === true
  return { claim: part11 ? fixedOn : free, date: part11 ? fixedOn : free, std: free }
}

type Flags = Pick<Required<VisualSignatureBody>, 'displayClaim' | 'displayDate' | 'displayStandards'>

/** `flags` with every flag the user may not change set to its default value. */
export function applyVisualSignaturePermissions<T extends Flags>(
  flags: T,
  permissions: VisualSignaturePermissions,
): T {
  const applied = { ...flags }
  for (const key of visualSignaturePermissionKeys) {
    const permission = permissions[key]
    if (!permission.canUpdate) applied[visualSignaturePermissionFields[key]] = permission.defaultValue
  }
  return applied
}
