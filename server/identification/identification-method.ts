import {
  type IdentificationMode,
  type IdentificationProvider,
  identificationModes,
  identificationProviders,
  offeredIdentifications,
} from '../../contract/identification.ts'
import { ApiError } from '../http/api-error.ts'

/** A provider and mode the SPEC §2 methods table offers. */
export type IdentificationMethodParams = { provider: IdentificationProvider; mode: IdentificationMode }

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value)

/** The `{provider}` and `{mode}` of a path; unknown ones and combinations not offered are 404 naming them. */
export function identificationMethod(provider: string, mode: string): IdentificationMethodParams {
  if (!isOneOf(identificationProviders, provider))
    throw new ApiError(404, 'identification.not_found', `No identification provider '${provider}'`)
  if (!isOneOf(identificationModes, mode))
    throw new ApiError(404, 'identification.not_found', `No identification mode '${mode}'`)
  if (!offeredIdentifications[provider].includes(mode))
    throw new ApiError(
      404,
      'identification.not_found',
      `Provider '${provider}' offers no '${mode}' identification`,
    )
  return { provider, mode }
}

/** A webhook route's `{provider}`. */
export function webhookProvider(provider: string): IdentificationProvider {
  if (!isOneOf(identificationProviders, provider))
    throw new ApiError(404, 'identification.not_found', `No identification provider '${provider}'`)
  return provider
}

/**
 * The qualities a successful identification unlocks (attribute `signature_qualities`): video, auto
 * identification and the Austrian eID identify in person or by a notified eID, enough for a qualified
 * certificate of the provider's legislation (the Austrian eID's is eidas); self identification (robo)
 * only for an advanced one.
 */
export function unlockedQualities({ provider, mode }: IdentificationMethodParams): string[] {
  if (mode === 'robo') return ['aes']
  return ['aes', `qes_${provider === 'austria' ? 'eidas' : provider}`]
}
