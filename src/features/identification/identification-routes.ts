import type {
  IdentificationMethod,
  Legislation,
} from '../../../machines/identification/identification.types.ts'

/** Where an identification flow runs: in the account's profile, or for a direct-link signer (SPEC §2). */
export type IdentificationBase = 'account' | 'direct'

/** The first path segment of each base's identification routes. */
const identificationBasePaths: Record<IdentificationBase, string> = {
  account: '/profile/signature-standards',
  direct: '/direct-sign/identification',
}

/** A method done online at an identification provider: its call's `{provider}` and `{mode}`, and its route. */
interface OnlineMethod {
  provider: 'eidas' | 'zertes' | 'austria'
  mode: 'video' | 'robo' | 'autoident' | 'eid'
  /** Below the base path. */
  route: string
}

/** The online methods of each legislation; loc and external-sc are done with our support. */
const onlineMethods: Record<Legislation, Partial<Record<IdentificationMethod, OnlineMethod>>> = {
  eidas: {
    video: { provider: 'eidas', mode: 'video', route: 'eidas/video' },
    self: { provider: 'eidas', mode: 'robo', route: 'eidas/self' },
    'id-austria': { provider: 'austria', mode: 'eid', route: 'id-austria-success' },
  },
  zertes: {
    video: { provider: 'zertes', mode: 'video', route: 'zertes/video' },
    auto: { provider: 'zertes', mode: 'autoident', route: 'zertes/auto' },
  },
}

/** The online method of a legislation, or undefined for one done with our support. */
export function onlineMethodOf(legislation: Legislation, method: IdentificationMethod | undefined) {
  return method === undefined ? undefined : onlineMethods[legislation][method]
}

/** The path of a flow route, e.g. `/profile/signature-standards/zertes/video`. */
export function identificationPath(base: IdentificationBase, route: string): string {
  return route === '' ? identificationBasePaths[base] : `${identificationBasePaths[base]}/${route}`
}
