import { expect, test } from '../fixtures.ts'
import { browserCoverage, coveringPaths, describePath, plannedCoverage, runPath } from './model-paths.ts'
import { signingJourney, signingWorld } from './signing-journey.ts'
import { signingModel } from './signing-model.ts'

// Journeys generated from the signing machine's graph (issue 38 §4): each path a journey in Chromium against
// the real server, each event a user's step, each state what the screen shows.
const paths = coveringPaths(signingModel)
const planned = plannedCoverage(signingModel, paths)

test.describe('signing machine, paths in the browser', () => {
  test.describe.configure({ mode: 'default' })

  paths.forEach((path, index) => {
    test(`path ${index + 1}: ${describePath(path)}`, async ({ page, browser, request }) => {
      test.setTimeout(90_000)
      const world = await signingWorld(request, browser, page)
      await runPath(signingModel, signingJourney, world, path, index)
    })
  })

  test.afterAll(() => {
    const coverage = browserCoverage(signingModel)
    console.log(coverage.report)
    // Every transition the generated paths take on the model was taken by a passing journey.
    if (coverage.paths === paths.length)
      expect([...planned.taken].filter((t) => !coverage.taken.has(t))).toEqual([])
  })
})
