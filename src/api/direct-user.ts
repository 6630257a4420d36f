import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { accountPaths } from '../../contract/account-paths.ts'
import { directUserSchema } from '../../contract/direct.ts'
import { attributesCase } from '../../contract/user.ts'
import type { ApiClient } from './client.ts'

/** GET /v1/direct/user: the direct-link signer of the link with `token`, with their attributes. */
export function getDirectUserQueryOptions(api: ApiClient, token: string) {
  return queryOptions({
    queryKey: ['direct-user', token],
    queryFn: async () =>
      v.parse(
        directUserSchema,
        await api.request(accountPaths.directUser(token), { caseOptions: attributesCase }),
      ),
  })
}
