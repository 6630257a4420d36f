import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { requestResetSchema } from '../../contract/user.ts'
import { users } from '../db/schema/accounts.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { renderMail } from '../mail/render-mail.ts'
import { resetPasswordMail } from '../mail/reset-password-mail.ts'
import type { AccountServices } from './account-services.ts'
import { issueOneTimeToken } from './issue-one-time-token.ts'
import { linkTo } from './link-to.ts'

/**
 * POST /v1/request-reset: mails a link to choose a new password (valid 1 h) when the address has an
 * account with a password; answers the same either way.
 */
export async function requestReset(
  services: AccountServices,
  input: v.InferOutput<typeof requestResetSchema>,
): Promise<void> {
  const [user] = await services.db.select().from(users).where(eq(users.email, input.email))
  if (user === undefined) return
  const locale = pickMailLocale(input.lang, user.attributes.lang?.[0])
  await services.db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, {
      purpose: 'reset',
      email: user.email,
      flow: null,
      now: services.now(),
    })
    const link = linkTo(services.publicUrl, '/password-reset/new', { token })
    await services.mail.post(tx, renderMail(resetPasswordMail, locale, user.email, { link }))
  })
}
