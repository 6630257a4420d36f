import * as v from 'valibot'
import { expect } from 'vitest'
import { identificationInfoSchema, identificationPaths } from '../../../contract/identification.ts'
import { type AccountsClient, readJson } from '../accounts/accounts-client.ts'
import { buyLicence } from './buy-licence.ts'

/**
 * Identifies the user of `token` as Ada Lovelace on the sandbox page (zertes video, after buying its licence),
 * which unlocks the qualified zertes signature; answers the identification's reference at the provider (the
 * sandbox page's last segment). The server needs an identification sandbox secret.
 */
export async function identifyQualified(api: AccountsClient, token: string): Promise<string> {
  await buyLicence(api.server.url, { token }, 'zertes')
  const started = v.parse(
    identificationInfoSchema,
    await readJson(await api.call('POST', identificationPaths.user('zertes', 'video'), { token }), 201),
  )
  const page = `${api.server.url}${new URL(started.identUrl).pathname}`
  const done = await fetch(page, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'complete', first_name: 'Ada', last_name: 'Lovelace' }),
  })
  expect(done.status).toBe(303)
  return decodeURIComponent(page.slice(page.lastIndexOf('/') + 1))
}
