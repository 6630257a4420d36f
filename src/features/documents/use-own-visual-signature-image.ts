import { useQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/client.ts'
import {
  visualSignatureImageQueryOptions,
  visualSignaturesQueryOptions,
} from '../../api/visual-signatures.ts'
import { useObjectUrl } from '../../ui/file/use-object-url.ts'

/**
 * The picture of the signer's own field while `enabled` (they may sign): their default visual signature as
 * signing draws it, an object URL of its PNG. Undefined while it loads and when they have none stored
 * (signing writes their name, the date and the standard as text then). Both calls are cached, so the
 * viewer's pages share one fetch.
 */
export function useOwnVisualSignatureImage(api: ApiClient, enabled: boolean): string | undefined {
  const signatures = useQuery({ ...visualSignaturesQueryOptions(api), enabled })
  const chosen = signatures.data?.find((signature) => signature.isDefault && signature.id !== null)
  const image = useQuery({
    ...visualSignatureImageQueryOptions(api, chosen?.id ?? '', chosen?.version ?? ''),
    enabled: enabled && chosen !== undefined,
  })
  return useObjectUrl(enabled && chosen !== undefined ? image.data : undefined)
}
