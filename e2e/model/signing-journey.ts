import { randomInt, randomUUID } from 'node:crypto'
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test'
import pg from 'pg'
import type { AnyMachineSnapshot } from 'xstate'
import type { signingMachine } from '../../machines/signing/signing.machine.ts'
import type { SigningEvent } from '../../machines/signing/signing.types.ts'
import { openBusiness } from '../pages/business-api.ts'
import { initiateRequest } from '../pages/dashboard-page.ts'
import { completeZertesIdentification } from '../pages/identification-page.ts'
import { addDocument } from '../pages/request-api.ts'
import { RequestViewPage } from '../pages/request-view-page.ts'
import { codeAt, switchOnSecondFactor } from '../pages/second-factor-api.ts'
import { mailedDirectLink, mailedTan, outboxIds, SigningPage, smsPassword } from '../pages/signing-page.ts'
import { createAccount, signInTab, type TestAccount } from '../pages/test-account.ts'
import { onePagePdf } from '../pages/test-pdfs.ts'
import type { Journey } from './model-paths.ts'
import {
  type CodeSample,
  type ModelStart,
  modelSeal,
  type SecretSample,
  type WorldKind,
} from './signing-model.ts'

type Signer = 'account' | 'direct'
type Ev = SigningEvent

const auth = (account: TestAccount) => ({ Authorization: `Bearer ${account.token}` })

/** The request a `signing.start` prepared, and who signs it. */
interface Current {
  kind: WorldKind
  signer: Signer
  id: string
  /** The direct link of an outside signer (path and query), or the request page. */
  path: string
  /** The account that signs, or the outside signer's address. */
  account?: TestAccount
  outside?: string
  /** The TAN mailed last, and those mailed before it. */
  tan?: string
  usedTans: string[]
}

/** A qualified signer: identified, with the mobile number their first qualified signing registers. */
interface Qualified {
  account: TestAccount
  mobile: string
  national: string
  /** The outbox before the last SMS asked for: the SMS read next is a newer one. */
  seen: Set<string>
  password?: string
}

/** One path's people: a sender, and the signers each world needs, made through the real API as first needed. */
export interface SigningWorld {
  api: APIRequestContext
  /** Tells this path's seal from those of other paths (a seal's name is unique across businesses). */
  tag: string
  pages: Record<Signer, SigningPage>
  owner: TestAccount
  /** Who the account tab is signed in as. */
  signedIn?: string
  /** The accounts that named their signature already (the dialog asks once). */
  named: Set<string>
  current?: Current
  spent?: TestAccount
  seal?: { admin: TestAccount }
  part11?: { admin: TestAccount }
  secondFactor?: { account: TestAccount; secret: string }
  qualified?: Qualified
  business?: { admin: TestAccount }
  /** The server's database, where another signing's transaction is held open. */
  databaseUrl: string
  /** Ends the transaction that holds the request's row. */
  release?: () => Promise<void>
}

/** A path's world: a sender, and a tab for an account and one for outside signers, on the server at `baseURL`. */
export async function signingWorld(
  api: APIRequestContext,
  browser: Browser,
  baseURL: string,
  databaseUrl: string,
): Promise<SigningWorld> {
  const owner = await createAccount(api, 'Olga')
  // The tabs' clocks are Playwright's, so a minute's wait for a new TAN or SMS can be skipped.
  const tab = async () => {
    const page = await (await browser.newContext({ baseURL })).newPage()
    await page.clock.install()
    return page
  }
  return {
    api,
    tag: randomUUID().slice(0, 8),
    owner,
    pages: { account: new SigningPage(await tab()), direct: new SigningPage(await tab()) },
    named: new Set(),
    databaseUrl,
  }
}

/**
 * Another signing of the request under way: a transaction holds its row (as the sign call's own does) until
 * released, so the sign call waits for it, up to its lock timeout.
 */
async function holdRequest(world: SigningWorld, id: string) {
  const client = new pg.Client({ connectionString: world.databaseUrl })
  await client.connect()
  await client.query('begin')
  await client.query('select id from signature_requests where id = $1 for update', [id])
  world.release = async () => {
    await client.query('rollback')
    await client.end()
    world.release = undefined
  }
}

