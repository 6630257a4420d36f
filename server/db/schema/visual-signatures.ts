import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at } from './columns.ts'

/** How a visual signature's image is made: its name typed in a handwriting font, drawn, or uploaded. */
export const visualSignatureKinds = ['typed', 'drawn', 'uploaded'] as const

/**
 * A user's visual signatures (SPEC §3 Visual signature): what a PAdES appearance draws for them. One may be
 * the default; a drawn or uploaded one has its image in storage.
 */
export const visualSignatures = pgTable(
  'visual_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull().default(''),
    name: text('name').notNull(),
    /** SPEC §3 optionalLine, shown as the company. */
    company: text('company').notNull().default(''),
    location: text('location').notNull().default(''),
    language: text('language').notNull().default('en'),
    kind: text('kind', { enum: visualSignatureKinds }).notNull().default('typed'),
    /** The handwriting font of a typed signature. */
    font: text('font'),
    /** Storage key of a drawn or uploaded image (PNG), null for a typed one. */
    imageKey: text('image_key'),
    displayDate: boolean('display_date').notNull().default(true),
    displayClaim: boolean('display_claim').notNull().default(true),
    displayStandards: boolean('display_standards').notNull().default(true),
    displayQr: boolean('display_qr').notNull().default(false),
    /** The standard the standards line names (SPEC §3 qual, leg, prov); null shows the highest held. */
    quality: text('quality'),
    legislation: text('legislation'),
    provider: text('provider'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    index('visual_signatures_user_idx').on(table.userId),
    // At most one default per user.
    uniqueIndex('visual_signatures_default_idx').on(table.userId).where(sql`${table.isDefault}`),
  ],
)
