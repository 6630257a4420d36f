import type { ReactNode } from 'react'
import { type ActorRefFrom, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import type { DialogActionResult } from '../../../machines/dialog/dialog.types.ts'
import { signingMachine } from '../../../machines/signing/signing.machine.ts'
import { type SigningOverlay, selectSigningOverlay } from '../../../machines/signing/signing.selectors.ts'
import type {
  Part11Confirmation,
  SealChoice,
  SigningCredit,
  SigningEvent,
} from '../../../machines/signing/signing.types.ts'
import type { UiActors } from '../../app/ui-actors.ts'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import type { MobileSigning, SigningCalls } from './signing-calls.ts'
import { signingDialogs, signingOverlayNamed } from './signing-dialogs.ts'
import { SigningFailure } from './signing-failure.ts'
import type { UpgradeStandardsChoice, UpgradeStandardsProps } from './upgrade-standards-dialog.tsx'

/** The running signing machine of one signing, which the TAN entry dialog follows. */
export type SigningActor = ActorRefFrom<typeof signingMachine>

/** What a signing overlay's buttons submit; each is one event of the signing machine. */
export type SigningChoice =
  | 'close'
  | 'retry'
  | 'resend'
  | 'upgrade'
  | 'identify'
  | 'registerMobile'
  | 'confirmSeal'

/** What the mobile AES overlay submits: the one-time password of the SMS. */
export type MobileAesSubmission = { pwdotp: string }

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
  /**
   * What confirms the Part 11 verification: the account's password, entered there, or (a direct-link signer)
   * the TAN asked for next.
   */
  part11Credential?: 'password' | 'tan'
  /** The running signing, which the mobile AES overlay follows (new SMS, tries left). */
  signing?: SigningActor
  /** The masked number the SMS of a qualified signing went to. */
  maskedMobile?: string
  /** The TAN in question came by SMS (a qualified signing), not by e-mail. */
  viaSms?: boolean
  /** The seal the signing seals with, as the machine holds it: the overlays name it. */
  seal?: SealChoice
  /** Who seals: the name the request's history records beside the seal. */
  sealedBy?: string
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
  seal?: SealChoice
  /** The signer's own name, which the history records beside a seal. */
  signerName: string
  /** The UI language, for the mails the signing sends. */
  language: string
  /** The name and meaning a Part 11 verification starts from. */
  part11Defaults: { signingName: string; signingReason: string }
  credit: SigningCredit
  /** The request was signed (the success overlay is showing). */
  onSigned: () => void
  /** The signer chose to see the plans from the exhausted-signatures overlay. */
  onUpgrade: () => void
  /** Opens an app path: identification for this request, or the mobile number's registration. */
  onNavigate: (path: string) => void
  /** The quality the request asks for, which identification must unlock (`identification_required`). */
  requestQuality?: 'aes' | 'qes'
  successDetail?: ReactNode
  /** Aborted when the user leaves the page the flow was opened on: the flow ends there. */
  signal: AbortSignal
}

/** Where a signer registers the mobile number qualified signatures are confirmed with. */
const mobileIdPath = '/profile/signature-standards/mobile-id'

// The registered overlay of each machine overlay; the TAN entry and upgrade standards are dialogs.
const overlayNames: Partial<Record<SigningOverlay, string>> = {
  'mobile-aes': 'mobileAes',
  'serial-number-mismatch': 'serialNumberMismatch',
  signing: 'signing',
  'seal-confirmation': 'sealConfirmation',
  'signing-success': 'signingSuccess',
  'signing-failure': 'signingFailure',
  'signing-locked': 'signingLocked',
  'tan-expired': 'tanExpired',
  'tan-locked': 'tanLocked',
  'exhausted-signatures': 'exhaustedSignatures',
  'part-11-verification': 'part11Verification',
}

// The machine's Part 11 states and what confirms each.
const part11Credentials: Record<string, 'password' | 'tan'> = {
  part11Verification: 'password',
  part11Meaning: 'tan',
}

const choiceEvents: Record<SigningChoice, SigningEvent> = {
  close: { type: 'overlay.close' },
  retry: { type: 'signing.retry' },
  resend: { type: 'tan.resend' },
  upgrade: { type: 'overlay.close' },
  identify: { type: 'overlay.close' },
  registerMobile: { type: 'overlay.close' },
  confirmSeal: { type: 'seal.confirm' },
}

type SigningSnapshot = SnapshotFrom<typeof signingMachine>

const topState = (snapshot: SigningSnapshot): string =>
  typeof snapshot.value === 'string' ? snapshot.value : (Object.keys(snapshot.value)[0] ?? '')

