import { and, eq } from 'drizzle-orm'
import type { TokenAnswer } from '../../contract/user.ts'
import { describeDevice } from '../../machines/session/describe-device.ts'
import { sessions } from '../db/schema/accounts.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { newDeviceMail } from '../mail/new-device-mail.ts'
import { renderMail } from '../mail/render-mail.ts'
import type { AccountServices } from './account-services.ts'
import { issueToken } from './issue-token.ts'
import { linkTo } from './link-to.ts'

/** Where a sign-in comes from: the browser's User-Agent (null without one) and the client address. */
export type SignInDevice = { userAgent: string | null; address: string }

/**
 * Opens the session of a sign-in that passed every check, from `device`. A browser (User-Agent) no session
 * of the account had before gets the owner a mail, in the same transaction as the session.
 */
export async function openSession(
  services: AccountServices,
  user: { id: string; email: string; attributes: Record<string, string[]> },
  rememberMe: boolean,
  device: SignInDevice,
): Promise<TokenAnswer> {
  return services.db.transaction(async (tx) => {
    const [known] =
      device.userAgent === null
        ? [undefined]
        : await tx
            .select({ id: sessions.id })
            .from(sessions)
            .where(and(eq(sessions.userId, user.id), eq(sessions.userAgent, device.userAgent)))
            .limit(1)
    const answer = await issueToken(tx, user.id, rememberMe, services.now(), device)
    if (known === undefined) {
      const { browser, system } = describeDevice(device.userAgent)
      const described = [browser, system].filter((part) => part !== null).join(', ')
      await services.mail.post(
        tx,
        renderMail(newDeviceMail, pickMailLocale(user.attributes.lang?.[0]), user.email, {
          device: described || (device.userAgent ?? '?'),
          address: device.address,
          securityLink: linkTo(services.publicUrl, '/profile/security'),
        }),
      )
    }
    return answer
  })
}
