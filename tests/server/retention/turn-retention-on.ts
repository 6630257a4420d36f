import { eq } from 'drizzle-orm'
import type { retentionTerminalStates } from '../../../contract/retention.ts'
import { defaultBusinessSettings } from '../../../server/businesses/business-settings.ts'
import type { Database } from '../../../server/db/open-database.ts'
import { businesses } from '../../../server/db/schema/businesses.ts'

/** The business's admin turns automatic deletion on for requests that ended as `terminalState`. */
export async function turnRetentionOn(
  db: Database,
  businessId: string,
  terminalState: (typeof retentionTerminalStates)[number],
) {
  await db
    .update(businesses)
    .set({
      settings: {
        ...defaultBusinessSettings,
        signatureRequests: {
          ...defaultBusinessSettings.signatureRequests,
          retention: { enabled: true, terminalState },
        },
      },
    })
    .where(eq(businesses.id, businessId))
}
