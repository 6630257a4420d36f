import * as v from 'valibot'
import { apiPaths } from '../../../contract/paths.ts'
import { signatureQualitiesDetailSchema } from '../../../contract/signing.ts'
import { type AccountsClient, readJson } from '../accounts/accounts-client.ts'

/** The signature qualities the user of `token` holds (GET /v3/user/signature-qualities-detail). */
export async function readQualities(api: AccountsClient, token: string) {
  return v.parse(
    signatureQualitiesDetailSchema,
    await readJson(await api.call('GET', apiPaths.signatureQualitiesDetail(), { token })),
  )
}

/** The attributes of the user of `token` (GET /v1/user), e.g. the `immutable_eid_fields` identification locks. */
export async function readAttributes(api: AccountsClient, token: string): Promise<Record<string, string[]>> {
  const user = (await readJson(await api.call('GET', apiPaths.user(), { token }))) as {
    attributes?: Record<string, string[]>
  }
  return user.attributes ?? {}
}
