import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { LoginPage } from './pages/login-page.ts'
import { mailCount, mailedAppLink } from './pages/mail-outbox.ts'
import { PasswordResetPage } from './pages/password-reset-page.ts'
import { ProfilePage } from './pages/profile-page.ts'
import { SignupPage } from './pages/signup-page.ts'
import { confirmationToken, createAccount, savedLanguage, signInTab } from './pages/test-account.ts'

const freshAddress = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`
const password = 'Analytical engine 1843'
const newPassword = 'Difference engine 1822'

test.describe('accounts', () => {
  test('a new user signs up, signs out, signs in with remember-me and resets a forgotten password', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const email = freshAddress('ada')
    const signup = new SignupPage(page)

    await signup.openSignup()
    await signup.requestLink(email)
    await signup.seeMailSent(email)

    await page.goto(await mailedAppLink(request, email, '/signup/confirm'))
    await signup.seeStep('Your name')
    await signup.clickNext()
    await signup.seeFieldError('First name', 'This field is required.')
    await signup.seeFocusOn('First name')
    await signup.fillNames('Ada', 'Lovelace')
    await signup.clickNext()

    await signup.seeStep('Your password')
    await signup.fillPassword('short1')
    await signup.seePasswordFeedback('Use at least 10 characters.')
    await signup.clickNext()
    await signup.seeFieldError('Password', 'Use at least 10 characters.')
    await signup.clickBack()
    await signup.seeStep('Your name')
    await expect(page.getByLabel('Last name')).toHaveValue('Lovelace')
    await signup.clickNext()
    await signup.fillPassword(password)
    await signup.seePasswordFeedback('This password meets the rules.')
    await signup.clickNext()

    await signup.seeStep('Terms')
    await signup.clickCreateAccount()
    await signup.seeFieldError('I accept the general terms and conditions.', 'This field is required.')
    await signup.acceptTerms()
    await signup.clickCreateAccount()
    await signup.seeWelcome('Ada')
    await signup.clickGoToDashboard()
    await signup.seeDashboard()

    await signup.signOut()
    expect(await signup.storedSession()).toBeNull()

    const login = new LoginPage(page)
    await login.signIn(email, 'Not the password 1')
    await login.seeFormError('The e-mail address or password is not correct.')
    await login.signIn(email, password, { rememberMe: true })
    await login.seeDashboard()
    const stored = await login.storedSession()
    expect(stored?.rememberMe).toBe(true)
    // SPEC §9: 48 h with remember-me.
    expect(stored?.expiresAt ?? 0).toBeGreaterThan(Date.now() + 47 * 3_600_000)
    await login.signOut()

    const reset = new PasswordResetPage(page)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await reset.seeHeading('Reset your password')
    await reset.requestLink(email)
    await reset.seeMailSent(email)
    // As long as the mail says its link lasts.
    await expect(page.getByText('The link is valid for 1 hour.')).toBeVisible()
    await page.goto(await mailedAppLink(request, email, '/password-reset/new'))
    await reset.chooseNewPassword(newPassword, 'Something else 123')
    await reset.seeFieldError('Repeat the new password', 'The passwords do not match.')
    await reset.seeFocusOn('Repeat the new password')
    await reset.chooseNewPassword(newPassword)
    await reset.seeDone()
    await reset.clickSignInAfterReset()
    await reset.signIn(email, password)
    await reset.seeFormError('The e-mail address or password is not correct.')
    await reset.signIn(email, newPassword)
    await reset.seeDashboard()
  })

  test('a signed-out visit to /dashboard goes to sign-in and back after signing in', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    const login = new LoginPage(page)
    await login.open('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    await login.seeHeading('Sign in')
    await login.signIn(account.email, account.password)
    await login.seeDashboard()
  })

  test('a redirect to another site is ignored after signing in', async ({ page, request }) => {
    const account = await createAccount(request)
    const login = new LoginPage(page)
    await login.openLogin(`?redirect=${encodeURIComponent('https://evil.example/')}`)
    await login.signIn(account.email, account.password)
    await login.seeDashboard()
  })

  test('SPEC §5: the login query e-mail is lowercased, and kept only when valid', async ({ page }) => {
    const login = new LoginPage(page)
    await login.openLogin('?email=Ada.Lovelace%40Example.COM')
    await login.seeEmail('ada.lovelace@example.com')
    await login.openLogin('?email=not-an-address')
    await login.seeEmail('')
  })

  test('bad input on the sign-in form shows the field messages and focuses the first', async ({ page }) => {
    const login = new LoginPage(page)
    await login.openLogin()
    await login.clickSignIn()
    await login.seeFieldError('E-mail address', 'This field is required.')
    await login.seeFieldError('Password', 'This field is required.')
    await login.seeFocusOn('E-mail address')
    await login.signIn('ada@', 'whatever')
    await login.seeFieldError('E-mail address', 'Please enter a valid e-mail address.')
    await login.signIn(freshAddress('nobody'), 'Whatever 12345')
    await login.seeFormError('The e-mail address or password is not correct.')
  })

  test('bad addresses on the signup and reset forms are refused and mail nothing', async ({
    page,
    request,
  }) => {
    const signup = new SignupPage(page)
    await signup.openSignup()
    await signup.requestLink('ada@@example.com')
    await signup.seeFieldError('E-mail address', 'Please enter a valid e-mail address.')
    await expect(page).toHaveURL(/\/signup$/)

    const reset = new PasswordResetPage(page)
    await reset.openReset()
    await reset.requestLink('')
    await reset.seeFieldError('E-mail address', 'This field is required.')
    await expect(page).toHaveURL(/\/password-reset$/)

    // Answers never tell whether an address has an account: an unknown one looks the same, mails nothing.
    const unknown = freshAddress('unknown')
    await reset.requestLink(unknown)
    await reset.seeMailSent(unknown)
    expect(await mailCount(request, unknown)).toBe(0)
  })

  test('registration with a too-short password is refused with its message and creates nothing', async ({
    page,
    request,
  }) => {
    const email = freshAddress('short')
    const token = await confirmationToken(request, email, 'signup', '/signup/confirm')
    const refused = await request.post('/api/v1/register', {
      data: { first_name: 'Ada', last_name: 'Lovelace', password: 'short1', token, gtc: true },
    })
    expect(refused.status()).toBe(400)
    expect(await refused.json()).toMatchObject({ code: 'password.too_short', field: 'password' })
    const login = await request.post('/api/v1/login', { data: { email, password: 'short1' } })
    expect(login.status()).toBe(401)

    // The link still works: nothing was used up by the refused attempt.
    const signup = new SignupPage(page)
    await signup.open(`/signup/confirm?token=${encodeURIComponent(token)}`)
    await signup.seeStep('Your name')
    await signup.fillNames('Ada', 'Lovelace')
    await signup.clickNext()
    await signup.fillPassword('0123456789012')
    await signup.clickNext()
    await signup.seeFieldError('Password', 'Use at least one letter.')
  })

  test('a used or unknown signup link says so and offers a new one', async ({ page }) => {
    const signup = new SignupPage(page)
    await signup.open('/signup/confirm?token=not-a-real-token')
    await signup.seeHeading('This link is not valid any more')
    await page.getByRole('link', { name: 'Request a new link' }).click()
    await signup.seeHeading('Create your account')
  })

  test('/expired offers to sign in again and keeps where the user was', async ({ page, request }) => {
    const account = await createAccount(request)
    const login = new LoginPage(page)
    await login.open('/expired?redirect=%2Fprofile')
    await login.seeHeading('Your session has expired')
    await page.getByRole('link', { name: 'Sign in again' }).click()
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/)
    await login.signIn(account.email, account.password)
    await expect(page).toHaveURL(/\/profile$/)
  })

  test('SPEC §8: a session ended elsewhere sends the next action to the sign-in, which resumes the page', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await signInTab(page, account)
    const profile = new ProfilePage(page)
    await profile.open('/profile')
    await profile.seeName('Ada Lovelace')
    // The screen's own calls are answered first (the referral token is asked once a signed-in account's screen
    // shows): what this journey checks is the next action the user takes, not a call already under way.
    await page.waitForLoadState('networkidle')
    // Signed out in another place: the token this tab holds is no longer good.
    const logout = await request.post('/api/v1/logout', {
      headers: { Authorization: `Bearer ${account.token}` },
    })
    expect(logout.ok()).toBe(true)

    await profile.editNames('Grace', 'Hopper')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/)
    const login = new LoginPage(page)
    await login.signIn(account.email, account.password)
    await expect(page).toHaveURL(/\/profile$/)
    await profile.seeName('Ada Lovelace')
  })

  test('the language picked on the sign-in page stays after signing in and is saved to the account', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    const login = new LoginPage(page)
    await login.openLogin()
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' })
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-ch')
    await page.locator('input[name="email"]').fill(account.email)
    await page.locator('input[name="password"]').fill(account.password)
    await page.locator('form button[type="submit"]').click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-ch')
    await expect.poll(() => savedLanguage(request, account)).toEqual(['de-ch'])
  })

  test('a remember-me session opens a new tab signed in; signing out there ends it for new tabs', async ({
    page,
    context,
    request,
  }) => {
    const account = await createAccount(request)
    const login = new LoginPage(page)
    await login.openLogin()
    await login.signIn(account.email, account.password, { rememberMe: true })
    await login.seeDashboard()

    const second = new LoginPage(await context.newPage())
    await second.open('/profile')
    await expect(second.page).toHaveURL(/\/profile$/)
    await second.signOut()

    const third = new LoginPage(await context.newPage())
    await third.open('/profile')
    await expect(third.page).toHaveURL(/\/login\?redirect=%2Fprofile$/)
  })

  test('a page whose user could not be loaded (offline) keeps the session: the next load is signed in', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await signInTab(page, account)
    const userCall = (url: URL) => url.pathname === '/api/v1/user'
    await page.route(userCall, (route) => route.abort('internetdisconnected'))
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login/)
    await page.unroute(userCall)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('only a real sign-out shows the signed-out note on the sign-in page', async ({ page }) => {
    const login = new LoginPage(page)
    await login.open('/sorry')
    await login.openLogin()
    await expect(page.getByText('You have been signed out.')).toHaveCount(0)
    await login.openLogin('?logged-out')
    await login.seeSignedOutNote()
  })

  test("a stranger's wrong passwords from elsewhere do not lock the owner out", async ({ page, request }) => {
    const account = await createAccount(request)
    for (let i = 0; i < 8; i++) {
      const guess = await request.post('/api/v1/login', {
        data: { email: account.email, password: `Stranger guess ${i}` },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      })
      expect([401, 429]).toContain(guess.status())
    }
    const login = new LoginPage(page)
    await login.openLogin()
    await login.signIn(account.email, account.password)
    await login.seeDashboard()
  })

  test('wrong passwords warn before the pause, which says how long in words and offers a reset', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    const login = new LoginPage(page)
    await login.openLogin()
    const tryPassword = async (password: string) => {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/login'))
      await login.signIn(account.email, password)
      await answered
    }
    for (let i = 0; i < 3; i++) {
      await tryPassword(`Not my password ${i}`)
      await login.seeFormError('The e-mail address or password is not correct.')
    }
    await tryPassword('Not my password 3')
    await login.seeFormError(/One more wrong try pauses signing in for a while/)
    await tryPassword('Not my password 4')
    await tryPassword(account.password)
    await login.seeFormError(
      /Too many wrong passwords. You can try again in \d+ seconds, or reset your password now/,
    )
    await page.getByRole('alert').getByRole('link', { name: 'Reset your password' }).click()
    await expect(page).toHaveURL(/\/password-reset\?email=/)
    await expect(page.getByLabel('E-mail address')).toHaveValue(account.email)
  })

  test('SPEC §6: /bye shows once, right after the account was deleted', async ({ page }) => {
    const login = new LoginPage(page)
    await login.open('/bye')
    await expect(page).toHaveURL(/\/login/)
    await page.evaluate(() => sessionStorage.setItem('accountDeleted', '1'))
    await login.open('/bye')
    await login.seeHeading('Your account has been deleted')
    await page.reload()
    await expect(page).toHaveURL(/\/login/)
  })

  for (const path of ['/login', '/signup', '/password-reset', '/signup/steps?token=any']) {
    test(`axe finds no serious violation on ${path}`, async ({ page }) => {
      const app = new LoginPage(page)
      await app.open(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await app.seeNoSeriousAccessibilityViolations()
    })
  }
})
