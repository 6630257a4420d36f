import { and, eq, sql } from 'drizzle-orm'
import { users } from '../db/schema/accounts.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'

const attribute = 'free_signatures_remaining'
const wholeNumber = /^\d{1,9}$/

/**
 * The free signatures an account has left (SPEC §6 free_signatures_remaining): the attribute's number,
 * or `allowance` (FREE_SIGNATURES) while the account has not signed yet and the attribute is unset.
 */
export function freeSignaturesRemaining(
  attributes: Readonly<Record<string, string[]>>,
  allowance: number,
): number {
  const value = attributes[attribute]?.[0]
  return value !== undefined && wholeNumber.test(value) ? Number(value) : allowance
}

/**
 * Takes one free signature off the account, in the database so that two signings at once cannot both
 * spend the last one; false (and nothing changed) when none is left.
 */
export async function spendFreeSignature(db: Queryable, userId: string, allowance: number): Promise<boolean> {
  const value = sql`${users.attributes} -> ${attribute} ->> 0`
  const remaining = sql`coalesce(case when ${value} ~ ${wholeNumber.source} then (${value})::int end, ${allowance}::int)`
  const spent = await db
    .update(users)
    .set({
      attributes: sql`${users.attributes} || jsonb_build_object(${attribute}::text, jsonb_build_array((${remaining} - 1)::text))`,
    })
    .where(and(eq(users.id, userId), sql`${remaining} > 0`))
    .returning({ id: users.id })
  return spent.length > 0
}
