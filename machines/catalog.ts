import type { AnyStateMachine } from 'xstate'
import { bulkSendMachine } from './bulk-send/bulk-send.machine.ts'
import { businessPaymentMachine } from './business-payment/business-payment.machine.ts'
import { paymentMethodFormMachine } from './business-payment/payment-method-form.machine.ts'
import { planCheckoutMachine } from './business-payment/plan-checkout.machine.ts'
import { dialogHostMachine } from './dialog/dialog-host.machine.ts'
import { embeddedSigningMachine } from './embedded-signing/embedded-signing.machine.ts'
import { fieldPlacementMachine } from './field-placement/field-placement.machine.ts'
import { formFillingMachine } from './form-filling/form-filling.machine.ts'
import { guidanceMachine } from './guidance/guidance.machine.ts'
import { identificationMachine } from './identification/identification.machine.ts'
import { invitationMachine } from './invitation/invitation.machine.ts'
import { loginMachine } from './login/login.machine.ts'
import { maintenanceMachine } from './maintenance/maintenance.machine.ts'
import { mobileIdMachine } from './mobile-id/mobile-id.machine.ts'
import { pageLoadingMachine } from './page-loading/page-loading.machine.ts'
import { passkeyRegistrationMachine } from './passkey-registration/passkey-registration.machine.ts'
import { publicVisitMachine } from './public-visit/public-visit.machine.ts'
import { redirectMachine } from './redirect/redirect.machine.ts'
import { serverTimeMachine } from './server-time/server-time.machine.ts'
import { sessionMachine } from './session/session.machine.ts'
import { signatureRequestMachine } from './signature-request/signature-request.machine.ts'
import { signingMachine } from './signing/signing.machine.ts'
import { signupMachine } from './signup/signup.machine.ts'
import { snackbarQueueMachine } from './snackbar/snackbar-queue.machine.ts'
import { uploadMachine } from './upload/upload.machine.ts'
import { visualSignatureEditorMachine } from './visual-signature-editor/visual-signature-editor.machine.ts'

/** A translatable text with a stable id and its English source. */
interface StatechartText {
  id: string
  message: string
}

/** One statechart as designers see it: in docs/statecharts and at /statecharts. */
export interface StatechartEntry {
  /** kebab-case id, also the diagram's file name. */
  id: string
  /** A message descriptor (Lingui extracts it): the app translates it, the docs use its English. */
  title: StatechartText
  /** The SPEC sections the machine implements. */
  spec: string
  summary: StatechartText
  machine: AnyStateMachine
}

