import { eq } from 'drizzle-orm'
import { signatureRequests } from '../db/schema/signature-requests.ts'
import { findReadableRequest } from './find-request.ts'
import type { Caller, RequestServices } from './request-services.ts'

// PostgreSQL's lock_not_available: NOWAIT found the row locked.
const lockNotAvailable = '55P03'

function isLockNotAvailable(error: unknown): boolean {
  for (
    let current = error;
    typeof current === 'object' && current !== null;
    current = (current as Error).cause
  ) {
    if ((current as { code?: unknown }).code === lockNotAvailable) return true
  }
  return false
}

/**
 * GET .../lock-status: whether a signing of the request is in progress, which holds the request row
 * locked. Asked with a share lock taken NOWAIT and let go at once, so the answer costs one round trip and
 * never waits. On PGlite, whose one connection runs one transaction at a time, a signing has always ended
 * by the time this runs, so it answers unlocked.
 */
export async function getLockStatus(
  services: RequestServices,
  caller: Caller,
  id: string,
): Promise<{ locked: boolean }> {
  await findReadableRequest(services.db, caller, id)
  try {
    await services.db.transaction(async (tx) => {
      await tx
        .select({ id: signatureRequests.id })
        .from(signatureRequests)
        .where(eq(signatureRequests.id, id))
        .for('share', { noWait: true })
    })
    return { locked: false }
  } catch (error) {
    if (isLockNotAvailable(error)) return { locked: true }
    throw error
  }
}
