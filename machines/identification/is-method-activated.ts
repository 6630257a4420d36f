import type { HighestQuality, IdentificationMethod } from './identification.types.ts'

/**
 * Whether the quality a method gives is active: self identification gives an advanced signature, the other
 * methods a qualified one (a demo provider's counts, it is all a test system issues).
 */
export function isMethodActivated(
  method: IdentificationMethod | undefined,
  quality: HighestQuality,
): boolean {
  const enough: readonly HighestQuality[] = method === 'self' ? ['aes', 'qes', 'demo'] : ['qes', 'demo']
  return enough.includes(quality)
}
