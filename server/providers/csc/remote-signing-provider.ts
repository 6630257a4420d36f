import type { IdentificationEvidence } from '../../../contract/request-events.ts'
import type { CmsSigner } from '../../signing/cms.ts'

/** What one authorisation covers. */
type RemoteSignatures = {
  /** How many signatures the authorisation covers: one per document. */
  numSignatures: number
  /** What is signed, as the QTSP may show it to the signer. */
  description: string
}

/** Who a person's remote signature is for and how they confirmed it. */
type RemoteSigningRequest = RemoteSignatures & {
  /** The signer's identifier at the QTSP (`userID`): their e-mail address. */
  userId: string
  /** The one-time password the signer confirmed the signing with, passed to the QTSP's authorisation. */
  oneTimePassword: string
  /** The identification the signer's certificate rests on, for the QTSP to issue it; absent: none known. */
  evidence?: IdentificationEvidence
}

/**
 * A qualified seal's signatures: the legal person's credential at the QTSP, which authorises itself (CSC `auth`
 * mode `implicit`): no person confirms a seal with a one-time password.
 */
type RemoteSealingRequest = RemoteSignatures & {
  /** The seal's credential at the QTSP (`credentialID`), as {@link RemoteSigningProvider.sealCredential} found it. */
  credentialId: string
}

/** The legal person a qualified seal is for, as its certificate names it (ETSI EN 319 412-3). */
type SealOrganization = {
  /** The business's name: the certificate's O and CN. */
  name: string
  /** ETSI EN 319 412-1 organizationIdentifier (`VATCH-CHE123456789`): the business's identifier at the QTSP. */
  organizationIdentifier: string
  /** ISO 3166 country code of the business's registration. */
  country: string
}

/** A legal person's seal credential at the QTSP. */
type RemoteSealCredential = {
  credentialId: string
  /** DER of its certificate, which names the organisation. */
  certificate: Uint8Array
}

/**
 * A qualified trust service provider that holds the signer's key and certificate: qualified signatures are
 * made with it when one is configured (CSC_*), whatever the mode; and qualified seals with the legal person's.
 */
export type RemoteSigningProvider = {
  /** Authorises the signer's (or the seal's) credential for the request's signatures: a signer to sign each with. */
  authorize(request: RemoteSigningRequest | RemoteSealingRequest): Promise<CmsSigner>
  /**
   * The seal credential the QTSP holds for `organization`: one whose certificate names its organizationIdentifier,
   * whose key is enabled and whose certificate is valid. {@link RemoteSealCredentialMissing} when there is none.
   */
  sealCredential(organization: SealOrganization): Promise<RemoteSealCredential>
}

/**
 * The signer's certificate at the QTSP is not valid (`revoked`, `suspended` or `expired`, as the QTSP or its CA's
 * OCSP responder says), or its key is `disabled`: a signature made with it would be invalid, so none is made. The
 * API answers 409; trying again does not help.
 */
export class RemoteCertificateUnusable extends Error {
  /** What is said of the certificate or key: `revoked`, `suspended`, `expired`, `disabled`. */
  readonly status: string

  constructor(status: string) {
    super(`the signer's certificate at the QTSP is ${status}`)
    this.name = 'RemoteCertificateUnusable'
    this.status = status
  }
}

/** The QTSP holds no usable seal credential of the organisation: its admin must get one there first (409). */
export class RemoteSealCredentialMissing extends Error {
  constructor(organizationIdentifier: string) {
    super(`the QTSP holds no usable seal credential of ${organizationIdentifier}`)
    this.name = 'RemoteSealCredentialMissing'
  }
}

/** The QTSP could not be reached or refused the call; the API answers 503, and the signer may try again. */
export class RemoteSigningUnavailable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'RemoteSigningUnavailable'
  }
}
