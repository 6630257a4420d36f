import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessPaths } from '../../../contract/businesses.ts'
import {
  createMarketingForms,
  sandboxFormsAddress,
} from '../../../server/providers/marketing-forms/marketing-forms.ts'
import { type AccountsClient, readJson, startAccountsClient } from '../accounts/accounts-client.ts'
import { featureDrivers } from '../test-database.ts'

const business = {
  name: 'Formular AG',
  email: 'office@formular.example',
  phone: '+41 44 123 45 67',
  billing: { address1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'CH' },
}

/** A stand-in of the forms service: records each post, answers `status`. */
async function formsService() {
  const posts: { path: string; body: unknown }[] = []
  const state = { status: 200 }
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    posts.push({ path: request.url ?? '', body: JSON.parse(text) })
    response.writeHead(state.status, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/submissions/v3/integration/submit/42/form-1`
  return { url, posts, state, close: () => new Promise((resolve) => server.close(resolve)) }
}

describe('the forms service adapter (SPEC §7 marketing form submission)', () => {
  it('posts the fields and the page as the forms service takes them, and fails a try on a refusal', async () => {
    const service = await formsService()
    const forms = createMarketingForms({ marketingFormUrl: service.url, dataDir: '/nowhere' })
    const submission = {
      fields: [{ name: 'email', value: 'ada@example.test' }],
      pageUri: 'https://sign.example/business/signup',
      pageName: 'Business signup',
    }
    await forms?.submit(submission)
    expect(service.posts).toEqual([
      {
        path: '/submissions/v3/integration/submit/42/form-1',
        body: {
          fields: [{ objectTypeId: '0-1', name: 'email', value: 'ada@example.test' }],
          context: { pageUri: 'https://sign.example/business/signup', pageName: 'Business signup' },
        },
      },
    ])
    service.state.status = 400
    await expect(forms?.submit(submission)).rejects.toThrow(/answered 400/)
    await service.close()
    // Not configured: there is no service, and nothing is submitted.
    expect(createMarketingForms({ marketingFormUrl: undefined, dataDir: '/nowhere' })).toBeUndefined()
  })
})

describe.each(featureDrivers)('a new business submits the signup form on %s', (driver) => {
  let sandbox: AccountsClient
  let real: AccountsClient
  let service: Awaited<ReturnType<typeof formsService>>

  beforeAll(async () => {
    service = await formsService()
    ;[sandbox, real] = await Promise.all([
      startAccountsClient(driver, { marketingFormUrl: 'sandbox' }),
      startAccountsClient(driver, { marketingFormUrl: service.url }),
    ])
  })
  afterAll(async () => {
    await Promise.all([sandbox?.server.stop(), real?.server.stop(), service?.close()])
  })

  it('to the sandbox, which writes it to the development outbox', async () => {
    const token = await sandbox.signUp('founder@formular.example')
    await readJson(await sandbox.call('POST', businessPaths.businesses(), { token, body: business }), 201)
    const mail = await sandbox.waitForMail(sandboxFormsAddress, /^Form submission: Business signup$/)
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([
        'email: founder@formular.example',
        'company: Formular AG',
        'phone: +41 44 123 45 67',
        'country: CH',
      ]),
    )
    // The page is the app's own business signup, at its public address.
    expect(mail.text).toMatch(/^page: https?:\/\/[^/]+\/business\/signup$/m)
  })

  it('to the configured service, through a job', async () => {
    const token = await real.signUp('founder-2@formular.example')
    await readJson(await real.call('POST', businessPaths.businesses(), { token, body: business }), 201)
    await expect.poll(() => service.posts.length, { timeout: 15_000 }).toBe(1)
    expect(service.posts[0]?.body).toMatchObject({
      fields: expect.arrayContaining([
        { objectTypeId: '0-1', name: 'email', value: 'founder-2@formular.example' },
        { objectTypeId: '0-1', name: 'company', value: 'Formular AG' },
      ]),
      context: { pageName: 'Business signup' },
    })
  })
})
