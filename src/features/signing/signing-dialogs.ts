import { type DialogDefinition, defineDialog } from '../../ui/dialog/define-dialog.ts'
import type {
  MobileAesSubmission,
  Part11Submission,
  SecondFactorSubmission,
  SigningChoice,
  SigningOverlayProps,
} from './run-signing.ts'
import type { TanEntryProps } from './tan-entry-dialog.tsx'
import type { UpgradeStandardsChoice, UpgradeStandardsProps } from './upgrade-standards-dialog.tsx'
import type { VisualSignatureDataProps } from './visual-signature-data-dialog.tsx'

/** What a signing overlay submits; the signing overlay itself submits nothing (its action is the sign call). */
export type SigningSubmission =
  | SigningChoice
  | MobileAesSubmission
  | Part11Submission
  | SecondFactorSubmission
  | undefined

/** The signing dialogs of SPEC §2. */
export const signingDialogs = {
  signingTerms: defineDialog<void, void>()({
    name: 'signingTerms',
    namespace: 'document',
    load: () => import('./signing-terms-dialog.tsx').then((m) => m.SigningTermsDialog),
  }),
  /** Submits the name to sign with. */
  visualSignatureData: defineDialog<VisualSignatureDataProps, string>()({
    name: 'visualSignatureData',
    namespace: 'document',
    load: () => import('./visual-signature-data-dialog.tsx').then((m) => m.VisualSignatureDataDialog),
  }),
  upgradeStandards: defineDialog<UpgradeStandardsProps, UpgradeStandardsChoice>()({
    name: 'upgradeStandards',
    namespace: 'document',
    load: () => import('./upgrade-standards-dialog.tsx').then((m) => m.UpgradeStandardsDialog),
  }),
  /** Submits the TAN. */
  tanEntry: defineDialog<TanEntryProps, string>()({
    name: 'tanEntry',
    namespace: 'document',
    load: () => import('./tan-entry-dialog.tsx').then((m) => m.TanEntryDialog),
  }),
}

const signingOverlay = defineDialog<SigningOverlayProps, SigningSubmission>()
const overlays = () => import('./signing-overlays.tsx')
const failure = signingOverlay({
  name: 'signingFailure',
  layer: 'overlay',
  load: () => overlays().then((m) => m.SigningFailureOverlay),
})

// The signing overlays of SPEC §2, by the names the signing flow shows them with.
const signingOverlays: Record<string, DialogDefinition<SigningOverlayProps, SigningSubmission>> = {
  sealConfirmation: signingOverlay({
    name: 'sealConfirmation',
    layer: 'overlay',
    load: () => overlays().then((m) => m.SealConfirmationOverlay),
  }),
  signing: signingOverlay({
    name: 'signing',
    layer: 'overlay',
    load: () => overlays().then((m) => m.SigningOverlay),
  }),
  signingSuccess: signingOverlay({
    name: 'signingSuccess',
    layer: 'overlay',
    load: () => overlays().then((m) => m.SigningSuccessOverlay),
  }),
  signingFailure: failure,
  signingLocked: signingOverlay({
    name: 'signingLocked',
    layer: 'overlay',
    load: () => overlays().then((m) => m.SigningLockedOverlay),
  }),
  tanInvalid: signingOverlay({
    name: 'tanInvalid',
    layer: 'overlay',
    load: () => overlays().then((m) => m.TanInvalidOverlay),
  }),
  tanExpired: signingOverlay({
    name: 'tanExpired',
    layer: 'overlay',
    load: () => overlays().then((m) => m.TanExpiredOverlay),
  }),
  tanLocked: signingOverlay({
    name: 'tanLocked',
    layer: 'overlay',
    load: () => overlays().then((m) => m.TanLockedOverlay),
  }),
  exhaustedSignatures: signingOverlay({
    name: 'exhaustedSignatures',
    layer: 'overlay',
    load: () => overlays().then((m) => m.ExhaustedSignaturesOverlay),
  }),
  part11Verification: signingOverlay({
    name: 'part11Verification',
    layer: 'overlay',
    load: () => overlays().then((m) => m.Part11VerificationOverlay),
  }),
  mobileAes: signingOverlay({
    name: 'mobileAes',
    layer: 'overlay',
    load: () => overlays().then((m) => m.MobileAesOverlay),
  }),
  mobileRegistration: signingOverlay({
    name: 'mobileRegistration',
    layer: 'overlay',
    load: () => overlays().then((m) => m.MobileRegistrationOverlay),
  }),
  secondFactorEntry: signingOverlay({
    name: 'secondFactorEntry',
    layer: 'overlay',
    load: () => overlays().then((m) => m.SecondFactorOverlay),
  }),
  secondFactorSetup: signingOverlay({
    name: 'secondFactorSetup',
    layer: 'overlay',
    load: () => overlays().then((m) => m.SecondFactorSetupOverlay),
  }),
  serialNumberMismatch: signingOverlay({
    name: 'serialNumberMismatch',
    layer: 'overlay',
    load: () => overlays().then((m) => m.SerialNumberMismatchOverlay),
  }),
}

/** The signing overlay of SPEC §2 named `name`; the signing failure for a name it does not know. */
export function signingOverlayNamed(name: string): DialogDefinition<SigningOverlayProps, SigningSubmission> {
  return signingOverlays[name] ?? failure
}
