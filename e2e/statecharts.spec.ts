import { statecharts } from '../machines/catalog.ts'
import { ports } from '../playwright.config.ts'
import { expect, test } from './fixtures.ts'
import { StatechartsPage } from './pages/statecharts-page.ts'

const payingCredit =
  '{ "credit": { "isFreeUser": false, "freeSignaturesRemaining": 0, "isDirectSign": false } }'

test.describe('statechart viewer (issue 3)', () => {
  test('lists every machine of the catalog and opens one', async ({ page }) => {
    const charts = new StatechartsPage(page)
    await charts.openList()
    await charts.seeDocumentTitle('Statecharts - Signet')
    await charts.seeMachineCount(statecharts.length)
    await charts.clickMachine('Signing overlays')
    await charts.seeDiagram()
    await charts.seeHighlightedState('idle')
  })

  test('the signing machine walks from idle to success', async ({ page }) => {
    const charts = new StatechartsPage(page)
    await charts.openMachine('signing')
    await charts.seeDiagram()
    await charts.seeHighlightedState('idle')
    await charts.seeStateValue('idle')
    await charts.seeContext('"loading": false')

    await charts.clickEvent('signing.start', payingCredit)
    await charts.seeHighlightedState('signing')
    await charts.seeContext('"loading": true')

    await charts.settleActor('sign', 'done', '{ "result": "complete" }')
    await charts.seeHighlightedState('success')
    await charts.seeStateValue('success')
    await charts.seeContext('"loading": false')
    await charts.seeHistory(/^signing\.start/, /^sign done\s*\{\s*"result":\s*"complete"\s*\}/)

    await charts.clickBackToStart()
    await charts.seeHighlightedState('idle')
  })

  test('a failed call and invalid JSON are shown, never a crash', async ({ page }) => {
    const charts = new StatechartsPage(page)
    await charts.openMachine('signing')
    await charts.clickEvent('signing.start', '{ "credit": ')
    await charts.seeEventError('signing.start', /not valid JSON/)
    await charts.seeHighlightedState('idle')

    await charts.clickEvent('signing.start', payingCredit)
    await charts.settleActor('sign', 'failed')
    await charts.seeHighlightedState('failure')
    await charts.seeContext('"errorCode": "signing.failed"')
  })

  test('the session machine walks from restoring by settling its calls and letting time pass', async ({
    page,
  }) => {
    const charts = new StatechartsPage(page)
    await charts.openMachine('session')
    await charts.seeHighlightedState('restoring.reading')
    await charts.settleActor(
      'readToken',
      'done',
      '{ "token": "t-1", "rememberMe": false, "remainingMs": 60000 }',
    )
    await charts.seeHighlightedState('restoring.fetchingProfile')
    await charts.settleActor('fetchProfile', 'done')
    await charts.seeHighlightedState('signedIn')
    await charts.seeContext('"email": "ann@example.com"')

    await charts.clickAfter('tokenExpiry')
    await charts.seeHighlightedState('expired')
    await charts.seeContext('"token": null')
  })

  test('a machine that needs input restarts with the input given', async ({ page }) => {
    const charts = new StatechartsPage(page)
    await charts.openMachine('redirect')
    await charts.seeContext('"remaining": 3')
    await page
      .getByRole('textbox', { name: 'Input (JSON)' })
      .fill('{ "lastViewedRequestId": "r1", "url": "/x", "timeout": 1 }')
    await page.getByRole('button', { name: 'Restart' }).click()
    await charts.seeContext('"remaining": 1')
    await charts.clickEvent('redirect.start')
    await charts.seeHighlightedState('countingDown')
    await charts.clickAfter('tick')
    await charts.seeHighlightedState('leaving')
  })

  test('a dialog with an action runs it until the designer settles it', async ({ page }) => {
    const charts = new StatechartsPage(page)
    await charts.openMachine('dialog-host')
    await charts.clickEvent('dialog.open')
    await charts.seeHighlightedState('open.idle')
    await charts.clickEvent('dialog.action')
    await charts.seeHighlightedState('open.running')
    await charts.settleActor('runAction', 'done')
    await charts.seeHighlightedState('closed')
  })

  // The machines in groups of eight, each group one page opening its machines in turn: a page of its own per
  // machine spent more on starting the page than on the check. A step per machine names the one that failed.
  const groupSize = 8
  for (let first = 0; first < statecharts.length; first += groupSize) {
    const group = statecharts.slice(first, first + groupSize)
    test(`the ${group.map((entry) => entry.id).join(', ')} machines draw and start without an error`, async ({
      page,
    }) => {
      test.setTimeout(120_000)
      const errors: Error[] = []
      page.on('pageerror', (error) => errors.push(error))
      const charts = new StatechartsPage(page)
      for (const entry of group) {
        await test.step(entry.id, async () => {
          await charts.openMachine(entry.id)
          await charts.seeHeading(entry.title.message)
          await charts.seeStartedWithoutError()
          expect(errors).toEqual([])
        })
      }
    })
  }

  test('axe finds no serious violation on the list', async ({ page }) => {
    const charts = new StatechartsPage(page)
    await charts.openList()
    await charts.seeNoSeriousAccessibilityViolations()
  })

  test('axe finds no serious violation on a machine', async ({ page }) => {
    const charts = new StatechartsPage(page)
    await charts.openMachine('signing')
    await charts.seeHighlightedState('idle')
    await charts.seeNoSeriousAccessibilityViolations()
  })

  test('an unknown machine is a 404', async ({ page }) => {
    const charts = new StatechartsPage(page)
    await charts.open('/statecharts?machine=no-such-machine')
    await charts.seeHeading('Page Not Found')
  })

  test('production has no statechart viewer', async ({ page }) => {
    const charts = new StatechartsPage(page)
    await charts.open(`http://localhost:${ports.production}/statecharts`)
    await charts.seeHeading('Page Not Found')
    await expect(page.getByTestId('not-found-path')).toHaveText('/statecharts')
  })

  test('a phone-sized window puts the panel below a sideways-scrolling diagram', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const charts = new StatechartsPage(page)
    await charts.openMachine('signing')
    await charts.seeHighlightedState('idle')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    const diagram = await page.getByRole('region', { name: 'Diagram', exact: true }).boundingBox()
    const panel = await page.getByRole('complementary', { name: 'Controls' }).boundingBox()
    expect(panel?.y ?? 0).toBeGreaterThan((diagram?.y ?? 0) + (diagram?.height ?? 0) - 1)
  })
})
