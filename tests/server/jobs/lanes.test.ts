import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { apiUserKeySchema, apiUserPaths } from '../../../contract/api-users.ts'
import { businessPaths, businessSchema } from '../../../contract/businesses.ts'
import { healthResponseSchema } from '../../../contract/health.ts'
import { outboxListSchema } from '../../../contract/outbox.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { drivers } from '../test-database.ts'

/**
 * Issue 34 §2: callback receivers that take the post and never answer fill the callbacks lane, and only
 * it: a sign-up's mail goes out while every callback still hangs (the server gives one up after 5 s).
 */
describe.each(drivers)('job lanes on %s', (driver) => {
  let api: SigningClient | undefined
  const sockets = new Set<Socket>()
  // Accepts each post and never answers it (a receiver that hangs; the server is development, which posts
  // to loopback addresses). It counts the posts it holds and those the server gave up on.
  const held = { posts: 0, givenUp: 0 }
  const blackhole = createServer((request) => {
    held.posts += 1
    request.socket.once('close', () => {
      held.givenUp += 1
    })
  })
  blackhole.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })

  afterEach(async () => {
    for (const socket of sockets) socket.destroy()
    if (blackhole.listening) await new Promise((resolve) => blackhole.close(resolve))
    await api?.server.stop()
  })

  it('mails a sign-up while callbacks hang in their own lane', { timeout: 60_000 }, async () => {
    api = await startSigningClient(driver)
    const client = api
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(blackhole.address() as AddressInfo).port}/hook`
    const admin = await client.signUp('admin@acme.example')
    const business = v.parse(
      businessSchema,
      await readJson(
        await client.call('POST', businessPaths.businesses(), {
          token: admin,
          body: {
            name: 'Acme AG',
            email: 'office@acme.example',
            billing: { address1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'ch' },
          },
        }),
        201,
      ),
    )
    const { apiUser, apiKey } = v.parse(
      apiUserKeySchema,
      await readJson(
        await client.call('POST', apiUserPaths.apiUsers(business.id), {
          token: admin,
          body: { username: 'erp', description: 'the ERP' },
        }),
        201,
      ),
    )
    const authorization = `Basic ${Buffer.from(`${apiUser.username}:${apiKey}`).toString('base64')}`
    // Each new request posts its `created` event to the receiver that hangs.
    for (let n = 0; n < 10; n++) {
      const response = await fetch(`${client.server.url}/api${apiPaths.signatureRequests()}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Order ${n}`, callback_update_url: url }),
      })
      expect(response.status, await response.text()).toBe(201)
    }
    const callbacks = async () =>
      v.parse(healthResponseSchema, await readJson(await client.call('GET', apiPaths.health()))).jobs.lanes
        .callbacks
    await expect.poll(callbacks, { timeout: 10_000 }).toMatchObject({ running: 8 })
    await expect.poll(() => held.posts, { timeout: 10_000 }).toBe(8)

    expect(
      (
        await client.call('POST', apiPaths.requestConfirmation(), {
          body: { email: 'new@example.com', flow: 'signup', confirm: '/signup/confirm', lang: 'en-gb' },
        })
      ).status,
    ).toBe(204)
    await expect
      .poll(
        async () => {
          const { mails } = v.parse(
            outboxListSchema,
            await readJson(await client.call('GET', apiPaths.outbox())),
          )
          return mails.some((mail) => mail.to === 'new@example.com')
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBe(true)
    // The mail did not wait for a place in the callbacks lane: each of its posts still hangs, none given up.
    expect(held).toEqual({ posts: 8, givenUp: 0 })
    expect(await callbacks()).toMatchObject({ running: 8 })
  })
})
