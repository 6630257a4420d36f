import type { HighestQuality, IdentificationStatus } from './identification.types.ts'

/** SPEC §4: an identification is ongoing when a status is set while the highest quality is not qes. */
export function isIdentificationOngoing(
  status: IdentificationStatus | undefined,
  quality: HighestQuality,
): boolean {
  return status !== undefined && quality !== 'qes'
}