/** Moves the server's clock (the TAN and SMS password lifetimes and resend waits run on it). */
async function moveServerClock(api: APIRequestContext, seconds: number) {
  const moved = await api.post('/api/dev/clock', { data: { advance_seconds: seconds } })
  expect(moved.ok(), await moved.text()).toBe(true)
}

/** A request from `sender` with one document, sent through the real API; answers its id. */
async function sendRequest(
  api: APIRequestContext,
  sender: TestAccount,
  signatures: Record<string, unknown>[],
  quality?: 'aes' | 'qes',
) {
  const title = `Model ${randomUUID().slice(0, 8)}`
  const created = await api.post('/api/v3/signature-requests', {
    headers: auth(sender),
    data: { title, ...(quality ? { quality } : {}), signatures },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const id = ((await created.json()) as { id: string }).id
  await addDocument(api, sender, id, await onePagePdf(`${title}.pdf`))
  await initiateRequest(api, sender, id)
  return id
}

/** Signs the request with the account through the real API (its free signature is used there). */
async function signThroughApi(api: APIRequestContext, account: TestAccount, id: string) {
  const signed = await api.post('/api/v3/sign', {
    headers: auth(account),
    data: {
      signature_requests: [{ signature_request_id: id, signing_name: 'Elsewhere' }],
      language: 'en-gb',
    },
  })
  expect(signed.ok(), await signed.text()).toBe(true)
  const { results } = (await signed.json()) as { results: { result: string }[] }
  expect(results.map((r) => r.result)).toEqual(['complete'])
}

async function userId(api: APIRequestContext, account: TestAccount): Promise<string> {
  return ((await (await api.get('/api/v1/user', { headers: auth(account) })).json()) as { id: string }).id
}

/** A business's admin: the business is in its trial, which pays its members' signatures. */
async function businessAdmin(api: APIRequestContext, name: string) {
  const admin = await createAccount(api, name)
  const businessId = await openBusiness(api, admin, `${name} ${randomUUID().slice(0, 8)} AG`)
  return { admin, businessId }
}

/** Changes the account's first name through the real API. */
async function rename(api: APIRequestContext, account: TestAccount, firstName: string) {
  const renamed = await api.put('/api/v1/user', { headers: auth(account), data: { first_name: firstName } })
  expect(renamed.ok(), await renamed.text()).toBe(true)
}

/** An account identified for qualified signatures (its business pays the identification), no mobile number yet. */
async function identifiedAccount(api: APIRequestContext, firstName: string) {
  const { admin } = await businessAdmin(api, firstName)
  await completeZertesIdentification(api, admin, 'video', { firstName, lastName: 'Lovelace' })
  return admin
}

/** The request of a world to an account signer, and who signs it. */
async function accountRequest(
  world: SigningWorld,
  kind: WorldKind,
): Promise<Omit<Current, 'path' | 'usedTans'>> {
  const { api } = world
  const to = (account: TestAccount, extra: Record<string, unknown> = {}) => [
    { account_email: account.email, ...extra },
  ]
  switch (kind) {
    case 'plain': {
      const account = await createAccount(api, 'Paula')
      return { kind, signer: 'account', account, id: await sendRequest(api, world.owner, to(account)) }
    }
    case 'spent': {
      // The tab learns the free signature left when Sign is pressed; the journey uses it elsewhere meanwhile.
      const account = await createAccount(api, 'Sven')
      world.spent = account
      return { kind, signer: 'account', account, id: await sendRequest(api, world.owner, to(account)) }
    }
    case 'exhausted': {
      if (!world.spent) {
        world.spent = await createAccount(api, 'Sven')
        await signThroughApi(api, world.spent, await sendRequest(api, world.owner, to(world.spent)))
      }
      const account = world.spent
      return { kind, signer: 'account', account, id: await sendRequest(api, world.owner, to(account)) }
    }
    case 'seal': {
      if (!world.seal) {
        const { admin, businessId } = await businessAdmin(api, 'Selma')
        const seal = `/api/v1/businesses/${businessId}/seals/model-seal-${world.tag}`
        const created = await api.put(seal, { headers: auth(admin), data: { label: modelSeal.label } })
        expect(created.ok(), await created.text()).toBe(true)
        const allowed = await api.post(`${seal}/members`, {
          headers: auth(admin),
          data: { members: [await userId(api, admin)] },
        })
        expect(allowed.ok(), await allowed.text()).toBe(true)
        world.seal = { admin }
      }
      const account = world.seal.admin
      return { kind, signer: 'account', account, id: await sendRequest(api, account, to(account)) }
    }
    case 'part11': {
      const account = (await part11Admin(world)).admin
      return { kind, signer: 'account', account, id: await sendRequest(api, account, to(account)) }
    }
    case 'identification': {
      const account = world.owner
      return { kind, signer: 'account', account, id: await sendRequest(api, world.owner, to(account), 'qes') }
    }
    case 'secondFactor': {
      if (!world.secondFactor) {
        const account = await createAccount(api, 'Ben')
        world.secondFactor = { account, secret: await switchOnSecondFactor(api, account) }
      }
      const { account } = world.secondFactor
      const id = await sendRequest(api, world.owner, to(account, { authentication: 'second_factor' }))
      return { kind, signer: 'account', account, id }
    }
    case 'noSecondFactor': {
      const account = world.owner
      const id = await sendRequest(api, world.owner, to(account, { authentication: 'second_factor' }))
      return { kind, signer: 'account', account, id }
    }
    case 'qes': {
      if (!world.qualified) {
        const digits = String(randomInt(0, 10_000_000)).padStart(7, '0')
        world.qualified = {
          account: await identifiedAccount(api, 'Quinn'),
          mobile: `+4179${digits}`,
          national: `079 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`,
          seen: new Set(),
        }
      }
      const { account } = world.qualified
      return { kind, signer: 'account', account, id: await sendRequest(api, account, to(account), 'qes') }
    }
    case 'locked': {
      const account = await createAccount(api, 'Lena')
      return { kind, signer: 'account', account, id: await sendRequest(api, world.owner, to(account)) }
    }
    case 'mismatch': {
      // Identified, then renamed: the account no longer matches its qualified identity.
      const account = await identifiedAccount(api, 'Mira')
      await rename(api, account, 'Eve')
      return { kind, signer: 'account', account, id: await sendRequest(api, account, to(account), 'qes') }
    }
  }
}

/** The admin of a business (in its trial) that sends requests asking for a quality. */
async function businessSender(world: SigningWorld) {
  world.business ??= await businessAdmin(world.api, 'Bea')
  return world.business
}

/** The admin of a business that signs under 21 CFR Part 11, switched on in its settings through the API. */
async function part11Admin(world: SigningWorld) {
  if (world.part11) return world.part11
  const { admin, businessId } = await businessAdmin(world.api, 'Vera')
  const path = `/api/v1/businesses/${businessId}/settings`
  const settings = (await (await world.api.get(path, { headers: auth(admin) })).json()) as {
    signature_requests: Record<string, unknown>
  }
  settings.signature_requests.part11 = { enabled: true }
  const saved = await world.api.put(path, { headers: auth(admin), data: settings })
  expect(saved.ok(), await saved.text()).toBe(true)
  world.part11 = { admin }
  return world.part11
}

/** The request of a world to an outside signer on the direct link. */
async function directRequest(world: SigningWorld, kind: WorldKind): Promise<Current> {
  const outside = `otto-${randomUUID().slice(0, 8)}@example.com`
  // A request asking for a quality is a business's.
  const sender =
    kind === 'part11'
      ? (await part11Admin(world)).admin
      : kind === 'identification'
        ? (await businessSender(world)).admin
        : world.owner
  const signature =
    kind === 'identification'
      ? { signer_identity_data: { email_address: outside, first_name: 'Otto', last_name: 'Outside' } }
      : { account_email: outside }
  const id = await sendRequest(world.api, sender, [signature], kind === 'identification' ? 'aes' : undefined)
  const link = await mailedDirectLink(world.api, outside, id)
  return { kind, signer: 'direct', id, outside, path: `${link.pathname}${link.search}`, usedTans: [] }
}

/** The page of whoever signs now. */
const pageOf = (world: SigningWorld) => world.pages[world.current?.signer ?? 'account']

/** The TAN entry the outside signer sees. */
const tanDialog = (page: Page) => page.getByRole('dialog', { name: 'Enter your TAN' })

const overlay = (world: SigningWorld) => pageOf(world).page.locator('[data-overlay]')

/** The calls a network failure is made for, by the machine's actor that makes them. */
const callUrls: Record<string, RegExp> = {
  sign: /\/api\/v3\/(direct\/)?sign(\?|$)/,
  resendTan: /\/api\/v1\/direct\/tan\/resend/,
  proceedMobileAes: /\/api\/v3\/[^/]+\/proceed\//,
  resendMobileAes: /\/api\/resend\//,
  cancelMobileAes: /\/api\/cancel\//,
}

/** The actor whose call the event after this step says the network fails (an error without the server's code). */
function failingCall(next: Ev | undefined): string | undefined {
  const match = /^xstate\.error\.actor\.(.+)$/.exec(next?.type ?? '')
  const error = (next as { error?: { code?: string } } | undefined)?.error
  return match && error?.code === undefined ? match[1] : undefined
}

/**
 * Before a step whose call the next event says fails: the browser's requests for that call fail, as over a
 * dropped connection, until its answer's step brings the network back; the server answers every other call.
 * Every request of it fails, not only the first: in CI a second one has slipped past a single failure.
 */
async function failNextCall(world: SigningWorld, next: Ev | undefined) {
  const actor = failingCall(next)
  const url = actor === undefined ? undefined : callUrls[actor]
  if (url) await pageOf(world).page.route(url, (route) => route.abort('failed'))
}

/** After a failed call's answer: the network works again. */
async function networkBack(world: SigningWorld, event: Ev) {
  const actor = failingCall(event)
  const url = actor === undefined ? undefined : callUrls[actor]
  if (url) await pageOf(world).page.unroute(url)
}

/** Signs the account tab in as `account`, unless it is already. */
async function signInAs(world: SigningWorld, account: TestAccount) {
  if (world.signedIn === account.email) return
  await signInTab(world.pages.account.page, account)
  world.signedIn = account.email
}

/**
 * `signing.start`: a request of the event's world is sent through the real API, and its signer presses Sign
 * (or, with a seal, chooses it and presses Seal), agreeing to the terms and naming the signature where asked.
 */
async function start(world: SigningWorld, event: Ev, _: AnyMachineSnapshot, next: Ev | undefined) {
  const { world: kind, credit } = event as ModelStart
  const signer: Signer = credit.isDirectSign ? 'direct' : 'account'
  const current: Current =
    signer === 'direct'
      ? await directRequest(world, kind)
      : await accountRequest(world, kind).then((r) => ({ ...r, path: `/view/${r.id}`, usedTans: [] }))
  world.current = current
  const page = pageOf(world)
  if (current.account) await signInAs(world, current.account)
  await page.open(current.path)
  await failNextCall(world, next)
  if (kind === 'locked') await holdRequest(world, current.id)
  const main = page.page.getByRole('main')
  // The SMS this signing sends is newer than anything in the outbox now.
  if (kind === 'qes' && world.qualified) {
    world.qualified.seen = await outboxIds(world.api)
    world.qualified.password = undefined
  }
  if (kind === 'seal') {
    await page.sealAs(modelSeal.label)
    return
  }
  await expect(main.getByRole('button', { name: 'Sign', exact: true })).toBeVisible()
  await page.clickSign()
  if (signer === 'direct') await page.agreeToTerms()
  const who = current.account?.email ?? current.outside ?? ''
  if (world.named.has(who)) return
  const dialog = page.page.getByRole('dialog', { name: 'Your signature', exact: true })
  await dialog
    .getByLabel('Name on your signature')
    .fill(signer === 'direct' ? 'Otto Outside' : 'Olga Lovelace')
  // The tab knows one free signature left; it is used elsewhere before this one is asked for.
  if (kind === 'spent' && current.account)
    await signThroughApi(
      world.api,
      current.account,
      await sendRequest(world.api, world.owner, [{ account_email: current.account.email }]),
    )
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog).toBeHidden()
  world.named.add(who)
}

/** The TAN mailed last to the outside signer (waits for its mail). */
async function currentTan(world: SigningWorld): Promise<string> {
  const current = world.current
  if (!current?.outside) throw new Error('no outside signer signs now')
  current.tan ??= await mailedTan(world.api, current.outside, current.usedTans)
  return current.tan
}

/** A new TAN mail is due: the one before is not to be read again. */
function tanUsedUp(world: SigningWorld) {
  const current = world.current
  if (current?.tan) current.usedTans.push(current.tan)
  if (current) current.tan = undefined
}

const other = (code: string) => (code === '000000' ? '111111' : '000000')

/** The server's answers need nothing done: the next state's check waits for what they show. */
const answered = async (world: SigningWorld, event: Ev) => networkBack(world, event)

export const signingJourney: Journey<typeof signingMachine, SigningWorld> = {
  steps: {
    'signing.start': start,
    'xstate.done.actor.sign': answered,
    'xstate.error.actor.sign': answered,
    'xstate.done.actor.resendTan': answered,
    'xstate.error.actor.resendTan': answered,
    'xstate.done.actor.proceedMobileAes': async (world, event) => {
      // The qualified signer takes their name back after the signing that found it changed.
      const { result } = (event as unknown as { output: { result: string } }).output
      if (result === 'serial_mismatch' && world.qualified) {
        // Only once the page shows the answer has the server compared the name: renamed back before, the call
        // still under way finds the names matching and signs.
        await expect(overlay(world).getByRole('alert')).toHaveText(/Signing is not complete yet\./)
        await rename(world.api, world.qualified.account, 'Quinn')
      }
    },
    'xstate.error.actor.proceedMobileAes': answered,
    'xstate.done.actor.resendMobileAes': answered,
    'xstate.error.actor.resendMobileAes': answered,
    'xstate.done.actor.cancelMobileAes': answered,
    'xstate.error.actor.cancelMobileAes': answered,
    'tan.submit': async (world, event, _, next) => {
      if (event.type !== 'tan.submit') return
      const mailed = await currentTan(world)
      const typed = event.tan as CodeSample
      // Past its 10 minutes, as the server's clock tells.
      if (typed === 'expired') await moveServerClock(world.api, 11 * 60)
      await failNextCall(world, next)
      await world.pages.direct.enterTan(typed === 'wrong' ? other(mailed) : mailed)
      if (typed === 'sent') tanUsedUp(world)
    },
    'tan.resend': async (world, _, before, next) => {
      // A new TAN may be asked for a minute after the last: the server's clock and the tab's move on.
      await moveServerClock(world.api, 61)
      const page = world.pages.direct.page
      await page.clock.fastForward(61_000)
      await failNextCall(world, next)
      if (failingCall(next) === undefined) tanUsedUp(world)
      if (before.matches('tanExpired')) await world.pages.direct.clickOverlayButton('Send a new TAN')
      else await tanDialog(page).getByRole('button', { name: 'Send a new TAN', exact: true }).click()
    },
    'tan.retry': async (world) => {
      await world.pages.direct.clickOverlayButton('Enter the TAN again')
    },
    'seal.confirm': async (world, _, __, next) => {
      await failNextCall(world, next)
      await pageOf(world).clickOverlayButton('Apply the seal')
    },
    'signing.retry': async (world, _, __, next) => {
      await failNextCall(world, next)
      await pageOf(world).clickOverlayButton('Try again')
    },
    'part11.submit': async (world, event, before) => {
      if (event.type !== 'part11.submit') return
      const form = overlay(world)
      if (before.matches('part11Verification')) {
        const password =
          (event.password as SecretSample) === 'right'
            ? (world.current?.account?.password ?? '')
            : 'not my password'
        await form.getByLabel('Password').fill(password)
      }
      await form.getByLabel('Printed name').fill(event.signingName)
      await form.getByLabel('Meaning of the signature').fill(event.signingReason)
      await form.getByRole('button', { name: 'Sign', exact: true }).click()
    },
    'secondFactor.submit': async (world, event) => {
      if (event.type !== 'secondFactor.submit' || !world.secondFactor) return
      const right = await codeAt(world.api, world.secondFactor.secret, 1)
      const code = (event.code as SecretSample) === 'right' ? right : other(right)
      await overlay(world).getByLabel('Code from your authenticator app').fill(code)
      await pageOf(world).clickOverlayButton('Sign')
    },
    // The mobile-id machine: the number, then the code of its SMS; registered, the signing goes on.
    'xstate.snapshot.mobileId': async (world) => {
      const q = world.qualified
      if (!q) throw new Error('no qualified signer')
      const form = overlay(world)
      await form.getByLabel('Country').selectOption('CH')
      q.seen = await outboxIds(world.api)
      await form.getByLabel('Mobile number').fill(q.national)
      await form.getByLabel('Mobile number').press('Enter')
      const code = await smsPassword(world.api, q.mobile, q.seen)
      q.seen = await outboxIds(world.api)
      await form.getByLabel('Code from the SMS').fill(code)
      await form.getByLabel('Code from the SMS').press('Enter')
    },
    'mobileAes.submit': async (world, event, _, next) => {
      const q = world.qualified
      if (event.type !== 'mobileAes.submit' || !q) return
      q.password ??= await smsPassword(world.api, q.mobile, q.seen)
      const typed = event.pwdotp as CodeSample
      // Past its 5 minutes, as the server's clock tells.
      if (typed === 'expired') await moveServerClock(world.api, 6 * 60)
      // The account's name changes before the password is typed: it no longer matches its identification.
      if (typed === 'renamed') await rename(world.api, q.account, 'Eve')
      await failNextCall(world, next)
      const field = overlay(world).getByLabel('One-time password from the SMS')
      await field.fill(typed === 'wrong' ? other(q.password) : q.password)
      await field.press('Enter')
    },
    'mobileAes.resend': async (world, _, __, next) => {
      const q = world.qualified
      if (!q) return
      await moveServerClock(world.api, 61)
      await pageOf(world).page.clock.fastForward(61_000)
      await failNextCall(world, next)
      if (failingCall(next) === undefined) {
        q.seen = await outboxIds(world.api)
        q.password = undefined
      }
      await overlay(world).getByRole('button', { name: 'Send a new SMS', exact: true }).click()
    },
    'overlay.close': async (world, _, before, next) => {
      const page = pageOf(world)
      await failNextCall(world, next)
      if (before.matches('success')) await page.clickOverlayButton('Done')
      else if (before.matches('awaitingTan'))
        await tanDialog(page.page).getByRole('button', { name: 'Cancel' }).click()
      else if (before.matches('identificationRequired'))
        await page.page
          .getByRole('dialog', { name: 'Upgrade your signature standard' })
          .getByRole('button', { name: 'Cancel' })
          .click()
      else if (before.matches('exhausted')) await page.clickOverlayButton('Not now')
      else if (
        ['tanLocked', 'signingLocked', 'serialMismatch', 'failure'].some((step) => before.matches(step))
      )
        await page.clickOverlayButton('Close')
      else await page.clickOverlayButton('Cancel')
    },
    'signing.leave': async (world) => {
      // A link elsewhere in the app: the router leaves the page the flow was opened on.
      await pageOf(world).page.evaluate(() => {
        window.history.pushState(null, '', '/dashboard')
        window.dispatchEvent(new PopStateEvent('popstate'))
      })
      await expect(pageOf(world).page).toHaveURL(/\/dashboard$/)
    },
  },
  states: {
    idle: async (world) => {
      const page = pageOf(world)
      await page.seeNoOverlay()
      await expect(tanDialog(page.page)).toHaveCount(0)
    },
    confirmingSeal: async (world) => {
      await pageOf(world).seeOverlay(`Seal with ${modelSeal.label}?`)
    },
    'awaitingTan.entry': async (world, snapshot) => {
      const page = world.pages.direct
      await page.seeTanEntry()
      // The TAN mail has gone out (or the last one still stands).
      if (snapshot.context.errorCode !== 'signing.tan_resend_failed') await currentTan(world)
      if (snapshot.context.errorCode === 'signing.tan_invalid')
        await page.seeTanError(/^This TAN is not right\. Check the digits in the latest e-mail\./)
      else if (snapshot.context.errorCode === 'signing.tan_resend_failed')
        await expect(tanDialog(page.page)).toContainText('We could not send a new TAN.')
      else
        await expect(tanDialog(page.page).getByLabel('TAN from the e-mail')).not.toHaveAttribute(
          'aria-invalid',
          'true',
        )
    },
    tanInvalid: async (world) => {
      await world.pages.direct.seeOverlay('This TAN is not right')
    },
    tanExpired: async (world, snapshot) => {
      await world.pages.direct.seeOverlay('The TAN has expired')
      if (snapshot.context.errorCode === 'signing.tan_resend_failed')
        await world.pages.direct.seeOverlayText('We could not send a new TAN.')
    },
    signingLocked: async (world) => {
      await pageOf(world).seeOverlay('The request is being signed')
      // The other signing's hold ends once the sign call gave up waiting for it.
      await world.release?.()
    },
    tanLocked: async (world) => {
      await pageOf(world).seeOverlay('Too many wrong TANs')
    },
    exhausted: async (world) => {
      await pageOf(world).seeOverlay('You have used your free signatures')
    },
    serialMismatch: async (world) => {
      await pageOf(world).seeOverlay('Your identity does not match')
    },
    identificationRequired: async (world) => {
      await expect(
        pageOf(world).page.getByRole('dialog', { name: 'Upgrade your signature standard' }),
      ).toBeVisible()
    },
    part11Verification: async (world, snapshot) => {
      await pageOf(world).seeOverlay('Confirm your signature')
      const password = overlay(world).getByLabel('Password')
      if (snapshot.context.errorCode === 'signing.part11_invalid')
        await expect(password).toHaveAccessibleErrorMessage(
          'This password is not right. Enter the password you sign in with.',
        )
      else await expect(password).toBeVisible()
    },
    part11Meaning: async (world) => {
      await pageOf(world).seeOverlay('Confirm your signature')
      await expect(overlay(world).getByLabel('Password')).toHaveCount(0)
    },
    awaitingSecondFactor: async (world, snapshot) => {
      await pageOf(world).seeOverlay('Confirm with two-step verification')
      if (snapshot.context.errorCode === 'signing.second_factor_invalid')
        await expect(overlay(world)).toContainText('This code is not right.')
    },
    settingUpSecondFactor: async (world) => {
      await pageOf(world).seeOverlay('Set up two-step verification first')
    },
    registeringMobile: async (world) => {
      await pageOf(world).seeOverlay('Your mobile number')
    },
    'mobileAes.ready': async (world, snapshot) => {
      const q = world.qualified
      await pageOf(world).seeOverlay('Confirm on your phone')
      await expect(overlay(world)).toContainText(`SMS to +41••••••${q?.mobile.slice(-3)}`)
      const field = overlay(world).getByLabel('One-time password from the SMS')
      const messages: Record<string, RegExp> = {
        'signing.otp_expired': /This one-time password has expired\. Ask for a new SMS\./,
        'signing.tan_resend_failed': /We could not send a new TAN\./,
        'signing.mobile_aes_failed': /Signing on your phone did not work\./,
        'signing.not_complete': /Signing is not complete yet\./,
      }
      const error = snapshot.context.errorCode as string | undefined
      if (error === 'signing.tan_invalid')
        await expect(field).toHaveAccessibleErrorMessage(/This one-time password is not right\./)
      else if (error && messages[error])
        await expect(overlay(world).getByRole('alert')).toHaveText(messages[error])
      // A new SMS replaces the error of the password before it.
      else if (!error) await expect(overlay(world).getByRole('alert')).toHaveCount(0)
    },
    failure: async (world) => {
      await pageOf(world).seeOverlay('Signing did not work')
    },
    success: async (world, snapshot) => {
      await pageOf(world).seeOverlay(snapshot.context.seal ? 'Sealed' : 'Signed')
    },
    done: async (world) => {
      const page = pageOf(world)
      await page.seeNoOverlay()
      const current = world.current
      if (current?.signer === 'account' && current.account)
        await new RequestViewPage(page.page).seeSigner(current.account.email, 'Signed')
    },
  },
}