/** Every statechart of the product, in the order the SPEC introduces them. */
export const statecharts: readonly StatechartEntry[] = [
  {
    id: 'session',
    title: /*i18n*/ { id: 'statechart.session.title', message: 'Session and role' },
    spec: '§4, §6, §9',
    summary: /*i18n*/ {
      id: 'statechart.session.summary',
      message: 'Restoring, signing in and out, direct-sign sessions, token expiry and 401 handling.',
    },
    machine: sessionMachine,
  },
  {
    id: 'login',
    title: /*i18n*/ { id: 'statechart.login.title', message: 'Sign-in steps' },
    spec: '§2, issue 42',
    summary: /*i18n*/ {
      id: 'statechart.login.summary',
      message: 'The password, then the code of a second factor or a recovery code when the account has one.',
    },
    machine: loginMachine,
  },
  {
    id: 'passkey-registration',
    title: /*i18n*/ { id: 'statechart.passkey-registration.title', message: 'Adding a passkey' },
    spec: 'issue 42',
    summary: /*i18n*/ {
      id: 'statechart.passkey-registration.summary',
      message:
        'The password checked, the authenticator asked to make the passkey, and the passkey saved under its name.',
    },
    machine: passkeyRegistrationMachine,
  },
  {
    id: 'signup',
    title: /*i18n*/ { id: 'statechart.signup.title', message: 'Sign-up steps' },
    spec: '§2, §3, §5',
    summary: /*i18n*/ {
      id: 'statechart.signup.summary',
      message: 'Name, password and terms after the confirmed e-mail, then the account is registered.',
    },
    machine: signupMachine,
  },
  {
    id: 'invitation',
    title: /*i18n*/ { id: 'statechart.invitation.title', message: 'Invitation link' },
    spec: '§2, §6',
    summary: /*i18n*/ {
      id: 'statechart.invitation.summary',
      message:
        'Who invites to which business, before signing in; an invitation no longer open says so; the signup link for the invited address.',
    },
    machine: invitationMachine,
  },
  {
    id: 'signature-request',
    title: /*i18n*/ { id: 'statechart.signature-request.title', message: 'Signature request lifecycle' },
    spec: '§4',
    summary: /*i18n*/ {
      id: 'statechart.signature-request.summary',
      message:
        'DRAFT to OPEN, then SIGNED, DECLINED or WITHDRAWN; the server accepts or refuses calls with it.',
    },
    machine: signatureRequestMachine,
  },
  {
    id: 'upload',
    title: /*i18n*/ { id: 'statechart.upload.title', message: 'Uploading documents' },
    spec: '§2, §4',
    summary: /*i18n*/ {
      id: 'statechart.upload.summary',
      message:
        'Files queued and uploaded one by one into a new draft, sending it, and discarding an empty draft on leaving.',
    },
    machine: uploadMachine,
  },
  {
    id: 'bulk-send',
    title: /*i18n*/ { id: 'statechart.bulk-send.title', message: 'Bulk send from a template' },
    spec: 'issue 41 §2',
    summary: /*i18n*/ {
      id: 'statechart.bulk-send.summary',
      message:
        'A CSV or XLSX file checked row by row, its refused cells shown, then its valid rows sent as requests.',
    },
    machine: bulkSendMachine,
  },
  {
    id: 'field-placement',
    title: /*i18n*/ { id: 'statechart.field-placement.title', message: 'Placing fields' },
    spec: '§2, §3',
    summary: /*i18n*/ {
      id: 'statechart.field-placement.summary',
      message:
        'The sender picks a signer and a kind of field (signature, text, date, checkbox, initials, maybe on every page, name, e-mail, company) and clicks a page to place it, moves, resizes, edits or removes fields, each change stored in turn.',
    },
    machine: fieldPlacementMachine,
  },
  {
    id: 'identification',
    title: /*i18n*/ { id: 'statechart.identification.title', message: 'Identification' },
    spec: '§2, §4',
    summary: /*i18n*/ {
      id: 'statechart.identification.summary',
      message:
        'Legislation, coverage and method, then the appointment until the qualified signature is active.',
    },
    machine: identificationMachine,
  },
  {
    id: 'signing',
    title: /*i18n*/ { id: 'statechart.signing.title', message: 'Signing overlays' },
    spec: '§2, §4, §6',
    summary: /*i18n*/ {
      id: 'statechart.signing.summary',
      message: 'Signing with TAN, mobile AES and part 11 steps, and every overlay the sign call can lead to.',
    },
    machine: signingMachine,
  },
  {
    id: 'form-filling',
    title: /*i18n*/ { id: 'statechart.form-filling.title', message: 'Fields besides the signature' },
    spec: '§2, §4',
    summary: /*i18n*/ {
      id: 'statechart.form-filling.summary',
      message:
        'The signer fills their text, date, checkbox and initials fields; Sign is enabled once the required ones are filled and no value stands refused.',
    },
    machine: formFillingMachine,
  },
  {
    id: 'mobile-id',
    title: /*i18n*/ { id: 'statechart.mobile-id.title', message: 'Mobile number for qualified signing' },
    spec: '§2, §3',
    summary: /*i18n*/ {
      id: 'statechart.mobile-id.summary',
      message:
        'A number, a code sent to it by SMS, and the code back: the number confirms qualified signatures.',
    },
    machine: mobileIdMachine,
  },
  {
    id: 'visual-signature-editor',
    title: /*i18n*/ { id: 'statechart.visual-signature-editor.title', message: 'Visual signature editor' },
    spec: '§2, §3',
    summary: /*i18n*/ {
      id: 'statechart.visual-signature-editor.summary',
      message:
        'The preview drawn anew once changes pause; a refused image holds saving back; saving without a name marks it.',
    },
    machine: visualSignatureEditorMachine,
  },
  {
    id: 'redirect',
    title: /*i18n*/ { id: 'statechart.redirect.title', message: 'Post-signing redirect' },
    spec: '§4, §5, §9',
    summary: /*i18n*/ {
      id: 'statechart.redirect.summary',
      message: 'The countdown that leaves for the exit URL once the signed request is the one last viewed.',
    },
    machine: redirectMachine,
  },
  {
    id: 'embedded-signing',
    title: /*i18n*/ { id: 'statechart.embedded-signing.title', message: 'Embedded signing' },
    spec: 'issue 41 §3',
    summary: /*i18n*/ {
      id: 'statechart.embedded-signing.summary',
      message:
        'A signing URL opens its session in a frame and tells the host page loaded, signed, declined or error.',
    },
    machine: embeddedSigningMachine,
  },
  {
    id: 'public-visit',
    title: /*i18n*/ { id: 'statechart.public-visit.title', message: 'Public template link' },
    spec: 'issue 41 §1',
    summary: /*i18n*/ {
      id: 'statechart.public-visit.summary',
      message:
        'A visitor gives their e-mail, enters the code mailed to them, and goes on to sign the template as a direct-link signer.',
    },
    machine: publicVisitMachine,
  },
  {
    id: 'business-payment',
    title: /*i18n*/ { id: 'statechart.business-payment.title', message: 'Business payment' },
    spec: '§4',
    summary: /*i18n*/ {
      id: 'statechart.business-payment.summary',
      message: 'Trial, subscription cancel and reactivate, and business deletion with its revocation.',
    },
    machine: businessPaymentMachine,
  },
  {
    id: 'plan-checkout',
    title: /*i18n*/ { id: 'statechart.plan-checkout.title', message: 'Plan checkout' },
    spec: '§2, §3, §4',
    summary: /*i18n*/ {
      id: 'statechart.plan-checkout.summary',
      message:
        'A plan chosen and priced with a promo or referral code, then paid, switched to, or bought with a new business.',
    },
    machine: planCheckoutMachine,
  },
  {
    id: 'payment-method-form',
    title: /*i18n*/ { id: 'statechart.payment-method-form.title', message: 'Payment method form' },
    spec: '§4',
    summary: /*i18n*/ {
      id: 'statechart.payment-method-form.summary',
      message:
        'The setup made, the card or SEPA debit confirmed with the provider, then used; a declined one tried again.',
    },
    machine: paymentMethodFormMachine,
  },
  {
    id: 'maintenance',
    title: /*i18n*/ { id: 'statechart.maintenance.title', message: 'Maintenance' },
    spec: '§4, §9',
    summary: /*i18n*/ {
      id: 'statechart.maintenance.summary',
      message: 'The status page polled every 60 s while signed in: none, a notice, or blocking.',
    },
    machine: maintenanceMachine,
  },
  {
    id: 'dialog-host',
    title: /*i18n*/ { id: 'statechart.dialog-host.title', message: 'Dialogs and overlays' },
    spec: '§3, §4',
    summary: /*i18n*/ {
      id: 'statechart.dialog-host.summary',
      message:
        'A dialog or overlay whose action runs with a loading flag; it closes as its close policy says, unless the action opened another.',
    },
    machine: dialogHostMachine,
  },
  {
    id: 'snackbar-queue',
    title: /*i18n*/ { id: 'statechart.snackbar-queue.title', message: 'Snackbars' },
    spec: '§3, §4, §9',
    summary: /*i18n*/ {
      id: 'statechart.snackbar-queue.summary',
      message: 'Queued snackbars, one at a time, removed on close or after their duration.',
    },
    machine: snackbarQueueMachine,
  },
  {
    id: 'page-loading',
    title: /*i18n*/ { id: 'statechart.page-loading.title', message: 'Page loading with retry' },
    spec: '§8, §9',
    summary: /*i18n*/ {
      id: 'statechart.page-loading.summary',
      message: 'A document page fetched with exponential backoff, 202 and Retry-After handling.',
    },
    machine: pageLoadingMachine,
  },
  {
    id: 'guidance',
    title: /*i18n*/ { id: 'statechart.guidance.title', message: 'In-app guidance' },
    spec: '§4, §6',
    summary: /*i18n*/ {
      id: 'statechart.guidance.summary',
      message: 'The guidance tool switched on or off by plan and setting, anonymous without a user.',
    },
    machine: guidanceMachine,
  },
  {
    id: 'server-time',
    title: /*i18n*/ { id: 'statechart.server-time.title', message: 'Server time' },
    spec: '§9',
    summary: /*i18n*/ {
      id: 'statechart.server-time.summary',
      message: 'The server clock and its offset, refreshed at most every 2 s.',
    },
    machine: serverTimeMachine,
  },
]
