import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { requestConfirmationSchema } from '../../contract/user.ts'
import { users } from '../db/schema/accounts.ts'
import { accountExistsMail } from '../mail/account-exists-mail.ts'
import { confirmEmailMail } from '../mail/confirm-email-mail.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { renderMail } from '../mail/render-mail.ts'
import type { AccountServices } from './account-services.ts'
import { issueOneTimeToken } from './issue-one-time-token.ts'
import { linkTo } from './link-to.ts'

/** The app path a flow's link opens when the caller names none. */
const confirmPaths: Partial<Record<string, string>> = { eidplus: '/signup/flows/eidplus/confirm' }

/**
 * POST /v1/request-confirmation: mails a confirmation link (valid 24 h) in the recipient's language. The
 * caller learns nothing about the address: to one that already has an account, a signup mails a notice
 * to reset the password instead, and a change of address mails nothing.
 */
export async function requestConfirmation(
  services: AccountServices,
  input: v.InferOutput<typeof requestConfirmationSchema>,
): Promise<void> {
  const [existing] = await services.db
    .select({ attributes: users.attributes })
    .from(users)
    .where(eq(users.email, input.email))
  const locale = pickMailLocale(input.lang, existing?.attributes.lang?.[0])
  if (existing !== undefined) {
    if (input.flow === 'change_email') return
    const resetLink = linkTo(services.publicUrl, '/password-reset')
    await services.mail.post(services.db, renderMail(accountExistsMail, locale, input.email, { resetLink }))
    return
  }
  await services.db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, {
      purpose: 'confirmation',
      email: input.email,
      flow: input.flow,
      now: services.now(),
    })
    const link = linkTo(services.publicUrl, input.confirm ?? confirmPaths[input.flow] ?? '/signup/confirm', {
      token,
    })
    await services.mail.post(tx, renderMail(confirmEmailMail, locale, input.email, { link }))
  })
}
