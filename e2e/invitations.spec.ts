import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { openBusiness } from './pages/business-api.ts'
import { BusinessPage } from './pages/business-page.ts'
import { InvitationPage } from './pages/invitation-page.ts'
import { mailedAppLink } from './pages/mail-outbox.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'

const invitePath = /^\/invite\/[0-9a-f-]{36}$/
const password = 'Correct horse 42 battery'

/** An admin with a business of their own, signed in in a tab of their own on its members page. */
async function adminOnMembersPage(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  name: string,
) {
  const admin = await createAccount(request, 'Grace')
  await openBusiness(request, admin, name)
  const tab = new BusinessPage(await (await browser.newContext()).newPage())
  await signInTab(tab.page, admin, baseURL)
  await tab.open(`${baseURL}/business/members`)
  await tab.seeHeading('Members')
  return tab
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name.replace(/\W+/g, '-')}.png`)
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

/** The invitee accepts through the invitation dialog (SPEC §6) and is a member of `business` afterwards. */
async function joinThroughDialog(page: Page, business: string) {
  const member = new BusinessPage(page)
  await member.seeDialog(`Join ${business}?`)
  await member.clickInDialog(`Join ${business}`)
  await expect(page).toHaveURL(/\/dashboard$/)
  await member.seeSnackbar('You joined the business')
  await member.seeNavigationToBusiness(business)
}

test.describe('business invitations', () => {
  test('an invitee without an account sees who invites to which business, creates an account there and joins', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const business = `Invite AG ${randomUUID().slice(0, 6)}`
    const inviteeEmail = `invitee-${randomUUID().slice(0, 8)}@example.com`
    const admin = await adminOnMembersPage(browser, request, baseURL ?? '', business)
    await admin.invite(inviteeEmail)
    await admin.seeSnackbar('Invitation sent')
    await admin.seeInvitation(inviteeEmail)

    // The mailed link opens a page that says who invites to which business, with the address filled in.
    const invitee = new InvitationPage(page)
    const link = await mailedAppLink(request, inviteeEmail, invitePath)
    await invitee.open(link)
    await invitee.seeInvitation('Grace Lovelace', business, inviteeEmail)
    await invitee.seeNoSeriousAccessibilityViolations()
    await attachScreenshot(page, testInfo, 'invitation landing (desktop)')
    await page.setViewportSize({ width: 390, height: 844 })
    await invitee.seeInvitation('Grace Lovelace', business, inviteeEmail)
    await attachScreenshot(page, testInfo, 'invitation landing (390 x 844)')
    await page.setViewportSize({ width: 1280, height: 720 })

    // "Create an account" mails the confirmation to the invited address; its link comes back to the invitation.
    await invitee.chooseCreateAnAccount()
    await invitee.seeMailSent(inviteeEmail)
    await invitee.open(await mailedAppLink(request, inviteeEmail, '/signup/confirm'))
    await invitee.seeStep('Your name')
    await invitee.fillNames('Nova', 'Newcomer')
    await invitee.clickNext()
    await invitee.fillPassword(password)
    await invitee.clickNext()
    await invitee.acceptTerms()
    await invitee.clickCreateAccount()
    await expect(page).toHaveURL(new RegExp(`${link}$`))
    await joinThroughDialog(page, business)

    // The admin sees the newcomer among the members, no longer among the invitations.
    await admin.page.reload()
    await admin.seePerson(inviteeEmail, 'Member')
    await expect(
      admin.page.getByRole('region', { name: 'Open invitations' }).getByText(inviteeEmail),
    ).toHaveCount(0)
  })

  test('an invitee with an account signs in on the invitation page and joins', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const business = `Sign-in GmbH ${randomUUID().slice(0, 6)}`
    const colleague: TestAccount = await createAccount(request)
    const admin = await adminOnMembersPage(browser, request, baseURL ?? '', business)
    await admin.invite(colleague.email)
    await admin.seeSnackbar('Invitation sent')

    const invitee = new InvitationPage(page)
    await invitee.open(await mailedAppLink(request, colleague.email, invitePath))
    await invitee.seeInvitation('Grace Lovelace', business, colleague.email)
    await invitee.signInWithPassword(colleague.password)
    await joinThroughDialog(page, business)
  })

  test('a withdrawn invitation says so and what to do', async ({ page, browser, request, baseURL }) => {
    const business = `Withdrawn SA ${randomUUID().slice(0, 6)}`
    const inviteeEmail = `withdrawn-${randomUUID().slice(0, 8)}@example.com`
    const admin = await adminOnMembersPage(browser, request, baseURL ?? '', business)
    await admin.invite(inviteeEmail)
    await admin.seeInvitation(inviteeEmail)
    const link = await mailedAppLink(request, inviteeEmail, invitePath)
    await admin.page.getByRole('button', { name: `Withdraw the invitation to ${inviteeEmail}` }).click()
    await expect(admin.page.getByText(inviteeEmail)).toHaveCount(0)

    const invitee = new InvitationPage(page)
    await invitee.open(link)
    await invitee.seeNoLongerOpen()
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
  })
})
