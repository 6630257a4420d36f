import * as v from 'valibot'
import { expect } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import {
  type SignatureRequestEventList,
  signatureRequestEventsSchema,
} from '../../../contract/signature-requests.ts'
import { type AccountsClient, readJson } from '../accounts/accounts-client.ts'
import { pdftotext } from '../signing/pdf-tools.ts'

/** The request's history as its page reads it (`GET .../events`, 200). */
export async function requestEvents(
  api: Pick<AccountsClient, 'call'>,
  token: string,
  requestId: string,
): Promise<SignatureRequestEventList['events']> {
  const answer = await api.call('GET', apiPaths.signatureRequestEvents(requestId), { token })
  return v.parse(signatureRequestEventsSchema, await readJson(answer)).events
}

/** The words of the request's PDF report (pdftotext in `dir`), every run of spaces and line breaks one space. */
export async function reportText(
  api: Pick<AccountsClient, 'call'>,
  token: string,
  requestId: string,
  dir: string,
): Promise<string> {
  const answer = await api.call('GET', apiPaths.signatureRequestReport(requestId, 'pdf'), { token })
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toBe('application/pdf')
  return pdftotext(dir, new Uint8Array(await answer.arrayBuffer())).replace(/\s+/g, ' ')
}
