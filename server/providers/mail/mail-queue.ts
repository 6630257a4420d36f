import { apiUserEmailDomain } from '../../../contract/user.ts'
import type { JobHandler, JobQueue, JobWriter } from '../../jobs/job-queue.ts'
import type { MailLocale } from '../../mail/mail-locale.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { newMailIdentity } from './compose-mail.ts'
import type { MailProvider, OutgoingMail } from './mail-provider.ts'

/** A file attached to a queued mail: a stored file, read when the mail goes out. */
type StoredAttachment = { filename: string; contentType: string; storageKey: string }

/**
 * A request's signature report attached to a queued mail, made when the mail goes out, so that it holds
 * what the transaction that queued the mail wrote. Left out if the request is gone by then.
 */
type ReportAttachment = { filename: string; report: { requestId: string; locale: MailLocale } }

/**
 * A mail as it waits in the jobs table: rendered, with its attachments by storage key or as a report, and
 * its identity, which {@link MailQueue.post} fixes.
 */
export type QueuedMail = Omit<OutgoingMail, 'attachments'> & {
  attachments?: readonly (StoredAttachment | ReportAttachment)[]
}

/** Makes the PDF report of a request in a language; undefined when the request is gone. */
export type RenderReport = (requestId: string, locale: MailLocale) => Promise<Uint8Array | undefined>

/** Sends mail after the answer, through the durable jobs: a mail that is posted is never lost. */
export type MailQueue = {
  /**
   * Writes the mail as a job with `writer`, the transaction of the change the mail tells of, so the change
   * and its mail are committed together or not at all; the jobs send it once committed, and try again while
   * the mail server is down. Its Message-ID and Date are fixed here: a mail sent again (its process died
   * before it could record that it was sent) is the same message to every mail client. The answer takes as long whether a mail was posted or not, so its timing does
   * not tell whether an address has an account.
   */
  post(writer: JobWriter, mail: QueuedMail): Promise<void>
}

/** The job kind of a mail. */
export const mailJob = 'mail'

export function createMailQueue(jobs: Pick<JobQueue, 'enqueue' | 'wake'>): MailQueue {
  return {
    async post(writer, mail) {
      // An API user's account reads no mail: it learns of its requests through the API and its callbacks.
      if (mail.to.endsWith(`@${apiUserEmailDomain}`)) return
      await jobs.enqueue(writer, mailJob, { ...mail, identity: newMailIdentity() })
      // Seen at once where the commit is already done or the database runs one statement at a time
      // (PGlite); else at the next poll, within a second.
      jobs.wake(mailJob)
    },
  }
}

/** Sends one queued mail through the provider, its attachments read from storage or made then. */
export function mailJobHandler(
  provider: MailProvider,
  storage: Pick<FileStorage, 'getBytes'>,
  renderReport: RenderReport,
): JobHandler {
  return async (payload) => {
    const mail = payload as QueuedMail
    const attachments = await Promise.all(
      (mail.attachments ?? []).map(async (attachment) => {
        if ('report' in attachment) {
          const content = await renderReport(attachment.report.requestId, attachment.report.locale)
          return content === undefined
            ? []
            : [{ filename: attachment.filename, contentType: 'application/pdf', content }]
        }
        const content = await storage.getBytes(attachment.storageKey)
        if (content === undefined) throw new Error(`attachment ${attachment.storageKey} is not stored`)
        return [{ filename: attachment.filename, contentType: attachment.contentType, content }]
      }),
    )
    await provider.send({ ...mail, attachments: attachments.flat() })
  }
}
