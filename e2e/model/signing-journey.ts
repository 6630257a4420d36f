import { randomUUID } from 'node:crypto'
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test'
import type { signingMachine } from '../../machines/signing/signing.machine.ts'
import type { SigningEvent } from '../../machines/signing/signing.types.ts'
import { initiateRequest } from '../pages/dashboard-page.ts'
import { addDocument, createDraft } from '../pages/request-api.ts'
import { RequestViewPage } from '../pages/request-view-page.ts'
import { mailedDirectLink, mailedTan, SigningPage } from '../pages/signing-page.ts'
import { createAccount, signInTab, type TestAccount } from '../pages/test-account.ts'
import { onePagePdf } from '../pages/test-pdfs.ts'
import type { Journey } from './model-paths.ts'
import type { TanSample } from './signing-model.ts'

type Signer = 'account' | 'direct'

/** One path's people and request: the owner signs on the request page, an outside signer on the direct link. */
export interface SigningWorld {
  api: APIRequestContext
  owner: TestAccount
  outside: string
  pages: Record<Signer, SigningPage>
  /** Who signs in the flow under way. */
  signer: Signer
  request: { id: string; link: string; signed: Set<Signer>; named: Set<Signer> } | undefined
  /** The TAN mailed for the request under way, and those of earlier requests. */
  tan: string | undefined
  usedTans: string[]
}

/** A path's world: a new owner, an outside address, and a tab for each. */
export async function signingWorld(
  api: APIRequestContext,
  browser: Browser,
  page: Page,
): Promise<SigningWorld> {
  const owner = await createAccount(api, 'Olga')
  await signInTab(page, owner)
  const outsider = await (await browser.newContext()).newPage()
  return {
    api,
    owner,
    outside: `otto-${randomUUID().slice(0, 8)}@example.com`,
    pages: { account: new SigningPage(page), direct: new SigningPage(outsider) },
    signer: 'account',
    request: undefined,
    tan: undefined,
    usedTans: [],
  }
}

/** A request to the owner and the outside signer, sent through the real API. */
async function newRequest(world: SigningWorld) {
  const title = `Model ${randomUUID().slice(0, 8)}`
  const id = await createDraft(world.api, world.owner, title, [world.owner.email, world.outside])
  await addDocument(world.api, world.owner, id, await onePagePdf(`${title}.pdf`))
  await initiateRequest(world.api, world.owner, id)
  const link = await mailedDirectLink(world.api, world.outside, id)
  if (world.tan) world.usedTans.push(world.tan)
  world.tan = undefined
  world.request = { id, link: `${link.pathname}${link.search}`, signed: new Set(), named: new Set() }
  return world.request
}

/** The TAN entry the outside signer sees. */
const tanDialog = (page: Page) => page.getByRole('dialog', { name: 'Enter your TAN' })

/**
 * `signing.start`: the signer presses Sign on the page of a request they have not signed yet (a new one once
 * they signed), agreeing to the terms and giving the name on the signature where asked.
 */
async function start(world: SigningWorld, event: SigningEvent) {
  if (event.type !== 'signing.start') return
  const signer: Signer = event.credit.isDirectSign ? 'direct' : 'account'
  world.signer = signer
  const request = world.request && !world.request.signed.has(signer) ? world.request : await newRequest(world)
  const page = world.pages[signer]
  const path = signer === 'direct' ? request.link : `/view/${request.id}`
  if (!page.page.url().endsWith(path)) {
    await page.open(path)
    await expect(page.page.getByRole('main').getByRole('button', { name: 'Sign', exact: true })).toBeVisible()
  }
  await page.clickSign()
  if (request.named.has(signer)) return
  // The first time, an outside signer agrees to the terms (an account holder did at sign-up), and each names
  // the signature.
  if (signer === 'direct') await page.agreeToTerms()
  const dialog = page.page.getByRole('dialog', { name: 'Your signature', exact: true })
  await dialog
    .getByLabel('Name on your signature')
    .fill(signer === 'direct' ? 'Otto Outside' : 'Olga Lovelace')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog).toBeHidden()
  request.named.add(signer)
}

/** The sign call's and the TAN mail's answers come from the server by themselves: the next state's check waits. */
const answered = async () => undefined

export const signingJourney: Journey<typeof signingMachine, SigningWorld> = {
  steps: {
    'signing.start': start,
    'xstate.done.actor.sign': answered,
    'xstate.done.actor.resendTan': answered,
    'tan.submit': async (world, event) => {
      if (event.type !== 'tan.submit') return
      const mailed = world.tan ?? (await mailedTan(world.api, world.outside, world.usedTans))
      world.tan = mailed
      const typed = (event.tan as TanSample) === 'mailed' ? mailed : mailed === '000000' ? '111111' : '000000'
      await world.pages.direct.enterTan(typed)
    },
    'overlay.close': async (world, _, before) => {
      const page = world.pages[world.signer]
      if (before.matches('success')) await page.clickOverlayButton('Done')
      else await page.page.keyboard.press('Escape')
    },
  },
  states: {
    idle: async (world) => {
      const page = world.pages[world.signer]
      await page.seeNoOverlay()
      await expect(tanDialog(page.page)).toHaveCount(0)
    },
    'awaitingTan.entry': async (world, snapshot) => {
      const page = world.pages.direct
      await page.seeTanEntry()
      // The TAN mail has gone out (or the last one still stands).
      world.tan ??= await mailedTan(world.api, world.outside, world.usedTans)
      if (snapshot.context.errorCode === 'signing.tan_invalid')
        await page.seeTanError(/^This TAN is not right\. Check the digits in the latest e-mail\./)
      else
        await expect(tanDialog(page.page).getByLabel('TAN from the e-mail')).not.toHaveAttribute(
          'aria-invalid',
          'true',
        )
    },
    success: async (world) => {
      await world.pages[world.signer].seeOverlay('Signed')
      world.request?.signed.add(world.signer)
    },
    done: async (world) => {
      const page = world.pages[world.signer]
      await page.seeNoOverlay()
      if (world.signer === 'account' && world.request)
        await new RequestViewPage(page.page).seeSigner(world.owner.email, 'Signed')
    },
  },
}
