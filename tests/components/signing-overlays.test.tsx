import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { RouterContext } from '../../src/app/context.ts'
import type { SigningOverlayProps } from '../../src/features/signing/run-signing.ts'
import { type SigningSubmission, signingOverlayNamed } from '../../src/features/signing/signing-dialogs.ts'
import { openDialog } from '../../src/ui/dialog/open-dialog.tsx'
import { noMaintenance, renderScreen, serveApi } from './render-screen.tsx'

const props: SigningOverlayProps = { title: 'Lease agreement' }

/**
 * The signing overlay `name` on the app's overlay host, as the signing flow opens it (the flow, not the overlay,
 * closes it once it acted on the choice); answers the overlay and what the signer chose in it.
 */
async function showOverlay(name: string, overlayProps: SigningOverlayProps = props) {
  serveApi(noMaintenance)
  const context: RouterContext = await renderScreen('/', () => null, { messages: ['signing'] })
  const chosen: SigningSubmission[] = []
  void openDialog(context.ui, signingOverlayNamed(name), {
    props: overlayProps,
    action: async ({ value }) => {
      chosen.push(value)
    },
  })
  const overlay = page.getByRole('dialog')
  await expect.element(overlay).toBeVisible()
  return { overlay, chosen }
}

describe('signing overlays', () => {
  it('someone else signing: says so, Escape keeps it, Close goes', async () => {
    const { overlay, chosen } = await showOverlay('signingLocked')
    await expect.element(overlay.getByRole('heading', { name: 'The request is being signed' })).toBeVisible()
    await expect
      .element(
        overlay.getByText('Someone else is signing this request right now. Please try again in a moment.'),
      )
      .toBeVisible()
    await expect.element(overlay.getByRole('button', { name: 'Close' })).toHaveFocus()
    // An overlay stands for a step of the signing: only its own buttons leave it.
    await userEvent.keyboard('{Escape}')
    await expect.element(overlay).toBeVisible()
    expect(chosen).toEqual([])
    await overlay.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => chosen).toEqual(['close'])
  })

  it('TAN expired: offers a new TAN or to cancel', async () => {
    const { overlay, chosen } = await showOverlay('tanExpired')
    await expect.element(overlay.getByRole('heading', { name: 'The TAN has expired' })).toBeVisible()
    await expect
      .element(overlay.getByText('A TAN can be used for 10 minutes. We can send you a new one by e-mail.'))
      .toBeVisible()
    await expect.element(overlay.getByRole('button', { name: 'Cancel' })).toBeEnabled()
    await overlay.getByRole('button', { name: 'Send a new TAN' }).click()
    await expect.poll(() => chosen).toEqual(['resend'])
  })

  it('TAN not right: says how many tries are left, one or more', async () => {
    const { overlay, chosen } = await showOverlay('tanInvalid', { ...props, tanTriesLeft: 1 })
    await expect.element(overlay.getByRole('heading', { name: 'This TAN is not right' })).toBeVisible()
    await expect.element(overlay.getByText('You have 1 more try.')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect.element(overlay).toBeVisible()
    await overlay.getByRole('button', { name: 'Enter the TAN again' }).click()
    await expect.poll(() => chosen).toEqual(['retryTan'])
  })

  it('TAN not right, several tries left', async () => {
    const { overlay } = await showOverlay('tanInvalid', { ...props, tanTriesLeft: 3 })
    await expect.element(overlay.getByText('You have 3 more tries.')).toBeVisible()
  })

  it('too many wrong TANs: names where the next code comes from', async () => {
    const { overlay, chosen } = await showOverlay('tanLocked', { ...props, viaSms: true })
    await expect.element(overlay.getByRole('heading', { name: 'Too many wrong TANs' })).toBeVisible()
    await expect
      .element(
        overlay.getByText(
          'For your security, this one-time password no longer works. Sign again to receive a new one by SMS.',
        ),
      )
      .toBeVisible()
    await overlay.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => chosen).toEqual(['close'])
  })

  it('too many wrong TANs by e-mail', async () => {
    const { overlay } = await showOverlay('tanLocked')
    await expect
      .element(
        overlay.getByText(
          'For your security, this TAN no longer works. Sign again to receive a new one by e-mail.',
        ),
      )
      .toBeVisible()
  })

  it('signing: says what is being signed, with no way out while it runs', async () => {
    const { overlay } = await showOverlay('signing')
    await expect.element(overlay.getByRole('heading', { name: 'Signing…' })).toBeVisible()
    await expect
      .element(overlay.getByText('Your signature is being added to “Lease agreement”. This takes a moment.'))
      .toBeVisible()
    await expect.element(overlay.getByRole('button')).not.toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await expect.element(overlay).toBeVisible()
  })

  it('signed: names the request, Done goes on', async () => {
    const { overlay, chosen } = await showOverlay('signingSuccess')
    await expect.element(overlay.getByRole('heading', { name: 'Signed' })).toBeVisible()
    await expect.element(overlay.getByText('Your signature was added to “Lease agreement”.')).toBeVisible()
    await expect.element(overlay.getByRole('button', { name: 'Done' })).toHaveFocus()
    await overlay.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => chosen).toEqual(['close'])
  })

  it('failure: tries again only where the flow allows it', async () => {
    const retry = await showOverlay('signingFailure', { ...props, canRetry: true })
    await expect.element(retry.overlay.getByRole('heading', { name: 'Signing did not work' })).toBeVisible()
    await retry.overlay.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => retry.chosen).toEqual(['retry'])
  })

  it('failure without a retry: only Close', async () => {
    const { overlay } = await showOverlay('signingFailure', { ...props, canRetry: false })
    await expect.element(overlay.getByText('This way of signing is not available here.')).toBeVisible()
    await expect.element(overlay.getByRole('button', { name: 'Close' })).toBeVisible()
    await expect.element(overlay.getByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('free signatures used up: leads to the plans, or not now', async () => {
    const { overlay, chosen } = await showOverlay('exhaustedSignatures')
    await expect
      .element(overlay.getByRole('heading', { name: 'You have used your free signatures' }))
      .toBeVisible()
    await expect
      .element(overlay.getByText('Your free plan has no signatures left. Choose a plan to go on signing.'))
      .toBeVisible()
    await expect.element(overlay.getByRole('button', { name: 'Not now' })).toBeEnabled()
    await overlay.getByRole('button', { name: 'See the plans' }).click()
    await expect.poll(() => chosen).toEqual(['upgrade'])
  })

  it('identity does not match: offers to identify again', async () => {
    const { overlay, chosen } = await showOverlay('serialNumberMismatch')
    await expect.element(overlay.getByRole('heading', { name: 'Your identity does not match' })).toBeVisible()
    await overlay.getByRole('button', { name: 'Identify again' }).click()
    await expect.poll(() => chosen).toEqual(['identify'])
  })
})
