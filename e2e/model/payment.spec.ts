import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { e2eOperatorToken } from '../operator-token.ts'
import { type OwnDatabaseServer, startOwnServerOnDatabase } from '../own-server.ts'
import { browserCoverage, coveringPaths, describePath, plannedCoverage, runPath } from './model-paths.ts'
import { paymentJourney, paymentWorld } from './payment-journey.ts'
import { paymentModel } from './payment-model.ts'

// Journeys generated from the business payment machine's graph (issue 38 §4): each path a journey in Chromium
// against the real server and the sandbox card provider, each event an admin's step, each state what the
// billing page shows. The paths move the server's clock and run the operator's command on its database, so
// they have a server of their own: one per worker, the paths a worker takes running one after another on it.
const paths = coveringPaths(paymentModel)
const planned = plannedCoverage(paymentModel, paths)

test.describe('business payment machine, paths in the browser', () => {
  let server: OwnDatabaseServer
  let api: APIRequestContext

  test.beforeAll(async ({ playwright }) => {
    server = await startOwnServerOnDatabase()
    api = await playwright.request.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'x-operator-token': e2eOperatorToken },
    })
  })
  test.afterAll(async () => {
    await api?.dispose()
    await server?.stop()
  })

  paths.forEach((path, index) => {
    test(`path ${index + 1}: ${describePath(path)}`, async ({ browser }) => {
      test.setTimeout(60_000 + 6_000 * path.length)
      await runPath(paymentModel, paymentJourney, paymentWorld(api, browser, server), path, index)
    })
  })

  test.afterAll(() => {
    const coverage = browserCoverage(paymentModel)
    console.log(coverage.report)
    // Every transition the generated paths take on the model was taken by a passing journey.
    if (coverage.paths === paths.length)
      expect([...planned.taken].filter((t) => !coverage.taken.has(t))).toEqual([])
  })
})
