import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { e2eOperatorToken } from './operator-token.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { openBusiness } from './pages/business-api.ts'
import { ProfilePage } from './pages/profile-page.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { SigningPage } from './pages/signing-page.ts'
import { createAccount, signInAgain, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

const dayS = 24 * 60 * 60
const phone = { width: 390, height: 844 }

/** The surveys the server says are due for the tab's user (the app's own call). */
const dueFor = (page: Page, url: string) =>
  page.evaluate(async (base) => {
    const stored = JSON.parse(sessionStorage.getItem('accessToken') ?? '{}') as { token?: string }
    const answer = await fetch(`${base}/api/v1/user/surveys/due`, {
      headers: { Authorization: `Bearer ${stored.token}` },
    })
    return ((await answer.json()) as { due: string[] }).due
  }, url)

// Issue 39 §2. The journey moves the server's clock a month ahead, so it has a server of its own.
test.describe('satisfaction surveys and the delete user overlay', () => {
  let server: OwnServer
  let api: APIRequestContext

  test.beforeAll(async ({ playwright }) => {
    server = await startOwnServer('staging')
    api = await playwright.request.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'x-operator-token': e2eOperatorToken },
    })
  })
  test.afterAll(async () => {
    await api?.dispose()
    await server?.stop()
  })

  test('a month-old account answers the relationship survey by keyboard on a phone, then deletes itself', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    await page.setViewportSize(phone)
    let account = await createAccount(api, 'Nora')
    const profile = new ProfilePage(page)
    // A new account is not asked.
    await signInTab(page, account, server.url)
    await profile.open(`${server.url}/dashboard`)
    await profile.seeHeading('Your signature requests')
    expect(await dueFor(page, server.url)).toEqual([])
    await profile.seeNoDialog()

    const moved = await api.post('/api/dev/clock', { data: { advance_seconds: 31 * dayS } })
    expect(moved.ok(), await moved.text()).toBe(true)
    account = await signInAgain(api, account)
    await signInTab(page, account, server.url)
    await profile.open(`${server.url}/dashboard`)
    await profile.seeDialog('Help us improve Signet')
    const survey = profile.dialog
    await expect(survey.getByRole('group', { name: /recommend Signet to a colleague/ })).toBeVisible()
    await expect(survey.getByRole('radio')).toHaveCount(11)
    await profile.seeNoHorizontalOverflow()
    await profile.seeNoSeriousAccessibilityViolations()

    // Sending without a score says so at the scale.
    await survey.getByRole('button', { name: 'Send answer' }).click()
    await expect(survey.getByRole('alert')).toHaveText('Please choose a score.')
    // By keyboard: into the scale, along it with the arrows, on to the comment and the buttons.
    await survey.getByRole('radio', { name: '0', exact: true }).focus()
    await page.keyboard.press('Space')
    for (let step = 0; step < 9; step++) await page.keyboard.press('ArrowRight')
    await expect(survey.getByRole('radio', { name: '9', exact: true })).toBeChecked()
    await page.keyboard.press('Tab')
    await expect(survey.getByLabel(/Anything you would like to tell us/)).toBeFocused()
    await page.keyboard.type('Clear and quick.')
    await page.screenshot({ path: testInfo.outputPath('relationship-survey.png') })
    await testInfo.attach('relationship survey at 390 x 844', {
      path: testInfo.outputPath('relationship-survey.png'),
      contentType: 'image/png',
    })
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(survey.getByRole('button', { name: 'Send answer' })).toBeFocused()
    await page.keyboard.press('Enter')
    await profile.seeSnackbar('Thank you for your answer')
    await profile.seeNoDialog()
    expect(await dueFor(page, server.url)).toEqual([])
    await page.reload()
    await profile.seeHeading('Your signature requests')
    await profile.seeNoDialog()

    // Deleting the account: the dialog asks, the full-screen overlay says what changes and deletes.
    await profile.open(`${server.url}/profile`)
    await profile.clickDeleteAccount()
    await profile.seeDialog('Delete your account?')
    await profile.clickContinueToDeletion()
    await profile.seeOverlayHidesPage()
    await profile.seeDeletionConsequence(/Your signatures on other people’s documents stay/)
    await profile.seeNoHorizontalOverflow()
    await profile.seeNoSeriousAccessibilityViolations()
    await profile.confirmDeletion('not my password 1')
    await profile.seeFieldError('Your password', 'This password is not correct.')
    await profile.seeDialog('Delete your account for good')
    await page.screenshot({ path: testInfo.outputPath('delete-user.png') })
    await testInfo.attach('delete user overlay at 390 x 844', {
      path: testInfo.outputPath('delete-user.png'),
      contentType: 'image/png',
    })
    await profile.confirmDeletion(account.password)
    await expect(page).toHaveURL(/\/bye$/)
    await profile.seeHeading('Your account has been deleted')
    const login = await api.post('/api/v1/login', {
      data: { email: account.email, password: account.password },
    })
    expect(login.status()).toBe(401)
  })

  test('a business member who signed is asked how easy it was, once', async ({ page }, testInfo) => {
    test.setTimeout(120_000)
    const admin = await createAccount(api, 'Tess')
    await openBusiness(api, admin, 'Survey Works AG')
    const id = await createDraft(api, admin, 'Supply agreement', [admin.email])
    await addDocument(api, admin, id, await onePagePdf('supply.pdf'))
    const sent = await api.post(`/api/v3/signature-requests/${id}/initiate`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    })
    expect(sent.ok(), await sent.text()).toBe(true)

    await signInTab(page, admin, server.url)
    const signing = new SigningPage(page)
    await signing.open(`${server.url}/view/${id}`)
    await signing.clickSign()
    await signing.confirmSignatureName('Tess Lovelace')
    await signing.seeOverlay('Signed')
    const profile = new ProfilePage(page)
    await signing.clickOverlayButton('Done')
    await profile.seeDialog('How did signing go?')
    const survey = profile.dialog
    await expect(survey.getByRole('group', { name: 'How easy was it to sign this document?' })).toBeVisible()
    await expect(survey.getByRole('radio')).toHaveCount(5)
    await page.screenshot({ path: testInfo.outputPath('transactional-survey.png') })
    await testInfo.attach('transactional survey', {
      path: testInfo.outputPath('transactional-survey.png'),
      contentType: 'image/png',
    })
    await survey.getByRole('radio', { name: '5', exact: true }).check()
    await profile.clickInDialog('Send answer')
    await profile.seeSnackbar('Thank you for your answer')
    expect(await dueFor(page, server.url)).toEqual([])
  })
})
