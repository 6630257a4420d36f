import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { identifications } from '../db/schema/identification.ts'

/** The account's names as identification verified them: `immutable_eid_fields` entry -> account field. */
const nameFields = { first_name: 'firstName', last_name: 'lastName' } as const

const normal = (name: string | null | undefined) => (name ?? '').trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * Serial number mismatch (SPEC §2 overlay), kept simple: a qualified certificate names the person its
 * identification verified, so when a name the latest successful identification verified (listed in
 * `immutable_eid_fields`) differs from the account's name now (case and spacing aside), the account no
 * longer matches its qualified identity and must identify again before it signs qualified.
 */
export async function nameMismatch(
  db: Pick<Database, 'select'>,
  user: {
    id: string
    firstName: string | null
    lastName: string | null
    attributes: Readonly<Record<string, string[]>>
  },
): Promise<boolean> {
  const verified = user.attributes.immutable_eid_fields ?? []
  const fields = (Object.keys(nameFields) as (keyof typeof nameFields)[]).filter((f) => verified.includes(f))
  if (fields.length === 0) return false
  const [latest] = await db
    .select({ result: identifications.result })
    .from(identifications)
    .where(
      and(
        eq(identifications.userId, user.id),
        eq(identifications.status, 'success'),
        isNotNull(identifications.result),
      ),
    )
    .orderBy(desc(identifications.completedAt))
    .limit(1)
  if (latest?.result == null) return false
  const result = latest.result
  return fields.some(
    (field) => result[field] !== undefined && normal(result[field]) !== normal(user[nameFields[field]]),
  )
}
