import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { readDirectLink } from '../../app/direct-sign.ts'

/** Whether the signer's unlocked qualities (attribute signature_qualities) meet what the request asks. */
export function holdsAsked(
  request: Pick<SignatureRequestView, 'quality' | 'legislation'>,
  held: readonly string[],
) {
  const qes = request.legislation
    ? held.includes(`qes_${request.legislation}`)
    : held.some((q) => q.startsWith('qes_'))
  if (request.quality === 'qes') return qes
  if (request.quality === 'aes') return held.includes('aes') || qes
  return true
}

/** The direct link kept in this tab, when it is the one of this request and signer. */
export function directLinkOf(requestId: string, userId: string) {
  const link = readDirectLink()
  return link && link.requestId === requestId && link.userId === userId ? link : null
}
