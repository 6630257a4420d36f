import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type {
  IdentificationErrorCode,
  IdentificationMethod,
  Legislation,
} from '../../../machines/identification/identification.types.ts'
import { type ErrorCodeOf, errorMessage } from '../../api/error-messages.ts'

/** Each method's name (SPEC §2 methods table). */
export const methodTitles: Record<IdentificationMethod, MessageDescriptor> = {
  video: msg`Video identification`,
  self: msg`Self identification with your ID document`,
  auto: msg`Automatic identification`,
  'id-austria': msg`Austrian eID (ID Austria)`,
  loc: msg`In person at a partner office`,
  'external-sc': msg`With an external signature card`,
}

/** Each legislation's name. */
export const legislationTitles: Record<Legislation, MessageDescriptor> = {
  eidas: msg`EU law (eIDAS)`,
  zertes: msg`Swiss law (ZertES)`,
}

/** Where each legislation's qualified signature is equal to a handwritten one. */
export const legislationUses: Record<Legislation, MessageDescriptor> = {
  eidas: msg`For documents signed under the law of an EU or EEA country.`,
  zertes: msg`For documents signed under Swiss law.`,
}

/** What each online method asks of the person, and how long it takes. */
export const methodNeeds: Partial<Record<IdentificationMethod, MessageDescriptor[]>> = {
  video: [
    msg`A valid passport or identity card`,
    msg`A device with a camera and microphone`,
    msg`About 10 minutes with an agent in a video call`,
  ],
  self: [
    msg`A valid passport or identity card`,
    msg`A device with a camera`,
    msg`About 5 minutes: photos of your document and a short selfie video`,
  ],
  auto: [
    msg`A valid passport or identity card with a chip`,
    msg`A smartphone with a camera`,
    msg`About 5 minutes, no appointment`,
  ],
  'id-austria': [msg`Your ID Austria login`, msg`About 2 minutes`],
}

/** What each method unlocks. */
export const methodGives: Partial<Record<IdentificationMethod, MessageDescriptor>> = {
  video: msg`Unlocks the qualified electronic signature (QES) of this legislation.`,
  self: msg`Unlocks the advanced electronic signature (AES).`,
  auto: msg`Unlocks the qualified electronic signature (QES) of this legislation.`,
  'id-austria': msg`Unlocks the qualified electronic signature (QES) under EU law.`,
}

/** The flow's failures, and the identification calls' refusals. */
export const identificationErrors: Record<
  IdentificationErrorCode | ErrorCodeOf<'identification'>,
  MessageDescriptor
> = {
  'identification.coverage_failed': msg`We could not check who pays for your identification. Please try again.`,
  'identification.start_failed': msg`The identification could not be started. Please try again.`,
  'identification.payment_failed': msg`The payment could not be started. Please try again later.`,
  'identification.payment_declined': msg`The payment did not go through and nothing was charged. Please try another card.`,
  'identification.payment_required': msg`Your identification is no longer paid for: pay for a licence first to start this method.`,
  'identification.not_found': msg`This identification method or appointment is not available. Please reload the page and choose again.`,
  'identification.webhook_invalid': msg`The identification provider's message could not be verified and was ignored.`,
  'identification.covered': msg`Your identification is already paid for by your business or an earlier licence; there is nothing to buy.`,
  'identification.payment_processing': msg`Your earlier payment is still being processed by the bank. Please wait until it is confirmed before paying again.`,
  'identification.legislation_required': msg`This request does not say which law its signature follows. Please choose Swiss or EU law first.`,
}

/** The message of an identification call's error code, or the app's own for other codes. */
export function identificationErrorMessage(code: string): MessageDescriptor {
  return identificationErrors[code as keyof typeof identificationErrors] ?? errorMessage(code)
}
