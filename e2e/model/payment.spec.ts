import { expect, test } from '../fixtures.ts'
import { browserCoverage, coveringPaths, describePath, plannedCoverage, runPath } from './model-paths.ts'
import { paymentJourney, paymentWorld } from './payment-journey.ts'
import { paymentModel } from './payment-model.ts'

// Journeys generated from the business payment machine's graph (issue 38 §4): each path a journey in Chromium
// against the real server and the sandbox card provider, each event an admin's step, each state what the
// billing page shows.
const paths = coveringPaths(paymentModel)
const planned = plannedCoverage(paymentModel, paths)

test.describe('business payment machine, paths in the browser', () => {
  test.describe.configure({ mode: 'default' })

  paths.forEach((path, index) => {
    test(`path ${index + 1}: ${describePath(path)}`, async ({ browser, request }) => {
      test.setTimeout(90_000)
      await runPath(paymentModel, paymentJourney, paymentWorld(request, browser), path, index)
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
