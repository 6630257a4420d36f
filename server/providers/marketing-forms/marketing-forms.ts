import type { AppConfig } from '../../config.ts'
import type { JobHandler } from '../../jobs/job-queue.ts'
import { composeMail, newMailIdentity } from '../mail/compose-mail.ts'
import { outboxDir } from '../mail/create-mail-provider.ts'
import { createOutbox, type Outbox } from '../mail/outbox.ts'

/** One filled-in marketing form (SPEC §7): its fields by the forms service's names, and the page it was sent from. */
export type MarketingFormSubmission = {
  fields: { name: string; value: string }[]
  pageUri: string
  pageName: string
}

/** The forms service (a HubSpot form's submission endpoint), or its sandbox. */
export type MarketingForms = { submit(submission: MarketingFormSubmission): Promise<void> }

/** The job kind that submits one form; written with the change that fills it in, so a submission is never lost. */
export const marketingFormJob = 'marketing.form_submission'

/** Where the sandbox's submissions are addressed in the development outbox. */
export const sandboxFormsAddress = 'forms@forms.invalid'

/**
 * The configured forms service (MARKETING_FORM_URL): its submission URL, which takes the form as JSON (HubSpot's
 * Forms API v3: `fields` of contacts, and the page's `context`); or the sandbox, which writes each submission to
 * the development outbox; or none.
 */
export function createMarketingForms(
  config: Pick<AppConfig, 'marketingFormUrl' | 'dataDir'>,
  send: typeof fetch = fetch,
): MarketingForms | undefined {
  const url = config.marketingFormUrl
  if (url === undefined) return undefined
  if (url === 'sandbox') return sandboxMarketingForms(createOutbox(outboxDir(config.dataDir)))
  return {
    async submit({ fields, pageUri, pageName }) {
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fields: fields.map((field) => ({ objectTypeId: '0-1', ...field })),
          context: { pageUri, pageName },
        }),
        signal: AbortSignal.timeout(10_000),
      })
      // A refusal is a failed try: the job tries again later and ends failed, where operators see it.
      if (!response.ok) throw new Error(`the forms service answered ${response.status}`)
    },
  }
}

/** The sandbox: each submission is an outbox entry to {@link sandboxFormsAddress}, a line per field. */
function sandboxMarketingForms(outbox: Pick<Outbox, 'write'>): MarketingForms {
  return {
    async submit({ fields, pageUri, pageName }) {
      const text = [...fields.map(({ name, value }) => `${name}: ${value}`), `page: ${pageUri}`].join('\n')
      const html = `<pre>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>`
      await outbox.write(
        await composeMail(
          { to: sandboxFormsAddress, subject: `Form submission: ${pageName}`, text, html },
          'Forms <forms@forms.invalid>',
          newMailIdentity(new Date()),
        ),
      )
    },
  }
}

/** Runs {@link marketingFormJob}: submits the form its payload holds. */
export function marketingFormHandler(forms: MarketingForms): JobHandler {
  return async (payload) => {
    await forms.submit(payload as MarketingFormSubmission)
    return undefined
  }
}
