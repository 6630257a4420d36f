import type { SignatureQuality } from '../../contract/signature-qualities.ts'
import { allowedQualities, signatureQualitiesAttribute, signingQuality } from './signature-qualities.ts'

/** What a request asks of its signers (`signature_requests.quality` and `.legislation`; null: any). */
export type RequestedQuality = {
  quality: SignatureQuality | null
  legislation: 'eidas' | 'zertes' | null
}

/**
 * The quality one signature is made with. A request that asks for a quality gets exactly that one when the
 * signer holds it (a qualified one under the asked legislation, when it names one), else
 * `identification_required`: the signer identifies first. A request that asks for none gets the quality
 * the signer would sign with anyway (`fallback`), but never a qualified one of another legislation than it
 * names.
 */
export function requestQuality(
  attributes: Readonly<Record<string, string[]>>,
  requested: RequestedQuality,
  vouched: boolean,
  fallback: SignatureQuality = signingQuality(attributes, vouched),
): SignatureQuality | 'identification_required' {
  const held = allowedQualities(attributes, vouched)
  const unlocked = new Set(attributes[signatureQualitiesAttribute] ?? [])
  const qesUnder = (legislation: RequestedQuality['legislation']) =>
    held.includes('qes') && (legislation === null || unlocked.has(`qes_${legislation}`))
  if (requested.quality === null) {
    if (fallback === 'qes' && !qesUnder(requested.legislation)) return 'aes'
    return fallback
  }
  if (!held.includes(requested.quality)) return 'identification_required'
  if (requested.quality === 'qes' && !qesUnder(requested.legislation)) return 'identification_required'
  return requested.quality
}
