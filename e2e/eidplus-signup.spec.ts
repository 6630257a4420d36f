import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { mailedAppLink } from './pages/mail-outbox.ts'
import { SignupPage } from './pages/signup-page.ts'

test.describe('eID+ sign-up', () => {
  test('a visitor signs up through the eID+ link and lands on choosing the legislation', async ({
    page,
    request,
  }, testInfo) => {
    const email = `eidplus-${randomUUID().slice(0, 8)}@example.com`
    const signup = new SignupPage(page)
    await signup.open('/signup/flows/eidplus/new')
    await signup.seeHeading('Create your account and get identified')
    await testInfo.attach('eidplus new', { body: await page.screenshot(), contentType: 'image/png' })
    await signup.requestLink(email)
    await expect(page).toHaveURL(/\/signup\/flows\/eidplus\/new\?email=/)
    await signup.seeHeading('Check your inbox')
    await expect(page.getByText(email)).toBeVisible()

    await page.goto(await mailedAppLink(request, email, '/signup/flows/eidplus/confirm'))
    await expect(page.getByRole('form', { name: 'Your name' })).toBeVisible()
    await expect(page.getByText(`Your address ${email} is confirmed.`)).toBeVisible()
    await signup.fillNames('Ida', 'Plus')
    await signup.clickNext()
    await expect(page.getByRole('form', { name: 'Your password' })).toBeVisible()
    await signup.fillPassword('Correct horse 42 battery')
    await signup.clickNext()
    await expect(page.getByRole('form', { name: 'Terms' })).toBeVisible()
    await signup.acceptTerms()
    await testInfo.attach('eidplus terms', { body: await page.screenshot(), contentType: 'image/png' })
    await signup.clickCreateAccount()

    await expect(page).toHaveURL(/\/profile\/signature-standards\/legislation$/)
    const session = await page.evaluate(() => sessionStorage.getItem('accessToken'))
    expect(session).not.toBeNull()
    const token = (JSON.parse(session ?? '{}') as { token: string }).token
    const user = await request.get('/api/v1/user', { headers: { Authorization: `Bearer ${token}` } })
    expect(await user.json()).toMatchObject({ email, first_name: 'Ida', last_name: 'Plus' })
  })

  test('a used or unknown eID+ link offers a new one from the eID+ start', async ({ page }) => {
    await page.goto('/signup/flows/eidplus/confirm?token=not-a-real-token')
    await expect(page.getByRole('heading', { name: 'This link is not valid any more' })).toBeVisible()
    await page.getByRole('link', { name: 'Request a new link' }).click()
    await expect(page).toHaveURL(/\/signup\/flows\/eidplus\/new$/)
  })
})
