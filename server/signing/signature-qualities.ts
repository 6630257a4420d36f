import {
  type SignatureQuality,
  signatureQualities,
  type UserSignatureQualities,
} from '../../contract/signature-qualities.ts'

/**
 * The user attribute that holds what identification has unlocked: `aes`, `qes_eidas`, `qes_zertes`.
 * Identification comes with a later issue; until then the server (or an operator) sets it. Users cannot
 * set it themselves: it is not among the attributes PUT /v1/user accepts.
 */
export const signatureQualitiesAttribute = 'signature_qualities'

/** Legislations a qualified signature is unlocked for, as `qes_<legislation>` in the attribute. */
const qesLegislations = ['eidas', 'zertes'] as const

/**
 * Qualities the user may sign with, lowest first: ses always, aes and qes once unlocked. `vouched`: a
 * business vouches for them on the request at hand (AES for business, server/businesses/aes4biz.ts), which
 * allows aes without identification.
 */
export function allowedQualities(
  attributes: Readonly<Record<string, string[]>>,
  vouched = false,
): SignatureQuality[] {
  const unlocked = new Set(attributes[signatureQualitiesAttribute] ?? [])
  const qes = qesLegislations.some((legislation) => unlocked.has(`qes_${legislation}`))
  const aes = qes || vouched || unlocked.has('aes')
  return ['ses', ...(aes ? ['aes' as const] : []), ...(qes ? ['qes' as const] : [])]
}

/**
 * The quality of the user's next signature: their `default_quality` attribute when they may sign with it,
 * else simple. The default changes only when the user chooses it: identifying unlocks a quality, and a request
 * may ask for one, but neither makes it the default.
 */
export function signingQuality(
  attributes: Readonly<Record<string, string[]>>,
  vouched = false,
): SignatureQuality {
  return (
    allowedQualities(attributes, vouched).find((quality) => quality === attributes.default_quality?.[0]) ??
    'ses'
  )
}

/** The user's own qualities in the shape of SPEC §3 signatureQualities; qualified ones say `demo` when `demo`. */
export function heldQualities(
  attributes: Readonly<Record<string, string[]>>,
  demo: boolean,
  vouched = false,
): Omit<UserSignatureQualities, 'seal'> {
  const allowed = allowedQualities(attributes, vouched)
  const unlocked = new Set(attributes[signatureQualitiesAttribute] ?? [])
  const qesEntry = { quality: demo ? 'demo' : 'qes' }
  const qes = Object.fromEntries(
    qesLegislations.filter((legislation) => unlocked.has(`qes_${legislation}`)).map((l) => [l, qesEntry]),
  )
  return {
    ses: { any: { quality: 'ses' } },
    ...(allowed.includes('aes') ? { aes: { any: { quality: 'aes' } } } : {}),
    ...(allowed.includes('qes') ? { qes } : {}),
  }
}

/** SPEC §3 disabledQualities: the qualities the user may not sign with, lowest first. */
export function disabledQualities(attributes: Readonly<Record<string, string[]>>): SignatureQuality[] {
  const allowed = allowedQualities(attributes)
  return signatureQualities.filter((quality) => !allowed.includes(quality))
}
