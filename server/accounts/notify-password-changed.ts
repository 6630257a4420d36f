import type { JobWriter } from '../jobs/job-queue.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { passwordChangedMail } from '../mail/password-changed-mail.ts'
import { renderMail } from '../mail/render-mail.ts'
import type { AccountServices } from './account-services.ts'
import { linkTo } from './link-to.ts'

/** Mails the owner that the password changed, in their language, with `tx`, the change's transaction. */
export async function notifyPasswordChanged(
  services: AccountServices,
  tx: JobWriter,
  user: { email: string; attributes: Record<string, string[]> },
): Promise<void> {
  const locale = pickMailLocale(user.attributes.lang?.[0])
  const resetLink = linkTo(services.publicUrl, '/password-reset')
  await services.mail.post(tx, renderMail(passwordChangedMail, locale, user.email, { resetLink }))
}
