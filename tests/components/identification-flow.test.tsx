import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { IdentificationPayment } from '../../contract/identification.ts'
import type { IdentificationMethod } from '../../machines/identification/identification.types.ts'
import {
  IdentificationFlow,
  type IdentificationFlowProps,
} from '../../src/features/identification/identification-flow.tsx'
import { type ApiHandler, json, noMaintenance, refusal, renderScreen, serveApi } from './render-screen.tsx'

const requestId = '7d0c6f7e-5d2a-4f7e-9d43-2b1f0b6f8a11'
const paymentPath = '/v1/user/identification/payment/zertes'
const notCovered: IdentificationPayment = {
  covered: false,
  amount: 2500,
  currency: 'CHF',
  coveredBy: null,
  processing: false,
}
const byBusiness: IdentificationPayment = {
  covered: true,
  amount: null,
  currency: null,
  coveredBy: 'business',
  processing: false,
}

/** Who pays for a ZertES identification, as the server answers it (`answer` may change between calls). */
function coverage(answer: () => IdentificationPayment | Response): ApiHandler {
  return ({ method, path }) => {
    if (method !== 'GET' || path !== paymentPath) return undefined
    const given = answer()
    return given instanceof Response ? given : json(given)
  }
}

/** The appointment of a ZertES video identification, as the provider last reported it. */
const appointment =
  (appointmentStatus: 'inprogress' | 'success' | 'failure'): ApiHandler =>
  ({ method, path }) =>
    method === 'GET' && path === '/v1/user/identification/zertes/video'
      ? json({ appointmentStatus, identUrl: 'https://ident.example/session/1', isCovered: true })
      : undefined

/** The flow of a signed-in account identifying for a request, on the ZertES page, or a method's with `method`. */
async function renderFlow(method?: IdentificationMethod, returned = false) {
  const props: IdentificationFlowProps = {
    base: 'account',
    access: { kind: 'account' },
    legislation: 'zertes',
    method,
    returned,
    signatureRequestId: requestId,
    done: { href: `/view/${requestId}`, label: 'request' },
    query: `?signatureRequestId=${requestId}`,
  }
  await renderScreen('/profile/signature-standards/zertes', () => <IdentificationFlow {...props} />, {
    messages: ['identification'],
  })
}

describe('the identification flow (SPEC §2, §4)', () => {
  it('offers the methods a person pays for themselves, with the price and a licence to buy', async () => {
    serveApi(
      noMaintenance,
      coverage(() => notCovered),
    )
    await renderFlow()

    await expect
      .element(page.getByRole('heading', { name: 'How do you want to identify yourself?' }))
      .toBeVisible()
    await expect.element(page.getByText('An identification costs CHF 25.00.')).toBeVisible()
    // Not covered, ZertES offers the partner office and a signature card, both with our support.
    await expect
      .element(page.getByRole('link', { name: 'Ask our support In person at a partner office' }))
      .toBeVisible()
    await expect
      .element(page.getByRole('button', { name: 'Pay CHF 25.00 for video and other methods' }))
      .toBeVisible()
    expect(page.getByRole('link', { name: /^Choose / }).elements()).toHaveLength(0)
  })

  it('offers the video and automatic identification when the business pays, each Choose link named apart', async () => {
    serveApi(
      noMaintenance,
      coverage(() => byBusiness),
    )
    await renderFlow()

    await expect.element(page.getByText('Your business pays for your identification.')).toBeVisible()
    const video = page.getByRole('link', { name: 'Choose Video identification' })
    await expect
      .element(video)
      .toHaveAttribute('href', `/profile/signature-standards/zertes/video?signatureRequestId=${requestId}`)
    await expect.element(page.getByRole('link', { name: 'Choose Automatic identification' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: /^Pay / })).not.toBeInTheDocument()
  })

  it('says when who pays could not be checked, and tries again on request', async () => {
    let reachable = false
    serveApi(
      noMaintenance,
      coverage(() => (reachable ? byBusiness : refusal(404, 'identification.not_found'))),
    )
    await renderFlow()

    await expect
      .element(page.getByText('We could not check who pays for your identification. Please try again.'))
      .toBeVisible()
    reachable = true
    await userEvent.click(page.getByRole('button', { name: 'Try again' }))
    await expect.element(page.getByText('Your business pays for your identification.')).toBeVisible()
  })

  it('starts a method only once the person agreed that the provider checks their document', async () => {
    serveApi(
      noMaintenance,
      coverage(() => byBusiness),
    )
    await renderFlow('video')

    await expect.element(page.getByRole('heading', { name: 'Video identification' })).toBeVisible()
    const start = page.getByRole('button', { name: 'Start identification' })
    await expect.element(start).toBeDisabled()
    await userEvent.click(page.getByRole('checkbox', { name: /I agree that the identification provider/ }))
    await expect.element(start).toBeEnabled()
    await expect
      .element(page.getByRole('link', { name: 'Other methods' }))
      .toHaveAttribute('href', `/profile/signature-standards/zertes?signatureRequestId=${requestId}`)
  })

  it('back from the provider, a failed identification can be tried again', async () => {
    const calls = serveApi(
      noMaintenance,
      appointment('failure'),
      coverage(() => byBusiness),
    )
    await renderFlow('video', true)

    await expect
      .element(page.getByRole('heading', { name: 'The identification did not succeed' }))
      .toBeVisible()
    await expect
      .element(page.getByRole('link', { name: 'Choose another method' }))
      .toHaveAttribute('href', `/profile/signature-standards/zertes?signatureRequestId=${requestId}`)
    await userEvent.click(page.getByRole('button', { name: 'Try again' }))
    // Who pays is asked again, then the method's page is back, its start waiting for the agreement.
    await expect.element(page.getByRole('button', { name: 'Start identification' })).toBeDisabled()
    expect(calls.filter((c) => c.path === paymentPath).length).toBeGreaterThan(0)
  })

  it('back from the provider, a successful identification goes on to activate the new standard', async () => {
    serveApi(
      noMaintenance,
      appointment('success'),
      coverage(() => byBusiness),
    )
    await renderFlow('video', true)

    await expect
      .element(
        page
          .getByRole('status')
          .filter({ hasText: 'You are identified. Activating your new signature standard…' }),
      )
      .toBeVisible()
  })

  it('a payment started for a licence can be cancelled back to the methods', async () => {
    const calls = serveApi(
      noMaintenance,
      coverage(() => notCovered),
      ({ method, path }) =>
        method === 'POST' && path === paymentPath
          ? json({
              id: 'licence-1',
              amount: 2500,
              currency: 'CHF',
              intent: { id: 'seti_1', clientSecret: 'seti_1_secret', publishableKey: null },
            })
          : undefined,
    )
    await renderFlow()

    await userEvent.click(page.getByRole('button', { name: 'Pay CHF 25.00 for video and other methods' }))
    await expect.element(page.getByRole('heading', { name: 'Pay for your identification' })).toBeVisible()
    await expect.element(page.getByText(/One identification licence costs CHF\s25\.00/)).toBeVisible()
    expect(calls.some((c) => c.method === 'POST' && c.path === paymentPath)).toBe(true)
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
    await expect
      .element(page.getByRole('heading', { name: 'How do you want to identify yourself?' }))
      .toBeVisible()
  })
})
