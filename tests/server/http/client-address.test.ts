import { afterEach, describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { validationsPerMinute } from '../../../server/routes/validate.ts'
import { type AccountsClient, startAccountsClient } from '../accounts/accounts-client.ts'

// The client's address decides whose limit a call counts against; /v1/validate's per-address limit shows it.
describe('the client address behind reverse proxies (TRUSTED_PROXIES)', () => {
  let api: AccountsClient | undefined

  afterEach(async () => {
    await api?.server.stop()
    api = undefined
  })

  const validateFrom = (forwardedFor: string) =>
    fetch(`${api?.server.url}${apiUrl(apiPaths.validate())}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': forwardedFor },
    })

  async function useUpTheLimit(forwardedFor: string) {
    for (let call = 0; call < validationsPerMinute; call++) {
      expect((await validateFrom(forwardedFor)).status).not.toBe(429)
    }
    expect((await validateFrom(forwardedFor)).status).toBe(429)
  }

  it('behind one proxy, counts each forwarded client apart, whatever a client wrote in the header', async () => {
    api = await startAccountsClient('pglite', { trustedProxies: 1 })
    await useUpTheLimit('203.0.113.7')
    // The proxy appends the address it was reached from; what the client wrote before it is not trusted.
    expect((await validateFrom('198.51.100.1, 203.0.113.7')).status).toBe(429)
    expect((await validateFrom('203.0.113.7, 198.51.100.1')).status).not.toBe(429)
  })

  it('without proxies, ignores X-Forwarded-For: every call is the socket peer’s', async () => {
    api = await startAccountsClient('pglite')
    await useUpTheLimit('203.0.113.7')
    expect((await validateFrom('198.51.100.1')).status).toBe(429)
  })
})
