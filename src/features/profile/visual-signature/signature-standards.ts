import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiPaths } from '../../../../contract/paths.ts'
import {
  type SignatureQualitiesDetail,
  signatureQualitiesDetailSchema,
} from '../../../../contract/signing.ts'
import type { SignatureStandard } from '../../../../machines/visual-signature-editor/visual-signature-editor.types.ts'
import type { ApiClient } from '../../../api/client.ts'

/** GET /v3/user/signature-qualities-detail, under the key the identification screens share. */
export function signatureStandardsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['signature-qualities'],
    queryFn: async () =>
      v.parse(signatureQualitiesDetailSchema, await api.request(apiPaths.signatureQualitiesDetail())),
  })
}

/**
 * The standards the user holds, as a standards line can show them: ses always, aes once identified, qes per
 * legislation. A demo qualified entry (outside production) names `demo` as its provider, as its certificates do.
 */
export function heldStandards(detail: SignatureQualitiesDetail | undefined): SignatureStandard[] {
  const held: SignatureStandard[] = [{ key: 'ses', qual: 'ses', label: 'SES' }]
  if (detail?.aes) held.push({ key: 'aes', qual: 'aes', label: 'AES' })
  for (const leg of ['eidas', 'zertes'] as const) {
    const entry = detail?.qes?.[leg]
    if (entry === undefined) continue
    const prov = entry.quality === 'demo' ? 'demo' : undefined
    held.push({
      key: `qes-${leg}`,
      qual: 'qes',
      leg,
      ...(prov ? { prov } : {}),
      label: ['QES', leg.toUpperCase(), prov].filter(Boolean).join(' · '),
    })
  }
  return held
}
