import type { HighestQuality, QualityHolder } from './identification.types.ts'

/**
 * SPEC §4: none unless the email is verified; otherwise qes if an eidas or zertes qes entry
 * exists (demo when every such entry is a demo one), else aes if present, else ses.
 */
export function highestQuality(user: QualityHolder): HighestQuality {
  if (!user.emailVerified) return 'none'
  const qualities = user.signatureQualities ?? {}
  const qes = [qualities.qes?.eidas, qualities.qes?.zertes].filter((entry) => entry !== undefined)
  if (qes.length > 0) return qes.some((entry) => entry.quality !== 'demo') ? 'qes' : 'demo'
  if (qualities.aes?.any !== undefined) return 'aes'
  return 'ses'
}