const isChoice = (value: unknown): value is SigningChoice =>
  typeof value === 'string' && Object.hasOwn(choiceEvents, value)

const isPart11 = (value: unknown): value is Part11Submission =>
  typeof value === 'object' && value !== null && 'part11' in value

const isMobileAes = (value: unknown): value is MobileAesSubmission =>
  typeof value === 'object' && value !== null && 'pwdotp' in value

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
  // The qualified signing the last sign call started, which the one-time password confirms.
  let mobile: MobileSigning | undefined
  const mobileSigning = () => {
    if (mobile === undefined) throw new Error('signing: no mobile signing was started')
    return mobile
  }
  const machine = signingMachine.provide({
    actors: {
      sign: fromPromise(async ({ input }) => {
        try {
          const { mobileSigning: started, ...outcome } = await run.calls.sign({
            requestId: run.requestId,
            signingName: run.signingName,
            documentSignatures: run.documentSignatures,
            language: run.language,
            tan: input.tan,
            part11: input.part11,
            sealAccountName: input.sealAccountName,
          })
          if (started) mobile = started
          return outcome
        } catch (error) {
          lastError = error
          throw error
        }
      }),
      resendTan: fromPromise(() => run.calls.resendTan()),
      proceedMobileAes: fromPromise(({ input }) =>
        run.calls.proceedMobile(mobileSigning(), run.requestId, input.pwdotp),
      ),
      resendMobileAes: fromPromise(() => run.calls.resendMobile(mobileSigning())),
      cancelMobileAes: fromPromise(() => run.calls.cancelMobile(mobileSigning())),
    },
  })
  const actor = createActor(machine)
  // Signing the request's last signature ends its sign action (the request is no longer open), which aborts
  // too: the success overlay stays until its Done, and the overlay host closes it if the page is left.
  run.signal.addEventListener(
    'abort',
    () => {
      if (topState(actor.getSnapshot()) !== 'success') actor.send({ type: 'signing.leave' })
    },
    { once: true },
  )

  const act = async (value: unknown): Promise<DialogActionResult> => {
    const before = topState(actor.getSnapshot())
    if (isChoice(value)) {
      actor.send(choiceEvents[value])
      if (value === 'upgrade') run.onUpgrade()
      if (value === 'identify') run.onNavigate(run.calls.identificationPath(run.requestId))
      if (value === 'registerMobile')
        run.onNavigate(`${mobileIdPath}?signatureRequestId=${encodeURIComponent(run.requestId)}`)
    } else if (isMobileAes(value)) {
      actor.send({ type: 'mobileAes.submit', pwdotp: value.pwdotp })
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
    void openDialog(run.ui, signingDialogs.tanEntry, {
      props: { signing: actor },
      action: async ({ value }) => {
        actor.send({ type: 'tan.submit', tan: value })
      },
    }).then((submitted) => {
      if (!submitted && topState(actor.getSnapshot()) === 'awaitingTan') actor.send({ type: 'overlay.close' })
    })
  }

  // The request asks for more than the signer holds: they identify first, then come back to sign.
  const askIdentification = () => {
    let choice: UpgradeStandardsChoice | undefined
    const props: UpgradeStandardsProps = { quality: run.requestQuality ?? 'qes', required: true }
    void openDialog(run.ui, signingDialogs.upgradeStandards, {
      props,
      action: async ({ value }) => {
        choice = value
      },
    }).then(() => {
      actor.send({ type: 'overlay.close' })
      if (choice === 'upgrade') run.onNavigate(run.calls.identificationPath(run.requestId))
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
      if (state === 'identificationRequired') {
        askIdentification()
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
        ...(Object.hasOwn(part11Credentials, state)
          ? { part11Defaults, part11Credential: part11Credentials[state] }
          : {}),
        ...(state === 'mobileAes' ? { signing: actor, maskedMobile: mobile?.maskedMobile } : {}),
        ...(state === 'tanLocked' && previous === 'mobileAes' ? { viaSms: true } : {}),
        ...(snapshot.context.seal ? { seal: snapshot.context.seal, sealedBy: run.signerName } : {}),
      }
      void openDialog(run.ui, signingOverlayNamed(name), {
        props,
        action: ({ value }) => act(value),
        // The signing overlay's handler is the sign call itself: it runs with the loading flag at once.
        submitted: state === 'signing' ? { value: undefined } : undefined,
      })
    })
    actor.start()
    actor.send({ type: 'signing.start', credit: run.credit, seal: run.seal })
  })
}
