import type { ReactNode } from 'react'
import { type ActorRefFrom, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import type { OverlayActionResult } from '../../../machines/overlay/overlay.types.ts'
import { signingMachine } from '../../../machines/signing/signing.machine.ts'
import { type SigningOverlay, selectSigningOverlay } from '../../../machines/signing/signing.selectors.ts'
import type {
  Part11Confirmation,
  SigningCredit,
  SigningEvent,
} from '../../../machines/signing/signing.types.ts'
import type { UiActors } from '../../app/ui-actors.ts'
import { openDialog } from '../../ui/dialog/open-dialog.ts'
import { openOverlay } from '../../ui/overlay/open-overlay.ts'
import type { SigningCalls } from './signing-calls.ts'
import { SigningFailure } from './signing-failure.ts'

/** The running signing machine of one signing, which the TAN entry dialog follows. */
export type SigningActor = ActorRefFrom<typeof signingMachine>

/** What a signing overlay's buttons submit; each is one event of the signing machine. */
export type SigningChoice = 'close' | 'retry' | 'resend' | 'upgrade'

/** What the Part 11 verification overlay submits. */
export type Part11Submission = { part11: Part11Confirmation }

/** Props every signing overlay is opened with. */
export interface SigningOverlayProps {
  /** Title of the request being signed. */
  title: string
  /** Why the last sign call failed (signing failure). */
  reason?: unknown
  /** Whether the failure overlay may try again (the machine's failure state), or only close. */
  canRetry?: boolean
  /** Shown under the success message (a direct signer's redirect countdown). */
  detail?: ReactNode
  /** The name and meaning the Part 11 verification starts from (the signer's last, else their name). */
  part11Defaults?: { signingName: string; signingReason: string }
}

/** One signing, from the sign call to the overlay that ends it. */
export interface SigningRun {
  ui: UiActors
  calls: SigningCalls
  requestId: string
  requestTitle: string
  signingName: string
  /** Where the signature goes on each document, as the signer saw it. */
  documentSignatures?: SignatureField[]
  /** The seal the signer seals with, if they chose one instead of their own name. */
  sealAccountName?: string
  /** The UI language, for the mails the signing sends. */
  language: string
  /** The name and meaning a Part 11 verification starts from. */
  part11Defaults: { signingName: string; signingReason: string }
  credit: SigningCredit
  /** The request was signed (the success overlay is showing). */
  onSigned: () => void
  /** The signer chose to see the plans from the exhausted-signatures overlay. */
  onUpgrade: () => void
  successDetail?: ReactNode
  /** Aborted when the user leaves the page the flow was opened on: the flow ends there. */
  signal: AbortSignal
}

// The registered overlay of each machine overlay; the TAN entry is a dialog. Overlays of flows this
// app does not offer yet (mobile AES, serial numbers) show as a failure that only closes.
const overlayNames: Partial<Record<SigningOverlay, string>> = {
  signing: 'signing',
  'signing-success': 'signingSuccess',
  'signing-failure': 'signingFailure',
  'signing-locked': 'signingLocked',
  'tan-expired': 'tanExpired',
  'tan-locked': 'tanLocked',
  'exhausted-signatures': 'exhaustedSignatures',
  'part-11-verification': 'part11Verification',
}

const choiceEvents: Record<SigningChoice, SigningEvent> = {
  close: { type: 'overlay.close' },
  retry: { type: 'signing.retry' },
  resend: { type: 'tan.resend' },
  upgrade: { type: 'overlay.close' },
}

type SigningSnapshot = SnapshotFrom<typeof signingMachine>

const topState = (snapshot: SigningSnapshot): string =>
  typeof snapshot.value === 'string' ? snapshot.value : (Object.keys(snapshot.value)[0] ?? '')

const isChoice = (value: unknown): value is SigningChoice =>
  typeof value === 'string' && Object.hasOwn(choiceEvents, value)

const isPart11 = (value: unknown): value is Part11Submission =>
  typeof value === 'object' && value !== null && 'part11' in value

/**
 * Runs the signing machine (machines/signing) with the sign and TAN calls, and shows each of its
 * states on the overlay host (SPEC §2, §4) or, for the TAN, on the dialog host. An overlay's
 * handler sends the machine its event and waits until the machine settles; the overlay the next
 * state opens replaces it, and without one the host closes it. Resolves when the flow has ended.
 */
export function runSigning(run: SigningRun): Promise<void> {
  let lastError: unknown = null
  // Asked again after a wrong password, the verification keeps the name and meaning given.
  let part11Defaults = run.part11Defaults
  const machine = signingMachine.provide({
    actors: {
      sign: fromPromise(async ({ input }) => {
        try {
          return await run.calls.sign({
            requestId: run.requestId,
            signingName: run.signingName,
            documentSignatures: run.documentSignatures,
            language: run.language,
            tan: input.tan,
            part11: input.part11,
            sealAccountName: run.sealAccountName,
          })
        } catch (error) {
          lastError = error
          throw error
        }
      }),
      resendTan: fromPromise(() => run.calls.resendTan()),
    },
  })
  const actor = createActor(machine)
  run.signal.addEventListener('abort', () => actor.send({ type: 'signing.leave' }), { once: true })

  const act = async (value: unknown): Promise<OverlayActionResult> => {
    const before = topState(actor.getSnapshot())
    if (isChoice(value)) {
      actor.send(choiceEvents[value])
      if (value === 'upgrade') run.onUpgrade()
    } else if (isPart11(value)) {
      const { signingName, signingReason } = value.part11
      part11Defaults = { signingName, signingReason }
      actor.send({ type: 'part11.submit', ...value.part11 })
    }
    const after = await waitFor(actor, (s) => !s.hasTag('busy'))
    if (topState(after) === before && after.context.errorCode)
      throw new SigningFailure(after.context.errorCode)
    return 'complete'
  }

  const askTan = (previous: string) => {
    // A TAN is mailed when the sign call asks for one (unless the last mail's TAN still stands, which the
    // server says); later ones only when the signer asks. A wrong TAN is said in the entry, mailing nothing.
    const wrongTan = actor.getSnapshot().context.errorCode === 'signing.tan_invalid'
    if (previous === 'signing' && !wrongTan) queueMicrotask(() => actor.send({ type: 'tan.resend' }))
    void openDialog(run.ui.dialogs, {
      name: 'tanEntry',
      namespace: 'document',
      props: { signing: actor },
      action: async ({ value }) => {
        actor.send({ type: 'tan.submit', tan: String(value) })
      },
    }).then((submitted) => {
      if (!submitted && topState(actor.getSnapshot()) === 'awaitingTan') actor.send({ type: 'overlay.close' })
    })
  }

  return new Promise((resolve) => {
    // The machine starts idle; coming back to idle (or done) later ends the flow.
    let shown = 'idle'
    const subscription = actor.subscribe((snapshot) => {
      const state = topState(snapshot)
      if (state === shown) return
      const previous = shown
      shown = state
      if (state === 'idle' || state === 'done') {
        subscription.unsubscribe()
        actor.stop()
        resolve()
        return
      }
      if (state === 'success') run.onSigned()
      if (state === 'awaitingTan') {
        askTan(previous)
        return
      }
      const overlay = selectSigningOverlay(snapshot)
      const name = (overlay && overlayNames[overlay]) ?? 'signingFailure'
      const { errorCode } = snapshot.context
      const props: SigningOverlayProps = {
        title: run.requestTitle,
        // A failed sign call says why; a wrong Part 11 password is said in the verification asked again.
        reason:
          state === 'failure'
            ? lastError
            : state === 'part11Verification' && errorCode
              ? new SigningFailure(errorCode)
              : undefined,
        canRetry: state === 'failure',
        detail: state === 'success' ? run.successDetail : undefined,
        ...(state === 'part11Verification' ? { part11Defaults } : {}),
      }
      openOverlay(run.ui.overlays, { name, props: { ...props }, action: ({ value }) => act(value) })
      // The signing overlay's handler is the sign call itself: it runs with the loading flag at once.
      if (state === 'signing') run.ui.overlays.send({ type: 'overlay.action' })
    })
    actor.start()
    actor.send({ type: 'signing.start', credit: run.credit })
  })
}
