import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { startTestServer, type TestServer } from '../test-server.ts'

const operatorToken = 'operator-token-of-this-test-system-0123'

/** The archive holds every document and the platform's keys: outside development only the operator gets one. */
describe('POST /operator/backup on a test system', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { appMode: 'staging', operatorToken })
  })

  afterAll(async () => {
    await server?.stop()
  })

  const backup = (token?: string) =>
    fetch(`${server.url}${apiUrl(apiPaths.backup())}`, {
      method: 'POST',
      headers: token === undefined ? {} : { 'x-operator-token': token },
    })

  it('is not there for anyone without the operator token', async () => {
    for (const token of [undefined, `${operatorToken}x`, 'Bearer nothing']) {
      const answer = await backup(token)
      expect(answer.status).toBe(404)
      expect(await answer.json()).toMatchObject({ code: 'route.not_found' })
    }
  })

  it('answers the archive to the operator', async () => {
    const answer = await backup(operatorToken)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/gzip')
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="signet-backup-.+\.tar\.gz"$/,
    )
    // A gzip stream begins with 1f 8b.
    expect([...new Uint8Array(await answer.arrayBuffer()).slice(0, 2)]).toEqual([0x1f, 0x8b])
  })
})

/** In development the tools are open to anyone, but the archive only to a caller on the server's machine. */
describe('POST /operator/backup on a developer machine', () => {
  let server: TestServer

  beforeAll(async () => {
    // Behind one reverse proxy, which names the caller in X-Forwarded-For.
    server = await startTestServer('pglite', {}, { appMode: 'development', trustedProxies: 1 })
  })

  afterAll(async () => {
    await server?.stop()
  })

  const backupFrom = (address: string) =>
    fetch(`${server.url}${apiUrl(apiPaths.backup())}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
    })

  it('is not there for a caller elsewhere on the network', async () => {
    const answer = await backupFrom('203.0.113.7')
    expect(answer.status).toBe(404)
    expect(await answer.json()).toMatchObject({ code: 'route.not_found' })
  })

  it('answers the archive to a caller on the same machine', async () => {
    const answer = await backupFrom('127.0.0.1')
    expect(answer.status).toBe(200)
    expect([...new Uint8Array(await answer.arrayBuffer()).slice(0, 2)]).toEqual([0x1f, 0x8b])
  })
})
