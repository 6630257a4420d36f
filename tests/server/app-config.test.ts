import { describe, expect, it } from 'vitest'
import { apiPaths } from '../../contract/paths.ts'
import { createAppConfigRoutes } from '../../server/routes/app-config.ts'
import { testAppConfig } from './test-app-config.ts'

describe('GET /v1/app-config', () => {
  it('tells the app the guidance token only when GUIDANCE_TOKEN is set (SPEC §7)', async () => {
    const read = async (guidanceToken?: string) => {
      const routes = createAppConfigRoutes({ ...testAppConfig('/tmp/signet'), guidanceToken })
      return (await (await routes.request(apiPaths.appConfig())).json()) as Record<string, unknown>
    }
    expect(await read('NX-98ii14b')).toMatchObject({ guidance_token: 'NX-98ii14b' })
    expect(await read()).not.toHaveProperty('guidance_token')
  })
})
