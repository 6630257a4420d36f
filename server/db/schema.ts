import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Accounts of people using the app (SPEC §3 User); later issues add attributes, permissions and qualities. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').unique(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  firstName: text('first_name'),
  lastName: text('last_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
