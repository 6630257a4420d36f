import { eq } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import { allowedQualities, signatureQualitiesAttribute } from '../signing/signature-qualities.ts'

/** The standard a visual signature's standards line names, as sent (SPEC §3 qual, leg, prov). */
export type ChosenStandard = {
  quality: 'ses' | 'aes' | 'qes' | null
  legislation: 'eidas' | 'zertes' | null
  provider: string | null
}

const refuse = (field: string, message: string) =>
  new ApiError(400, 'request.invalid', `${field}: ${message}`, { field })

/**
 * Refuses a standard the user does not hold (400 naming the field): aes once identified (or qualified), qes
 * of the legislation named (of any, when none is named) once unlocked; a legislation only with qes, and a
 * legislation or provider only with a quality.
 */
export async function checkChosenStandard(
  db: Pick<Database, 'select'>,
  userId: string,
  chosen: ChosenStandard,
): Promise<void> {
  const { quality, legislation, provider } = chosen
  if (quality === null) {
    if (legislation !== null || provider !== null)
      throw refuse('quality', 'is needed with a legislation or a provider')
    return
  }
  if (legislation !== null && quality !== 'qes')
    throw refuse('legislation', 'is named with a qualified signature (qes) only')
  const [user] = await db.select({ attributes: users.attributes }).from(users).where(eq(users.id, userId))
  const attributes = user?.attributes ?? {}
  if (!allowedQualities(attributes).includes(quality))
    throw refuse('quality', `you do not hold the ${quality} standard`)
  if (legislation !== null && !(attributes[signatureQualitiesAttribute] ?? []).includes(`qes_${legislation}`))
    throw refuse('legislation', `you do not hold the qualified standard under ${legislation}`)
}
