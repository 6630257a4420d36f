import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { e2eOperatorToken } from './operator-token.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { BusinessPage } from './pages/business-page.ts'
import { mailedAppLink } from './pages/mail-outbox.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { SignupPage } from './pages/signup-page.ts'
import { createAccount, mailedLink, signInAgain, signInTab, type TestAccount } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

// The journey moves the server's clock a month ahead, so it has a server of its own: the shared ones keep
// their time for the journeys running beside it.
test.describe('business accounts', () => {
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

  /** A tab of its own for `account`, signed in as the app keeps a session. */
  async function tabOf(browser: Browser, account: TestAccount): Promise<BusinessPage> {
    const page = await (await browser.newContext()).newPage()
    await signInTab(page, account, server.url)
    return new BusinessPage(page)
  }

  async function acceptInvitation(page: Page, business: BusinessPage, email: string, name: string) {
    await business.open(`${server.url}${pathOfInvite(await inviteLink(email))}`)
    await business.seeDialog(`Join ${name}?`)
    await business.clickInDialog(`Join ${name}`)
    await expect(page).toHaveURL(/\/dashboard$/)
    await business.seeSnackbar('You joined the business')
    await business.seeNavigationToBusiness(name)
  }

  async function inviteLink(email: string): Promise<string> {
    let link = ''
    await expect
      .poll(async () => {
        const list = (await (await api.get('/api/dev/outbox')).json()) as {
          mails: { id: string; to: string; subject: string }[]
        }
        const mail = list.mails.find((m) => m.to === email && m.subject.includes('invites you'))
        if (!mail) return ''
        const read = (await (await api.get(`/api/dev/outbox/${mail.id}`)).json()) as { links: string[] }
        link = read.links.find((l) => l.includes('/invite/')) ?? ''
        return link
      })
      .not.toBe('')
    return link
  }
  const pathOfInvite = (link: string) => new URL(link).pathname

  /** The invitation mails `email` received so far. */
  async function inviteMails(email: string) {
    const list = (await (await api.get('/api/dev/outbox')).json()) as {
      mails: { to: string; subject: string }[]
    }
    return list.mails.filter((m) => m.to === email && m.subject.includes('invites you'))
  }

  test('a team opens a business, brings people in, changes roles, and closes it', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000)
    const suffix = randomUUID().slice(0, 8)
    const founderEmail = `founder-${suffix}@acme.example`
    const password = 'Correct horse 42 battery'

    // A visitor opens a business through /business/signup: the address, the mailed link, the account, the company.
    const signup = new SignupPage(page)
    const admin = new BusinessPage(page)
    await signup.open(`${server.url}/business/signup`)
    await signup.seeHeading('Open a business account')
    await signup.requestLink(founderEmail)
    await expect(page).toHaveURL(/\/business\/signup\/mail-sent/)
    await signup.open(await mailedLink(api, founderEmail))
    await signup.seeStep('Your name')
    await signup.fillNames('Grace', 'Hopper')
    await signup.clickNext()
    await signup.fillPassword(password)
    await signup.clickNext()
    await signup.acceptTerms()
    await signup.clickCreateAccount()
    await admin.seeHeading('Open a business account')
    await admin.fillCompany({ name: 'Acme AG', address: 'Bahnhofstrasse 1', postalCode: '', city: 'Zürich' })
    await admin.clickOpenBusiness()
    await admin.seeFieldError('Postal code', 'This field is required.')
    await page.getByLabel('Postal code').fill('8001')
    await admin.clickOpenBusiness()
    await admin.seeHeading('Your business account is ready')
    await expect(page.getByText(/Your free trial runs until/)).toBeVisible()

    // Two invitations: one address has an account, the other not yet.
    const colleague = await createAccount(api)
    const newcomerEmail = `newcomer-${suffix}@acme.example`
    await page.getByRole('navigation', { name: 'Business' }).getByRole('link', { name: 'Members' }).click()
    await admin.seeHeading('Members')
    await admin.invite(`${colleague.email}, ${newcomerEmail}`)
    await admin.seeSnackbar('Invitation sent')
    await admin.seeInvitation(colleague.email)
    await admin.seeInvitation(newcomerEmail)
    await admin.seeNoSeriousAccessibilityViolations()
    await testInfo.attach('members (admin)', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })

    // The colleague joins through the mailed link, and as a member is refused the admin pages.
    const colleagueTab = await tabOf(browser, colleague)
    await acceptInvitation(colleagueTab.page, colleagueTab, colleague.email, 'Acme AG')
    await colleagueTab.open(`${server.url}/business/settings`)
    await expect(colleagueTab.page).toHaveURL(/\/dashboard$/)
    await colleagueTab.seeSnackbar('Only the admins of your business can open that page.')

    // The newcomer follows the mailed link, has no account, creates one from there for the invited address and
    // comes back to the invitation; put off, the link itself asks again until they answer.
    const newcomerPage = await (await browser.newContext()).newPage()
    const newcomerSignup = new SignupPage(newcomerPage)
    await newcomerSignup.open(`${server.url}${pathOfInvite(await inviteLink(newcomerEmail))}`)
    await newcomerSignup.seeHeading('Grace Hopper invites you to join Acme AG')
    await newcomerPage.getByRole('button', { name: 'Create an account' }).click()
    await newcomerSignup.seeMailSent(newcomerEmail)
    await newcomerSignup.open(`${server.url}${await mailedAppLink(api, newcomerEmail, '/signup/confirm')}`)
    await newcomerSignup.seeStep('Your name')
    await newcomerSignup.fillNames('Nova', 'Newcomer')
    await newcomerSignup.clickNext()
    await newcomerSignup.fillPassword(password)
    await newcomerSignup.clickNext()
    await newcomerSignup.acceptTerms()
    await newcomerSignup.clickCreateAccount()
    const newcomer = new BusinessPage(newcomerPage)
    await newcomer.seeDialog('Join Acme AG?')
    await newcomer.clickInDialog('Later')
    await acceptInvitation(newcomerPage, newcomer, newcomerEmail, 'Acme AG')

    // The admin makes the colleague an admin and removes the newcomer.
    await page.reload()
    await admin.seePerson(colleague.email, 'Member')
    await admin.seePerson(newcomerEmail, 'Member')
    await admin.select(colleague.email)
    await admin.clickToolbar('Make admin')
    await admin.seePerson(colleague.email, 'Admin')
    await admin.select(newcomerEmail)
    await admin.clickToolbar('Remove')
    await admin.seeDialog('Remove 1 person?')
    await admin.clickInDialog('Remove')
    await admin.seeNoPerson(newcomerEmail)

    // The newcomer is told once, then signs on their own account.
    await newcomer.page.reload()
    await newcomer.seeDialog('You are no longer a member of Acme AG')
    await newcomer.clickInDialog('OK')
    await newcomer.seeNoDialog()
    await newcomer.page.reload()
    await newcomer.seeHeading(/.+/)
    await newcomer.seeNoDialog()

    // The colleague sent a request while in the business; it stays theirs after the business goes.
    const requestId = await createDraft(api, colleague, 'Supplier contract', [])
    await addDocument(api, colleague, requestId, await onePagePdf('supplier-contract.pdf'))

    // Scheduled for deletion, taken back, scheduled again.
    await admin.open(`${server.url}/business/profile`)
    await admin.seeHeading('Business profile')
    await page.getByRole('button', { name: 'Delete business' }).click()
    await admin.seeDialog('Delete Acme AG?')
    await admin.clickInDialog('Delete business')
    await expect(page.getByText(/The business will be deleted on/)).toBeVisible()
    await page.getByRole('button', { name: 'Keep the business' }).click()
    await admin.seeDialog('Keep Acme AG?')
    await admin.clickInDialog('Keep the business')
    await expect(page.getByRole('button', { name: 'Delete business' })).toBeVisible()
    await page.getByRole('button', { name: 'Delete business' }).click()
    await admin.clickInDialog('Delete business')
    await expect(page.getByText(/The business will be deleted on/)).toBeVisible()
    await testInfo.attach('business profile, deletion scheduled', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })

    // A month later the job has deleted it; its people sign in again to plain accounts.
    const moved = await api.post('/api/dev/clock', { data: { advance_seconds: 31 * 24 * 60 * 60 } })
    expect(moved.ok(), await moved.text()).toBe(true)
    const founder = await signInAgain(api, { email: founderEmail, password, token: '' })
    await expect
      .poll(async () =>
        (
          await api.get('/api/v2/businesses/user', { headers: { Authorization: `Bearer ${founder.token}` } })
        ).status(),
      )
      .toBe(404)
    const founderTab = await tabOf(browser, founder)
    await founderTab.open(`${server.url}/dashboard`)
    await founderTab.seeDialog('Acme AG has been deleted')
    await founderTab.clickInDialog('OK')
    const colleagueAgain = await tabOf(browser, await signInAgain(api, colleague))
    await colleagueAgain.open(`${server.url}/dashboard`)
    await colleagueAgain.seeDialog('Acme AG has been deleted')
    await colleagueAgain.clickInDialog('OK')
    await expect(colleagueAgain.page.getByText('Supplier contract')).toBeVisible()
    await expect(
      colleagueAgain.page.getByRole('navigation', { name: 'Main' }).getByText('Acme AG'),
    ).toHaveCount(0)
  })

  test('an admin keeps domains, settings and a logo; the business pages fit a phone and speak German', async ({
    page,
  }, testInfo) => {
    // A long journey (domains, settings, logo, phone, German, plan, trial end, a member leaving): two minutes,
    // as a busy two-core machine has taken a minute for it.
    test.setTimeout(120_000)
    const admin = await createAccount(api)
    const opened = await api.post('/api/v2/businesses', {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: {
        name: 'Logo GmbH',
        email: admin.email,
        billing: { address1: 'Hauptstrasse 2', city: 'Bern', postal_code: '3011', country: 'CH' },
      },
    })
    expect(opened.ok(), await opened.text()).toBe(true)
    const businessId = ((await opened.json()) as { id: string }).id
    const business = await tabOf(page.context().browser() as Browser, admin)
    const { page: tab } = business

    await business.open(`${server.url}/business/members/domains`)
    await business.seeHeading('Domains')
    await tab.getByLabel('Domain', { exact: true }).fill('not a domain')
    await tab.getByRole('button', { name: 'Add', exact: true }).click()
    await business.seeFieldError('Domain', 'Enter a domain such as example.com.')
    await tab.getByLabel('Domain', { exact: true }).fill(`logo-${randomUUID().slice(0, 8)}.example`)
    await tab.getByRole('button', { name: 'Add', exact: true }).click()
    await business.seeSnackbar('Domain added')
    await expect(
      tab.getByRole('region', { name: 'Your domains' }).getByText(/^logo-.*\.example$/),
    ).toBeVisible()

    await business.open(`${server.url}/business/settings`)
    await business.seeHeading('Settings')
    await tab.getByLabel('Choose a logo').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#1a56db"/><text x="20" y="65" font-size="48" fill="white">Logo</text></svg>',
      ),
    })
    // The logo waits for "Save settings" like every other setting (issue 39 §1), shown as chosen meanwhile.
    const logo = tab.getByRole('img', { name: 'Logo of Logo GmbH' })
    await expect(logo).toBeVisible()
    await expect(tab.getByRole('status').filter({ hasText: 'Changes not saved yet' })).toBeVisible()
    await tab.getByLabel('Support phone').fill('not a phone')
    await tab.getByRole('button', { name: 'Save settings' }).click()
    await business.seeFieldError('Support phone', 'This value does not have a valid format.')
    await tab.getByLabel('Support phone').fill('+41 31 123 45 67')
    await tab.getByLabel('Attach the signature report to the completion mail').check()
    const guidanceCalls: string[] = []
    tab.on('request', (sent) => {
      if (new URL(sent.url()).hostname.endsWith('userpilot.io')) guidanceCalls.push(sent.url())
    })
    await tab.getByLabel('Show the in-app guidance to our members').check()
    await tab.getByRole('button', { name: 'Save settings' }).click()
    await business.seeSnackbar('Settings saved')
    await expect(tab.getByRole('status').filter({ hasText: 'Changes not saved yet' })).toHaveCount(0)
    await tab.reload()
    await expect(tab.getByLabel('Support phone')).toHaveValue('+41 31 123 45 67')
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await expect(tab.getByLabel('Attach the signature report to the completion mail')).toBeChecked()
    await expect(tab.getByLabel('Show the in-app guidance to our members')).toBeChecked()
    // SPEC §7: without GUIDANCE_TOKEN nothing of the guidance service is loaded, even with the switch on.
    expect(guidanceCalls).toEqual([])
    await business.seeNoSeriousAccessibilityViolations()

    // Someone asked to sign by the business sees its logo and name on the request.
    const client = await createAccount(api, 'Kim')
    const requestId = await createDraft(api, admin, 'Supply contract', [client.email])
    await addDocument(api, admin, requestId, await onePagePdf('supply.pdf'))
    const sent = await api.post(`/api/v3/signature-requests/${requestId}/initiate`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    })
    expect(sent.ok(), await sent.text()).toBe(true)
    const signer = await tabOf(page.context().browser() as Browser, client)
    await signer.open(`${server.url}/view/${requestId}`)
    const brand = signer.page.getByRole('img', { name: 'Logo of Logo GmbH' })
    await expect(brand).toBeVisible()
    expect(await brand.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await expect(signer.page.getByText(`Sent by ${admin.email} for Logo GmbH`)).toBeVisible()
    await signer.page.close()

    // A member joins (through the API here; the first journey shows the screens).
    const member = await createAccount(api)
    const invited = await api.post(`/api/v1/businesses/${businessId}/members`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { users: [member.email] },
    })
    expect(invited.ok(), await invited.text()).toBe(true)
    const joined = await api.post('/api/v1/user/accept', {
      headers: { Authorization: `Bearer ${member.token}` },
      data: { business_invite: true },
    })
    expect(joined.ok(), await joined.text()).toBe(true)

    // Billing shows the trial and prices the plans for the business's two seats.
    await business.open(`${server.url}/business/billing`)
    await business.seeHeading('Billing')
    await expect(tab.getByText(/^Your trial ends on .+\. After that your members sign/)).toBeVisible()
    await expect(
      tab.getByText('2 people and invitations of your business use a seat', { exact: false }),
    ).toBeVisible()
    await tab.getByRole('link', { name: 'Choose a plan' }).click()
    await business.seeHeading('Plans')
    // In Switzerland, so in CHF until its first payment chooses the currency for good.
    const team = tab.getByRole('article', { name: 'Team' })
    await expect(team.getByText('CHF 250.00 per seat and year')).toBeVisible()
    await expect(team.getByText('For 2 seats: CHF 500.00 a year')).toBeVisible()
    await tab.getByLabel('Monthly').check()
    await expect(team.getByText('For 2 seats: CHF 50.00 a month')).toBeVisible()
    await expect(tab.getByRole('article', { name: 'Individual' }).getByText('Not for 2 seats')).toBeVisible()
    // Chosen, the plan is priced by the server for the business in Switzerland: Swiss VAT on top.
    await tab.getByLabel('Yearly (two months free)').check()
    await team.getByRole('button', { name: 'Choose Team' }).click()
    const preview = tab.getByRole('region', { name: 'What you pay' })
    await expect(preview.getByText('VAT 8.1%')).toBeVisible()
    await expect(preview.getByText('CHF 40.50')).toBeVisible()
    await expect(preview.getByText('CHF 540.50', { exact: true })).toBeVisible()
    await expect(preview.getByText(/Then CHF\s540\.50 a year from/)).toBeVisible()

    // Fifteen days later the trial is over: the admin is held on the members page, the member told (SPEC §6).
    const moved = await api.post('/api/dev/clock', { data: { advance_seconds: 15 * 24 * 60 * 60 } })
    expect(moved.ok(), await moved.text()).toBe(true)
    const later = await tabOf(page.context().browser() as Browser, await signInAgain(api, admin))
    await later.open(`${server.url}/business/settings`)
    await expect(later.page).toHaveURL(/\/business\/members$/)
    await expect(later.page.getByText(/Your free trial has ended/)).toBeVisible()
    const memberLater = await tabOf(page.context().browser() as Browser, await signInAgain(api, member))
    await memberLater.open(`${server.url}/dashboard`)
    await memberLater.seeDialog('Logo GmbH is locked')
    await memberLater.clickInDialog('OK')
    await memberLater.seeNoDialog()
    // The member leaves from their profile and is on their own account at once.
    await memberLater.open(`${server.url}/profile`)
    await memberLater.page.getByRole('button', { name: 'Leave business' }).click()
    await memberLater.seeDialog('Leave Logo GmbH?')
    await memberLater.clickInDialog('Leave business')
    // Leaving downgrades the account like a removal does, and says so once (issue 13).
    await memberLater.seeDialog('You are no longer a member of Logo GmbH')
    await memberLater.clickInDialog('OK')
    await expect(memberLater.page.getByRole('link', { name: 'Open a business account' })).toBeVisible()

    // Invitations on the members page can be sent again and withdrawn.
    const invitee = `invitee-${randomUUID().slice(0, 8)}@logo.example`
    await later.invite(invitee)
    await later.seeInvitation(invitee)
    await later.clickCloseSnackbar()
    await later.page.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click()
    await later.seeSnackbar('Invitation sent')
    await later.clickCloseSnackbar()
    await expect.poll(async () => (await inviteMails(invitee)).length).toBe(2)
    await later.page.getByRole('button', { name: `Withdraw the invitation to ${invitee}` }).click()
    await later.seeSnackbar('Invitation withdrawn')
    await expect(later.page.getByText(invitee)).toHaveCount(0)
    await later.seeNoPerson(member.email)

    await later.page.setViewportSize({ width: 390, height: 844 })
    await later.open(`${server.url}/business/members`)
    await later.seeHeading('Members')
    const overflow = await later.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    await testInfo.attach('members (phone)', {
      body: await later.page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    await later.chooseLanguage('Deutsch')
    await later.seeHeading('Mitglieder')
    await testInfo.attach('members (phone, German)', {
      body: await later.page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
  })
})
