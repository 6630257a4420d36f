import { eq } from 'drizzle-orm'
import type { BillingAddress, SupportContact } from '../../contract/businesses.ts'
import type { Database } from '../db/open-database.ts'
import { businesses } from '../db/schema/businesses.ts'

/** PUT /v1/businesses/{id}: the support contact that signers and members see. */
export async function updateSupportContact(
  db: Database,
  businessId: string,
  contact: SupportContact,
): Promise<void> {
  await db
    .update(businesses)
    .set({ supportEmail: contact.email, supportPhone: contact.phone })
    .where(eq(businesses.id, businessId))
}

/** PUT /v2/businesses/{id}/billing: the address invoices carry. */
export async function updateBillingAddress(
  db: Database,
  businessId: string,
  billing: BillingAddress,
): Promise<void> {
  await db.update(businesses).set({ billing }).where(eq(businesses.id, businessId))
}
