import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test'

/** An account made for one test through the real API. */
export interface TestAccount {
  email: string
  password: string
  token: string
}

/** The first link of the newest mail to `email` in the development outbox (the mail may take a moment). */
export async function mailedLink(request: APIRequestContext, email: string): Promise<string> {
  let id: string | undefined
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/dev/outbox')).json()) as {
        mails?: { id: string; to: string }[]
      }
      // A busy server answers an error, not the list: asked again, as for a mail not there yet.
      id = list.mails?.find((mail) => mail.to.includes(email))?.id
      return id
    })
    .toBeDefined()
  const mail = (await (await request.get(`/api/dev/outbox/${id}`)).json()) as { links: string[] }
  const link = mail.links.find((l) => l.includes('token='))
  if (!link) throw new Error(`the mail to ${email} has no link with a token`)
  return link
}

/** Asks for a confirmation link (signup or e-mail change) and answers its token. */
export async function confirmationToken(
  request: APIRequestContext,
  email: string,
  flow: 'signup' | 'change_email',
  confirm: string,
): Promise<string> {
  const asked = await request.post('/api/v1/request-confirmation', {
    data: { email, flow, confirm, lang: 'en-gb' },
  })
  expect(asked.ok()).toBe(true)
  return new URL(await mailedLink(request, email)).searchParams.get('token') ?? ''
}

/** Signs a new user up the way the app does: confirmation mail, its link's token, then register. */
export async function createAccount(
  request: APIRequestContext,
  firstName = 'Ada',
  /** How the address starts, where the order of signers (by address) matters. */
  emailPrefix = 'profile',
): Promise<TestAccount> {
  const email = `${emailPrefix}-${randomUUID().slice(0, 8)}@example.com`
  const password = 'Correct horse 42 battery'
  const token = await confirmationToken(request, email, 'signup', '/signup/confirm')
  const registered = await request.post('/api/v1/register', {
    data: { first_name: firstName, last_name: 'Lovelace', password, token, gtc: true, lang: 'en-gb' },
  })
  expect(registered.ok(), await registered.text()).toBe(true)
  const answer = (await registered.json()) as { token: string }
  return { email, password, token: answer.token }
}

/** A new account on a server of the spec's own at `baseUrl`, signed up as {@link createAccount} does. */
export async function createAccountAt(playwright: PlaywrightWorkerArgs['playwright'], baseUrl: string) {
  const api = await playwright.request.newContext({ baseURL: baseUrl })
  try {
    return await createAccount(api)
  } finally {
    await api.dispose()
  }
}

/**
 * Puts the account's session into the browser tab, as the app keeps it (SPEC §9: session storage
 * `accessToken`), on the shared server or on the one at `baseUrl`.
 */
export async function signInTab(page: Page, account: TestAccount, baseUrl = '') {
  await page.goto(`${baseUrl}/login`)
  // Let the page settle first: a tab signed in as someone else is sent on from /login, and its calls still
  // under way when the next page opens must not outlive the token written here.
  await page.waitForLoadState('networkidle')
  await page.evaluate((token) => {
    sessionStorage.setItem(
      'accessToken',
      JSON.stringify({ token, rememberMe: false, expiresAt: Date.now() + 86_400_000 }),
    )
  }, account.token)
}

/** A new session of the account (after the server's clock moved past the last one's lifetime). */
export async function signInAgain(request: APIRequestContext, account: TestAccount): Promise<TestAccount> {
  const login = await request.post('/api/v1/login', {
    data: { email: account.email, password: account.password },
  })
  expect(login.ok(), await login.text()).toBe(true)
  return { ...account, token: ((await login.json()) as { token: string }).token }
}

/** The language saved to the account (user attribute `lang`), as the server has it now. */
export async function savedLanguage(
  request: APIRequestContext,
  account: TestAccount,
): Promise<string[] | undefined> {
  const user = await request.get('/api/v1/user', { headers: { Authorization: `Bearer ${account.token}` } })
  return ((await user.json()) as { attributes: Record<string, string[]> }).attributes.lang
}
