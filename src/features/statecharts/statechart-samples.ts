import { functionPlaceholder } from './json-text.ts'

/** Values a designer starts from for one statechart; they mirror the machines' own tests. */
export interface StatechartSamples {
  /** The machine's `input`. */
  input?: unknown
  /** Payload of an event, without its `type`, by event type. */
  events?: Record<string, Record<string, unknown>>
  /** What an invoked call resolves with, by invoke id. */
  outputs?: Record<string, unknown>
}

const profile = { userId: 'u-1', email: 'ann@example.com', business: 'none' }
const plan = {
  name: 'team_v3',
  current: { base: { type: 'MONTHLY', startAt: '2026-01-01', endAt: '2026-02-01' } },
  next: null,
  discounts: [],
}

const formField = {
  documentId: 'd-1',
  page: 0,
  x: 72,
  y: 70,
  width: 200,
  height: 20,
  required: true,
  value: null,
  filledBy: null,
}

/** Samples by catalog id (see machines/catalog.ts). */
export const statechartSamples: Record<string, StatechartSamples> = {
  signup: {
    input: { token: 'confirmation-token', email: 'ann@example.com', lang: 'en-gb' },
    events: {
      'signup.change': {
        values: { firstName: 'Ann', lastName: 'Muster', password: 'correct horse 42', gtc: true },
      },
    },
    outputs: { register: { token: 'token-1', tokenType: 'Bearer', expiresAt: '2026-11-22T12:00:00Z' } },
  },
  session: {
    events: {
      'session.signIn': { token: 'token-1', rememberMe: false },
      'session.directSign': { userId: 'u-nas', requestId: 'sr-1' },
      'session.unauthorized': { path: '/documents' },
      'session.profileChanged': { profile: { ...profile, business: 'member' } },
    },
    outputs: {
      readToken: { token: 'token-1', rememberMe: false, remainingMs: 86_400_000 },
      fetchProfile: profile,
    },
  },
  'signature-request': {
    input: { ownerId: 'u-owner', signers: { 'u-signer': 'OPEN' } },
    events: {
      'request.initiate': { actorId: 'u-owner' },
      'request.sign': { actorId: 'u-signer' },
      'request.decline': { actorId: 'u-signer' },
      'request.withdraw': { actorId: 'u-owner' },
      'signer.add': { actorId: 'u-owner', signerId: 'u-second' },
      'signer.remove': { actorId: 'u-owner', signerId: 'u-second' },
      'signer.place': { actorId: 'u-owner', signerId: 'u-signer' },
      'signer.leave': { actorId: 'u-second' },
      // The owner's part; the signer's ('u-signer') is the last, which deletes the ended request.
      'participant.remove': { participantIds: ['u-owner'] },
    },
  },
  upload: {
    input: {},
    events: {
      'upload.add': { files: [{ name: 'Lease.pdf' }, { name: 'Annex.pdf' }] },
      'upload.remove': { key: 1 },
      'upload.progress': { progress: 0.5 },
      'upload.change': { values: { title: 'Lease 2026', message: 'Please sign by Friday.' } },
    },
    outputs: {
      createDraft: { id: 'sr-1', title: 'Lease' },
      uploadDocument: 'doc-1',
      removeDocument: null,
      sendRequest: null,
      discardDraft: null,
    },
  },
  'field-placement': {
    events: {
      'field.choose': { signatureId: 'sig-1' },
      'field.put': {
        documentSignatures: [{ documentId: 'doc-1', page: 0, x: 72, y: 120, width: 300, height: 140 }],
      },
      'field.change': {
        change: {
          signatureId: 'sig-1',
          documentSignatures: [{ documentId: 'doc-1', page: 0, x: 72, y: 300, width: 300, height: 140 }],
        },
      },
    },
    outputs: { saveFields: null },
  },
  identification: {
    input: { signatureRequestId: 'sr-1' },
    events: {
      'legislation.choose': { legislation: 'zertes' },
      'method.choose': { method: 'video' },
    },
    outputs: {
      checkCoverage: true,
      startIdentification: { appointmentStatus: 'initialized', identUrl: 'https://ident.example.test/1' },
      fetchIdentification: { appointmentStatus: 'success' },
      fetchHighestQuality: 'qes',
    },
  },
  signing: {
    events: {
      'signing.start': { credit: { isFreeUser: false, freeSignaturesRemaining: 0, isDirectSign: false } },
      'tan.submit': { tan: '123456' },
      'mobileAes.submit': { pwdotp: '123456' },
      'part11.submit': { signingName: 'Ann Example', signingReason: 'Approval' },
    },
    outputs: { sign: { result: 'complete' }, resendTan: 60, proceedMobileAes: 'complete' },
  },
  'mobile-id': {
    events: {
      'number.submit': { mobile: '079 123 45 67', country: 'CH' },
      'code.submit': { secret: '123456' },
    },
    outputs: {
      sendCode: { id: 'reg-1', maskedMobile: '+41••••••567', nextAt: 0 },
      confirmCode: { mobile: '+41791234567' },
    },
  },
  'visual-signature-editor': {
    input: {
      signature: null,
      name: 'Ann Muster',
      permissions: {
        claim: { canUpdate: true, defaultValue: true },
        date: { canUpdate: true, defaultValue: true },
        std: { canUpdate: false, defaultValue: true },
      },
      standards: [{ key: 'ses', qual: 'ses', label: 'SES' }],
    },
    events: {
      'editor.change': { change: { company: 'Muster AG' } },
      'editor.chooseKind': { kind: 'drawn' },
      'editor.chooseImage': { image: null },
      'editor.chooseStandard': { key: 'aes' },
      'editor.standardsLoaded': {
        standards: [
          { key: 'ses', qual: 'ses', label: 'SES' },
          { key: 'aes', qual: 'aes', label: 'AES' },
        ],
      },
    },
  },
  'form-filling': {
    input: {
      fields: [
        { ...formField, id: 'f-text', kind: 'text' },
        { ...formField, id: 'f-date', kind: 'date', y: 40 },
        { ...formField, id: 'f-box', kind: 'checkbox', y: 10 },
      ],
    },
    events: {
      'fields.load': { fields: [{ ...formField, id: 'f-text', kind: 'text' }] },
      'field.change': { fieldId: 'f-text', value: 'Muster AG' },
      'form.refused': { field: 'signature_requests.0.form_values.0.value' },
    },
  },
  redirect: {
    input: { lastViewedRequestId: 'r1', url: 'https://example.test/after-signing', timeout: 3 },
    events: { 'redirect.start': { requestId: 'r1' } },
  },
  'business-payment': {
    input: { businessId: 'b1' },
    events: {
      'business.update': {
        business: {
          paymentMethod: 'TRIALING',
          pricePlan: plan,
          cardSubscriptionStatus: null,
          deletionPending: false,
        },
      },
    },
    outputs: {
      upgrade: {
        paymentMethod: 'STRIPE',
        pricePlan: plan,
        cardSubscriptionStatus: 'active',
        deletionPending: false,
      },
      changeSeats: null,
      changePlan: null,
      cancelTrial: null,
      cancelSubscription: null,
      reactivateSubscription: null,
      deleteBusiness: null,
      revokeDeletion: null,
    },
  },
  'plan-checkout': {
    input: { mode: 'upgrade', cycle: 'yearly', currency: 'CHF', seats: 1 },
    events: {
      'plan.choose': { plan: 'team', minSeats: 2 },
      'cycle.change': { cycle: 'monthly' },
      'currency.change': { currency: 'EUR' },
      'currency.suggest': { currency: 'CHF' },
      'company.submit': {
        company: {
          name: 'Oneshot AG',
          billing: { address: 'Marktgasse 5', postalCode: '3011', city: 'Bern', country: 'CH' },
        },
      },
      'code.apply': { code: 'WELCOME20' },
      'checkout.confirm': { setupIntentId: 'seti_1' },
    },
    outputs: {
      preview: {
        plan: 'team',
        cycle: 'yearly',
        currency: 'CHF',
        seats: 2,
        unitAmount: 25000,
        vatTreatment: 'swiss',
        promoCode: null,
        periods: [
          {
            startsAt: '2026-03-15T09:00:00.000Z',
            endsAt: '2027-03-15T09:00:00.000Z',
            subtotal: 50000,
            discount: 0,
            vatRate: 810,
            vat: 4050,
            total: 54050,
          },
        ],
        planSwitch: null,
      },
      order: null,
    },
  },
  'payment-method-form': {
    events: { 'method.submit': { confirm: functionPlaceholder } },
    outputs: {
      createSetup: { id: 'seti_1', clientSecret: 'seti_1_secret', publishableKey: null },
      confirmMethod: 'seti_1',
      complete: null,
    },
  },
  maintenance: {
    input: { blockingGroupPattern: '^Signing platform$' },
    outputs: {
      fetchStatus: {
        incidents: [],
        scheduledMaintenances: [
          {
            id: 'm1',
            name: 'API',
            status: 'in_progress',
            url: 'https://status.test/m1',
            componentIds: ['c-api'],
          },
        ],
        components: [
          { id: 'g-app', name: 'Signing platform', groupId: null },
          { id: 'c-api', name: 'API', groupId: 'g-app' },
        ],
      },
    },
  },
  'dialog-host': {
    events: {
      'dialog.open': {
        dialog: {
          name: 'withdraw',
          id: 'd1',
          namespace: 'document',
          close: { dismissible: true, persistent: false, untilComplete: false },
        },
      },
      'dialog.action': { run: functionPlaceholder },
    },
    outputs: { runAction: null },
  },
  'snackbar-queue': {
    events: {
      'snackbar.show': {
        snackbar: { id: 's1', message: 'document.saved', color: 'success', duration: 3000 },
      },
      'snackbar.remove': { id: 's1' },
    },
  },
  'page-loading': {
    input: { maxRetries: 3 },
    outputs: { fetchPage: { status: 200, data: { page: 1 } } },
  },
  guidance: {
    events: {
      'guidance.sync': {
        facts: {
          userId: 'u1',
          email: 'ann@example.test',
          signerIdentityEmail: null,
          businessId: null,
          isBusinessAdmin: false,
          planId: 'free_legacy',
          planStart: '2026-01-01T00:00:00Z',
          locale: 'en-gb',
          userPilotEnabled: false,
        },
      },
    },
  },
  'server-time': {
    outputs: { fetchServerTime: { now: 1_767_225_600_000, receivedAt: 1_767_225_598_000 } },
  },
}
