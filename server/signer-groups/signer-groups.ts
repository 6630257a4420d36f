import { and, asc, eq, inArray } from 'drizzle-orm'
import type { SignerGroup } from '../../contract/businesses.ts'
import { isUniqueViolation } from '../accounts/is-unique-violation.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { businessMembers, signerGroupMembers, signerGroups } from '../db/schema/businesses.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'

type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>

/** 404 for a group that is not the business's: another business's group looks unknown. */
const signerGroupNotFound = () =>
  new ApiError(404, 'signer_group.not_found', 'No such signer group in this business')

const nameTaken = () =>
  new ApiError(409, 'signer_group.name_taken', 'Another group of the business has this name', {
    field: 'name',
  })

/** GET /v1/businesses/{id}/groups: the business's groups by name, with their members by address. */
export async function listSignerGroups(
  db: Pick<Database, 'select'>,
  businessId: string,
): Promise<SignerGroup[]> {
  const groups = await db
    .select()
    .from(signerGroups)
    .where(eq(signerGroups.businessId, businessId))
    .orderBy(asc(signerGroups.name), asc(signerGroups.id))
  if (groups.length === 0) return []
  const members = await db
    .select({ groupId: signerGroupMembers.groupId, id: users.id, email: users.email })
    .from(signerGroupMembers)
    .innerJoin(users, eq(users.id, signerGroupMembers.userId))
    .where(
      inArray(
        signerGroupMembers.groupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(users.email))
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    members: members.filter((m) => m.groupId === group.id).map(({ id, email }) => ({ id, email })),
    createdAt: group.createdAt.toISOString(),
  }))
}

/** One group of the business as listed; 404 `signer_group.not_found` when it is not the business's. */
async function signerGroupOf(db: Pick<Database, 'select'>, businessId: string, groupId: string) {
  const group = (await listSignerGroups(db, businessId)).find((g) => g.id === groupId.toLowerCase())
  if (group === undefined) throw signerGroupNotFound()
  return group
}

/** The group row `groupId` of business `businessId`, locked when `forUpdate`; else 404. */
async function findGroupRow(db: Queryable, businessId: string, groupId: string, forUpdate = false) {
  if (!isUuid(groupId)) throw signerGroupNotFound()
  const query = db
    .select()
    .from(signerGroups)
    .where(and(eq(signerGroups.id, groupId), eq(signerGroups.businessId, businessId)))
  const [group] = forUpdate ? await query.for('update') : await query
  if (group === undefined) throw signerGroupNotFound()
  return group
}

/** POST /v1/businesses/{id}/groups: a new group without members; 409 when the name is taken. */
export async function createSignerGroup(
  db: Database,
  businessId: string,
  name: string,
  now: Date,
): Promise<SignerGroup> {
  try {
    const [group] = await db.insert(signerGroups).values({ businessId, name, createdAt: now }).returning()
    if (group === undefined) throw new Error('insert returned nothing')
    return { id: group.id, name: group.name, members: [], createdAt: group.createdAt.toISOString() }
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken()
    throw error
  }
}

/** PUT /v1/businesses/{id}/groups/{groupId}: a new name; 409 when another group has it. */
export async function renameSignerGroup(
  db: Database,
  businessId: string,
  groupId: string,
  name: string,
): Promise<SignerGroup> {
  await findGroupRow(db, businessId, groupId)
  try {
    await db.update(signerGroups).set({ name }).where(eq(signerGroups.id, groupId))
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken()
    throw error
  }
  return signerGroupOf(db, businessId, groupId)
}

/**
 * DELETE /v1/businesses/{id}/groups/{groupId}: 409 `signer_group.in_use` while a request (sent or a draft) waits
 * for the group's signature, which no one could give once it is gone; the signatures it gave keep their signer.
 */
export async function deleteSignerGroup(db: Database, businessId: string, groupId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findGroupRow(tx, businessId, groupId, true)
    const [waiting] = await tx
      .select({ id: signatures.id })
      .from(signatures)
      .where(and(eq(signatures.groupId, groupId), eq(signatures.status, 'OPEN')))
      .limit(1)
    if (waiting !== undefined) {
      throw new ApiError(409, 'signer_group.in_use', 'A request waits for this group’s signature')
    }
    await tx.delete(signerGroups).where(eq(signerGroups.id, groupId))
  })
}

/**
 * POST /v1/businesses/{id}/groups/{groupId}/members: a member of the business joins the group (again: no
 * change); anyone else is 400 naming `user_id`.
 */
export async function addSignerGroupMember(
  db: Database,
  businessId: string,
  groupId: string,
  userId: string,
  now: Date,
): Promise<SignerGroup> {
  await findGroupRow(db, businessId, groupId)
  const [member] = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(and(eq(businessMembers.userId, userId), eq(businessMembers.businessId, businessId)))
  if (member === undefined) {
    throw new ApiError(400, 'request.invalid', 'user_id: not a member of this business', { field: 'user_id' })
  }
  await db.insert(signerGroupMembers).values({ groupId, userId, addedAt: now }).onConflictDoNothing()
  return signerGroupOf(db, businessId, groupId)
}

/**
 * DELETE /v1/businesses/{id}/groups/{groupId}/members/{userId}: the member leaves the group, and with it every
 * request still waiting for the group's signature (the ones they signed stay theirs).
 */
export async function removeSignerGroupMember(
  db: Database,
  businessId: string,
  groupId: string,
  userId: string,
): Promise<SignerGroup> {
  await findGroupRow(db, businessId, groupId)
  if (isUuid(userId)) {
    await db
      .delete(signerGroupMembers)
      .where(and(eq(signerGroupMembers.groupId, groupId), eq(signerGroupMembers.userId, userId)))
  }
  return signerGroupOf(db, businessId, groupId)
}
