import type { SignerStatus } from '../../../../contract/signature-request-status.ts'
import type { SignatureRequestView } from '../../../../contract/signature-requests.ts'

type Signature = SignatureRequestView['signatures'][number]

/** A signer of a request as the server answers it, open at position 1 unless told otherwise. */
export const signature = (
  id: string,
  email: string,
  status: SignerStatus = 'OPEN',
  sequence = 1,
  signerIdentityData: Signature['signerIdentityData'] = null,
): Signature => ({
  id,
  accountEmail: email,
  signerIdentityData,
  status,
  signedAt: status === 'SIGNED' ? '2026-01-02T10:00:00.000Z' : null,
  documentSignatures: [],
  fieldsPlaced: false,
  formFields: [],
  sequence,
  authentication: 'tan',
  group: null,
})

/** An open request of Olga's to Anna and Ben, as the server answers it, with `change` applied. */
export const request = (change: Partial<SignatureRequestView>): SignatureRequestView => ({
  id: 'r1',
  title: 'Lease',
  message: '',
  ownerEmail: 'olga@example.com',
  isOwner: true,
  statusOverall: 'OPEN',
  signatureStatus: null,
  signaturesCount: 2,
  documents: [],
  signatures: [signature('s1', 'anna@example.com'), signature('s2', 'ben@example.com')],
  ccEmailAddresses: [],
  observerGroups: [],
  attachments: [],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  lastRemindedAt: null,
  expiresAt: null,
  reminders: null,
  remindersSent: 0,
  quality: null,
  legislation: null,
  business: null,
  ...change,
})
