/** SPEC §1: the platform region is EU when the domain ends in .de or .eu, otherwise CH. */
export type PlatformRegion = 'EU' | 'CH'

export function platformRegion(hostname: string): PlatformRegion {
  return /\.(de|eu)\.?$/i.test(hostname) ? 'EU' : 'CH'
}
