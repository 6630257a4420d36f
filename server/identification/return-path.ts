import type { IdentificationMode, IdentificationProvider } from '../../contract/identification.ts'
import type { IdentificationRow } from './find-identification.ts'

/** The flow route of each provider and mode, below the account's and the direct-link signer's base (SPEC §2). */
const flowRoutes: Record<IdentificationProvider, Partial<Record<IdentificationMode, string>>> = {
  eidas: { video: 'eidas/video', robo: 'eidas/self' },
  zertes: { video: 'zertes/video', autoident: 'zertes/auto' },
  austria: { eid: 'id-austria-success' },
}

/**
 * Where the provider's page sends the browser back: the flow route the identification was started from, which
 * polls its outcome, with the request being signed. Built only from the stored row, so the provider's page can
 * lead nowhere but into this app.
 */
export function identificationReturnPath(
  row: Pick<IdentificationRow, 'provider' | 'mode' | 'signatureId' | 'signatureRequestId'>,
): string {
  const base = row.signatureId === null ? '/profile/signature-standards' : '/direct-sign/identification'
  const route = flowRoutes[row.provider][row.mode] ?? ''
  const query = new URLSearchParams({ identification: 'returned' })
  if (row.signatureId === null && row.signatureRequestId !== null)
    query.set('signatureRequestId', row.signatureRequestId)
  return `${base}/${route}?${query}`
}
