import type { ReactNode } from 'react'
import { type ActorRefFrom, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate'
import type { FormValue } from '../../../contract/form-fields.ts'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import type { DialogActionResult } from '../../../machines/dialog/dialog.types.ts'
import { signingMachine } from '../../../machines/signing/signing.machine.ts'
import { type SigningOverlay, stepOverlay } from '../../../machines/signing/signing.selectors.ts'
import type {
  Part11Confirmation,
  Part11Meaning,
  SealChoice,
  SigningCredit,
  SigningEvent,
  SigningStep,
} from '../../../machines/signing/signing.types.ts'
import type { UiActors } from '../../app/ui-actors.ts'
import { inspect } from '../../lib/inspect.ts'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import type { SigningCalls } from './signing-calls.ts'
import { signingDialogs, signingOverlayNamed } from './signing-dialogs.ts'
import { SigningFailure } from './signing-failure.ts'
import type { UpgradeStandardsChoice, UpgradeStandardsProps } from './upgrade-standards-dialog.tsx'

/** The running signing machine of one signing, which the TAN entry dialog follows. */
export type SigningActor = ActorRefFrom<typeof signingMachine>

/** What a signing overlay's buttons submit; each is one event of the signing machine. */
export type SigningChoice =
  | 'close'
  | 'retry'
  | 'retryTan'
  | 'resend'
  | 'upgrade'
  | 'identify'
  | 'confirmSeal'
  | 'setUpSecondFactor'

/** What the mobile AES overlay submits: the one-time password of the SMS. */
export type MobileAesSubmission = { pwdotp: string }

/** What the second-factor overlay submits: the code of the authenticator app or a recovery code. */
export type SecondFactorSubmission = { secondFactorCode: string }

/** What the Part 11 verification overlay submits. */
export type Part11Submission = { part11: Part11Confirmation }

/** Props every signing overlay is opened with. */
export interface SigningOverlayProps {
  /** Title of the request being signed. */
  title: string
  /** Why the last step failed: the server's refusal of the sign call (signing failure), or the machine's code. */
  reason?: unknown
  /** Whether the failure overlay may try again (the machine's failure state), or only close. */
  canRetry?: boolean
  /** Shown under the success message (a direct signer's redirect countdown). */
  detail?: ReactNode
  /** The name and meaning the Part 11 verification starts from (the signer's last, else their name). */
  part11Defaults?: Part11Meaning
  /**
   * What confirms the Part 11 verification: the account's password, entered there, or (a direct-link signer)
   * the TAN asked for next.
   */
  part11Credential?: 'password' | 'tan'
  /** The running signing, which the mobile AES and mobile registration overlays follow. */
  signing?: SigningActor
  /** The masked number the SMS of a qualified signing went to. */
  maskedMobile?: string
  /** The TAN in question came by SMS (a qualified signing), not by e-mail. */
  viaSms?: boolean
  /** How many more TANs the signer may enter after a wrong one, when the server said. */
  tanTriesLeft?: number
  /** The seal the signing seals with, as the machine holds it: the overlays name it. */
  seal?: SealChoice
  /** Who seals: the name the request's history records beside the seal. */
  sealedBy?: string
  /** Why the last second-factor code was refused (wrong, or used before). */
  secondFactorError?: SigningFailure
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
  /** The signer's values of their fields besides the signature. */
  formValues: FormValue[]
  /** The sign call was refused (a 400 naming a field's value shows at that field). */
  onRefused: (error: unknown) => void
  /** The seal the signer seals with, if they chose one instead of their own name. */
  seal?: SealChoice
  /** The signer's own name, which the history records beside a seal. */
  signerName: string
  /** The UI language, for the mails the signing sends. */
  language: string
  /** The name and meaning a Part 11 verification starts from. */
  part11Defaults: Part11Meaning
  credit: SigningCredit
  /** The request was signed (the success overlay is showing). */
  onSigned: () => void
  /** The signer chose to see the plans from the exhausted-signatures overlay. */
  onUpgrade: () => void
  /** Opens an app path: identification for this request. */
  onNavigate: (path: string) => void
  /** The quality the request asks for, which identification must unlock (`identification_required`). */
  requestQuality?: 'aes' | 'qes'
  successDetail?: ReactNode
  /** Aborted when the user leaves the page the flow was opened on: the flow ends there. */
  signal: AbortSignal
}

// The registered overlay of each machine overlay; the TAN entry and upgrade standards are dialogs.
const overlayNames: Partial<Record<SigningOverlay, string>> = {
  'mobile-aes': 'mobileAes',
  'mobile-registration': 'mobileRegistration',
  'serial-number-mismatch': 'serialNumberMismatch',
  signing: 'signing',
  'seal-confirmation': 'sealConfirmation',
  'signing-success': 'signingSuccess',
  'signing-failure': 'signingFailure',
  'signing-locked': 'signingLocked',
  'tan-invalid': 'tanInvalid',
  'tan-expired': 'tanExpired',
  'tan-locked': 'tanLocked',
  'exhausted-signatures': 'exhaustedSignatures',
  'part-11-verification': 'part11Verification',
  'second-factor-entry': 'secondFactorEntry',
  'second-factor-setup': 'secondFactorSetup',
}

// The machine's Part 11 steps and what confirms each.
const part11Credentials: Partial<Record<SigningStep, 'password' | 'tan'>> = {
  part11Verification: 'password',
  part11Meaning: 'tan',
}

const choiceEvents: Record<SigningChoice, SigningEvent> = {
  close: { type: 'overlay.close' },
  retry: { type: 'signing.retry' },
  retryTan: { type: 'tan.retry' },
  resend: { type: 'tan.resend' },
  upgrade: { type: 'overlay.close' },
  identify: { type: 'overlay.close' },
  confirmSeal: { type: 'seal.confirm' },
  setUpSecondFactor: { type: 'overlay.close' },
}

/** The step a snapshot is on: its top-level state. */
const stepOf = (snapshot: SnapshotFrom<typeof signingMachine>): string =>
  typeof snapshot.value === 'string' ? snapshot.value : (Object.keys(snapshot.value)[0] ?? '')

const isChoice = (value: unknown): value is SigningChoice =>
  typeof value === 'string' && Object.hasOwn(choiceEvents, value)

const isPart11 = (value: unknown): value is Part11Submission =>
  typeof value === 'object' && value !== null && 'part11' in value

const isSecondFactor = (value: unknown): value is SecondFactorSubmission =>
  typeof value === 'object' && value !== null && 'secondFactorCode' in value

const isMobileAes = (value: unknown): value is MobileAesSubmission =>
  typeof value === 'object' && value !== null && 'pwdotp' in value

/**
 * Runs the signing machine (machines/signing) with the sign, TAN and mobile number calls, and shows each step
 * it presents on the overlay host (SPEC §2, §4) or, for the TAN and identification, on the dialog host. An
 * overlay's handler sends the machine its event and waits until the machine settles; the overlay the next
 * step opens replaces it, and without one the host closes it. Resolves when the flow has ended.
 */
export function runSigning(run: SigningRun): Promise<void> {
  const machine = signingMachine.provide({
    actors: {
      sign: fromPromise(({ input }) =>
        run.calls
          .sign({
            requestId: run.requestId,
            signingName: run.signingName,
            documentSignatures: run.documentSignatures,
            formValues: run.formValues,
            language: run.language,
            tan: input.tan,
            part11: input.part11,
            sealAccountName: input.sealAccountName,
            secondFactorCode: input.secondFactorCode,
          })
          .catch((error: unknown) => {
            run.onRefused(error)
            throw error
          }),
      ),
      resendTan: fromPromise(() => run.calls.resendTan()),
      proceedMobileAes: fromPromise(({ input }) =>
        run.calls.proceedMobile(input.mobileSigning, run.requestId, input.pwdotp),
      ),
      resendMobileAes: fromPromise(({ input }) => run.calls.resendMobile(input)),
      cancelMobileAes: fromPromise(({ input }) => run.calls.cancelMobile(input)),
      mobileId: run.calls.mobileId,
    },
  })
  const actor = createActor(machine, { inspect })
  // Signing the request's last signature ends its sign action (the request is no longer open), which aborts
  // too: the success overlay stays until its Done, and the overlay host closes it if the page is left.
  run.signal.addEventListener(
    'abort',
    () => {
      if (!actor.getSnapshot().matches('success')) actor.send({ type: 'signing.leave' })
    },
    { once: true },
  )

  const act = async (value: unknown): Promise<DialogActionResult> => {
    const before = stepOf(actor.getSnapshot())
    if (isChoice(value)) {
      actor.send(choiceEvents[value])
      if (value === 'upgrade') run.onUpgrade()
      if (value === 'identify') run.onNavigate(run.calls.identificationPath(run.requestId))
      if (value === 'setUpSecondFactor') run.onNavigate('/profile/security')
    } else if (isMobileAes(value)) {
      actor.send({ type: 'mobileAes.submit', pwdotp: value.pwdotp })
    } else if (isPart11(value)) {
      actor.send({ type: 'part11.submit', ...value.part11 })
    } else if (isSecondFactor(value)) {
      actor.send({ type: 'secondFactor.submit', code: value.secondFactorCode })
    }
    const after = await waitFor(actor, (s) => !s.hasTag('busy'))
    // Still on the same step, with a reason: the overlay stays and says it.
    if (stepOf(after) === before && after.context.errorCode) throw new SigningFailure(after.context.errorCode)
    return 'complete'
  }

  const askTan = () => {
    void openDialog(run.ui, signingDialogs.tanEntry, {
      props: { signing: actor },
      action: async ({ value }) => {
        actor.send({ type: 'tan.submit', tan: value })
      },
    }).then((submitted) => {
      if (!submitted && actor.getSnapshot().matches('awaitingTan')) actor.send({ type: 'overlay.close' })
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

  // Each step the machine enters is shown once, as it enters it.
  actor.on('signing.present', ({ step }) => {
    const { context } = actor.getSnapshot()
    if (step === 'success') run.onSigned()
    if (step === 'awaitingTan') return askTan()
    if (step === 'identificationRequired') return askIdentification()
    const overlay = stepOverlay(step)
    const name = (overlay && overlayNames[overlay]) ?? 'signingFailure'
    const part11Credential = part11Credentials[step]
    const props: SigningOverlayProps = {
      title: run.requestTitle,
      // A refused sign call says why; a wrong Part 11 password is said in the verification asked again.
      reason:
        step === 'failure'
          ? (context.refusal ?? 'server.error')
          : step === 'part11Verification' && context.errorCode
            ? new SigningFailure(context.errorCode)
            : undefined,
      canRetry: step === 'failure',
      detail: step === 'success' ? run.successDetail : undefined,
      ...(part11Credential ? { part11Defaults: context.part11Defaults, part11Credential } : {}),
      ...(step === 'mobileAes' || step === 'registeringMobile'
        ? { signing: actor, maskedMobile: context.mobileSigning?.maskedMobile }
        : {}),
      // A one-time password locked after a qualified signing's SMS, not a mailed TAN.
      ...(step === 'tanLocked' && context.mobileSigning ? { viaSms: true } : {}),
      ...(step === 'tanInvalid' ? { tanTriesLeft: context.tanTriesLeft } : {}),
      ...(step === 'awaitingSecondFactor' && context.errorCode
        ? { secondFactorError: new SigningFailure(context.errorCode) }
        : {}),
      ...(context.seal ? { seal: context.seal, sealedBy: run.signerName } : {}),
    }
    void openDialog(run.ui, signingOverlayNamed(name), {
      props,
      action: ({ value }) => act(value),
      // The signing overlay's handler is the sign call itself: it runs with the loading flag at once.
      submitted: step === 'signing' ? { value: undefined } : undefined,
    })
  })

  actor.start()
  actor.send({
    type: 'signing.start',
    credit: run.credit,
    seal: run.seal,
    part11Defaults: run.part11Defaults,
  })
  // The flow ends when the machine comes back to idle, or is done after the success overlay.
  return waitFor(actor, (s) => s.matches('idle') || s.status === 'done').then(() => {
    actor.stop()
  })
}
