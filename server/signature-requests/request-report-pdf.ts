import { eq } from 'drizzle-orm'
import { users } from '../db/schema/accounts.ts'
import { signatureRequests } from '../db/schema/signature-requests.ts'
import type { MailLocale } from '../mail/mail-locale.ts'
import { getRequestReport } from './get-request-report.ts'
import { renderReportPdf } from './render-report-pdf.ts'
import { reportTexts } from './report-texts.ts'
import type { Caller, RequestServices } from './request-services.ts'

/** The signature report of request `id` as a PDF in `locale`, as `caller` may read it (else 404). */
export async function requestReportPdf(
  services: Pick<RequestServices, 'db' | 'now'>,
  caller: Caller,
  id: string,
  locale: MailLocale,
): Promise<{ title: string; pdf: Uint8Array }> {
  const report = await getRequestReport(services, caller, id)
  return { title: report.title, pdf: await renderReportPdf(report, reportTexts[locale]) }
}

/** The report of request `id` as its sender reads it, for a mail's attachment; undefined when it is gone. */
export async function senderReportPdf(
  services: Pick<RequestServices, 'db' | 'now'>,
  id: string,
  locale: MailLocale,
): Promise<Uint8Array | undefined> {
  const [sender] = await services.db
    .select({ userId: users.id, email: users.email })
    .from(signatureRequests)
    .innerJoin(users, eq(users.id, signatureRequests.ownerId))
    .where(eq(signatureRequests.id, id))
  if (sender === undefined) return undefined
  const caller: Caller = { userId: sender.userId, email: sender.email.toLowerCase(), ip: '', groupIds: [] }
  return (await requestReportPdf(services, caller, id, locale)).pdf
}
