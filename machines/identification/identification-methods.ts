import type { IdentificationMethod, Legislation } from './identification.types.ts'

/** SPEC §2 "Identification methods offered": by legislation, then by whether the licence covers it. */
const identificationMethodTable: Record<
  Legislation,
  { covered: readonly IdentificationMethod[]; notCovered: readonly IdentificationMethod[] }
> = {
  eidas: { covered: ['video', 'self', 'id-austria'], notCovered: ['id-austria', 'external-sc'] },
  zertes: { covered: ['video', 'loc', 'auto'], notCovered: ['loc', 'external-sc'] },
}

/** The methods offered for a legislation, in the order the SPEC lists them. */
export function identificationMethods(
  legislation: Legislation,
  isCovered: boolean,
): readonly IdentificationMethod[] {
  const row = identificationMethodTable[legislation]
  return isCovered ? row.covered : row.notCovered
}
