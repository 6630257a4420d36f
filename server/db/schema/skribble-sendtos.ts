import { pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at } from './columns.ts'
import { signatures } from './signature-requests.ts'

/**
 * The access code of a Send-To made through Skribble's API (issue 43), by the signature it is: a random code,
 * kept only as its SHA-256, so that it holds for as long as the Send-To does, whatever happens to the API user's
 * key and callback secret.
 */
export const skribbleSendtos = pgTable('skribble_sendtos', {
  signatureId: uuid('signature_id')
    .primaryKey()
    .references(() => signatures.id, { onDelete: 'cascade' }),
  accessCodeHash: text('access_code_hash').notNull(),
  createdAt: at('created_at').notNull(),
})
