import { randomUUID } from 'node:crypto'
import { defaultBusinessSettings } from '../../../server/businesses/business-settings.ts'
import type { Database } from '../../../server/db/open-database.ts'
import { businesses, businessMembers } from '../../../server/db/schema/businesses.ts'
import { businessData } from './business-client.ts'

/**
 * Writes a business named `name` straight into the database, with `adminId` as its admin, both dated `at`:
 * for tests whose subject is not how a business is opened. Answers its id.
 */
export async function insertBusiness(db: Database, name: string, adminId: string, at: Date): Promise<string> {
  const id = randomUUID()
  await db.insert(businesses).values({
    id,
    name,
    email: businessData(name).email,
    billing: {
      address1: 'Bahnhofstrasse 1',
      address2: '',
      city: 'Zürich',
      postalCode: '8001',
      country: 'CH',
      vat: '',
    },
    settings: defaultBusinessSettings,
    referralCode: `REF-${id.slice(0, 8)}`,
    createdAt: at,
  })
  await db.insert(businessMembers).values({ userId: adminId, businessId: id, role: 'admin', joinedAt: at })
  return id
}
