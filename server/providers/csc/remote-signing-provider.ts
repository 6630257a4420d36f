import type { IdentificationEvidence } from '../../../contract/request-events.ts'
import type { CmsSigner } from '../../signing/cms.ts'

/** Who a remote signature is for and how they confirmed it. */
type RemoteSigningRequest = {
  /** The signer's identifier at the QTSP (`userID`): their e-mail address. */
  userId: string
  /** The one-time password the signer confirmed the signing with, passed to the QTSP's authorisation. */
  oneTimePassword: string
  /** How many signatures the authorisation covers: one per document. */
  numSignatures: number
  /** What is signed, as the QTSP may show it to the signer. */
  description: string
  /** The identification the signer's certificate rests on, for the QTSP to issue it; absent: none known. */
  evidence?: IdentificationEvidence
}

/**
 * A qualified trust service provider that holds the signer's key and certificate: qualified signatures are
 * made with it when one is configured (CSC_*), whatever the mode.
 */
export type RemoteSigningProvider = {
  /** Authorises the signer's credential for the request's signatures: a signer to sign each with. */
  authorize(request: RemoteSigningRequest): Promise<CmsSigner>
}

/**
 * The signer's certificate at the QTSP is not valid (`revoked`, `suspended` or `expired`, as the QTSP or its CA's
 * OCSP responder says): a signature made with it would be invalid, so none is made. The API answers 409; trying
 * again does not help.
 */
export class RemoteCertificateUnusable extends Error {
  /** What is said of the certificate: `revoked`, `suspended`, `expired`. */
  readonly status: string

  constructor(status: string) {
    super(`the signer's certificate at the QTSP is ${status}`)
    this.name = 'RemoteCertificateUnusable'
    this.status = status
  }
}

/** The QTSP could not be reached or refused the call; the API answers 503, and the signer may try again. */
export class RemoteSigningUnavailable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'RemoteSigningUnavailable'
  }
}
