import { createHash } from 'node:crypto'
import * as v from 'valibot'
import type { IdentificationEvidence } from '../../../contract/request-events.ts'
import type { CmsSigner } from '../../signing/cms.ts'
import { OID } from '../../signing/oids.ts'
import { publishedAsRevoked } from '../../signing/published-revocation.ts'
import { parseCertificate } from '../../signing/x509.ts'
import {
  RemoteCertificateUnusable,
  RemoteSealCredentialMissing,
  type RemoteSigningProvider,
  RemoteSigningUnavailable,
} from './remote-signing-provider.ts'

/** Where the QTSP's CSC API is and how this app is registered there (CSC_*). */
export type CscOptions = {
  /** The service's base URI, the `…/csc/v2` its methods are under, without a trailing slash. */
  baseUrl: string
  clientId: string
  clientSecret: string
  /** DER of the QTSP's root CA certificates (its trusted list entry's): validation trusts its signatures. */
  trustAnchors: Uint8Array[]
}

const infoSchema = v.object({ oauth2: v.optional(v.string()) })
const tokenSchema = v.object({ access_token: v.pipe(v.string(), v.minLength(1)) })
const listSchema = v.object({ credentialIDs: v.array(v.string()) })
const credentialInfoSchema = v.object({
  key: v.object({ status: v.string(), algo: v.array(v.string()) }),
  cert: v.object({
    status: v.optional(v.string()),
    certificates: v.pipe(v.array(v.string()), v.minLength(1)),
  }),
  // How the credential is authorised: `explicit` (authData), `implicit` (by the QTSP itself), `oauth2code`.
  auth: v.optional(v.object({ mode: v.optional(v.string()) })),
  // The sole control level of the signer's key: 1 when not given, as CSC v2 says.
  SCAL: v.optional(v.picklist(['1', '2']), '1'),
})
const authorizeSchema = v.object({ SAD: v.pipe(v.string(), v.minLength(1)) })
const signHashSchema = v.object({ signatures: v.pipe(v.array(v.string()), v.length(1)) })

/**
 * A QTSP's remote signing through the Cloud Signature Consortium API v2.0: a client-credentials token
 * (`oauth2/token` at the authorisation server `info` names), the signer's credential (`credentials/list` by
 * `userID`, `credentials/info` with its certificate chain and status, which must be valid, and which its CA's OCSP
 * answer must not say is revoked), its authorisation with the signer's one-time
 * password (`credentials/authorize`, answering the SAD), and one `signatures/signHash` per signature over the
 * SHA-256 of the CMS signed attributes. The signer's identification evidence goes with list, authorize and
 * signHash as `clientData`. A credential of SCAL 1 is authorised at once for `numSignatures`; one of SCAL 2
 * (`credentials/info`) once every document's signature is prepared, for exactly their hashes (`bind`).
 *
 * A qualified seal's credential is a legal person's: listed by the organisation's organizationIdentifier as
 * `userID` (the organisation named in `clientData`), kept by its `credentialID`, and authorised without any
 * `authData`, as its `auth` mode `implicit` says.
 */
export function createCscSigningProvider(options: CscOptions): RemoteSigningProvider {
  // One CSC method (named in errors) at `url`.
  const call = async <T extends v.GenericSchema>(
    method: string,
    url: string,
    schema: T,
    init: RequestInit,
  ): Promise<v.InferOutput<T>> => {
    let response: Response
    try {
      response = await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(30_000) })
    } catch (error) {
      throw new RemoteSigningUnavailable(`CSC ${method}: ${String(error)}`, { cause: error })
    }
    const text = await response.text()
    const body = safeJson(text)
    if (!response.ok) {
      const code = v.is(v.object({ error: v.string() }), body) ? body.error : text.slice(0, 200)
      throw new RemoteSigningUnavailable(`CSC ${method} answered ${response.status}: ${code}`)
    }
    const parsed = v.safeParse(schema, body)
    if (!parsed.success)
      throw new RemoteSigningUnavailable(`CSC ${method} answered unexpectedly: ${parsed.issues[0].message}`)
    return parsed.output
  }
  const json = (token: string, body: Record<string, unknown>): RequestInit => ({
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const csc = <T extends v.GenericSchema>(method: string, schema: T, init: RequestInit) =>
    call(method, `${options.baseUrl}/${method}`, schema, init)
  // This app's access token, from the authorisation server the service's `info` names.
  const accessToken = async (): Promise<string> => {
    const info = await csc('info', infoSchema, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'en-US' }),
    })
    const oauth2 = (info.oauth2 ?? options.baseUrl).replace(/\/+$/, '')
    const { access_token: token } = await call('oauth2/token', `${oauth2}/oauth2/token`, tokenSchema, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }).toString(),
    })
    return token
  }
  const credentialInfo = (token: string, credentialID: string, certificates: 'single' | 'chain') =>
    csc(
      'credentials/info',
      credentialInfoSchema,
      json(token, { credentialID, certificates, certInfo: false, authInfo: true }),
    )

  return {
    async authorize(request) {
      const seal = 'credentialId' in request
      // The signer's identification, in each call about them: CSC v2 has no field of its own for it.
      const clientData =
        seal || request.evidence === undefined
          ? {}
          : { clientData: JSON.stringify(identificationData(request.evidence)) }
      const token = await accessToken()
      let credentialID: string
      if (seal) credentialID = request.credentialId
      else {
        const { credentialIDs } = await csc(
          'credentials/list',
          listSchema,
          json(token, { userID: request.userId, onlyValid: true, ...clientData }),
        )
        const first = credentialIDs[0]
        if (first === undefined)
          throw new RemoteSigningUnavailable('CSC credentials/list: the signer has no signing credential')
        credentialID = first
      }
      const credential = await credentialInfo(token, credentialID, 'chain')
      // A disabled key, or a certificate the QTSP says is revoked, suspended or expired, makes no valid
      // signature: none is asked for.
      if (credential.key.status !== 'enabled') throw new RemoteCertificateUnusable(credential.key.status)
      if (credential.cert.status !== undefined && credential.cert.status !== 'valid')
        throw new RemoteCertificateUnusable(credential.cert.status)
      // A seal is confirmed by no person: its credential must authorise itself.
      if (seal && credential.auth?.mode !== 'implicit')
        throw new RemoteSigningUnavailable(
          `CSC credentials/info: the seal's credential asks for ${credential.auth?.mode ?? 'unknown'} authorisation, not implicit`,
        )
      const algorithm = signatureAlgorithm(credential.key.algo)
      const [certificate, ...chain] = credential.cert.certificates.map(fromBase64)
      if (certificate === undefined)
        throw new RemoteSigningUnavailable('CSC credentials/info: no certificate')
      // The QTSP need not say (the status is optional): its CA's OCSP answer does.
      const issuer = chain[0]
      if (issuer !== undefined && (await publishedAsRevoked(certificate, issuer)))
        throw new RemoteCertificateUnusable('revoked')
      // A person's one-time password; a seal's implicit authorisation has no authData.
      const authData = seal ? {} : { authData: [{ id: 'OTP', value: request.oneTimePassword }] }
      // SCAL 2 binds the SAD to the hashes it may sign, given when the signatures are prepared (`bind`).
      const authorize = (bound?: string[]) =>
        csc(
          'credentials/authorize',
          authorizeSchema,
          json(token, {
            credentialID,
            numSignatures: bound?.length ?? request.numSignatures,
            ...(bound === undefined ? {} : { hashes: bound, hashAlgorithmOID: OID.sha256 }),
            ...authData,
            description: request.description.slice(0, 500),
            ...clientData,
          }),
        ).then(({ SAD }) => SAD)
      let SAD = credential.SCAL === '2' ? undefined : await authorize()
      const signer: CmsSigner = {
        certificate,
        chain,
        signatureAlgorithm: algorithm.cms,
        async sign(signedAttributes) {
          const hash = sha256(signedAttributes)
          if (SAD === undefined) throw new Error('a SCAL 2 credential signs once its hashes are bound (bind)')
          const { signatures } = await csc(
            'signatures/signHash',
            signHashSchema,
            json(token, {
              credentialID,
              SAD,
              hashes: [hash],
              hashAlgorithmOID: OID.sha256,
              signAlgo: algorithm.csc,
              ...clientData,
            }),
          )
          return fromBase64(signatures[0] ?? '')
        },
      }
      if (credential.SCAL !== '2') return signer
      return {
        ...signer,
        async bind(signedAttributes) {
          SAD = await authorize(signedAttributes.map(sha256))
        },
      }
    },

    async sealCredential(organization) {
      const token = await accessToken()
      // The QTSP knows the legal person by its identifier; its name and country say which one is meant.
      const { credentialIDs } = await csc(
        'credentials/list',
        listSchema,
        json(token, {
          userID: organization.organizationIdentifier,
          onlyValid: true,
          clientData: JSON.stringify({ organization }),
        }),
      )
      for (const credentialId of credentialIDs) {
        const credential = await credentialInfo(token, credentialId, 'single')
        const der = credential.cert.certificates[0]
        if (
          credential.key.status !== 'enabled' ||
          (credential.cert.status !== undefined && credential.cert.status !== 'valid') ||
          credential.auth?.mode !== 'implicit' ||
          der === undefined
        )
          continue
        const certificate = fromBase64(der)
        // Only a certificate of this organisation seals for it, whatever else the QTSP lists under its identifier.
        if (subjectAttribute(certificate, OID.organizationIdentifier) === organization.organizationIdentifier)
          return { credentialId, certificate }
      }
      throw new RemoteSealCredentialMissing(organization.organizationIdentifier)
    },
  }
}

// A string attribute of the certificate's subject; null when it has none or `der` is no certificate.
function subjectAttribute(der: Uint8Array, type: string): string | null {
  try {
    const entry = parseCertificate(der).subject.typesAndValues.find((candidate) => candidate.type === type)
    const value = (entry?.value.valueBlock as { value?: unknown } | undefined)?.value
    return typeof value === 'string' ? value : null
  } catch {
    return null
  }
}

/**
 * The `clientData` (vendor data, a JSON string) that hands the QTSP the signer's identification evidence:
 * the identification provider, its method and the provider's reference of the evidence.
 */
function identificationData(evidence: IdentificationEvidence) {
  return {
    identification: { provider: evidence.provider, method: evidence.mode, reference: evidence.reference },
  }
}

/**
 * The signature algorithm of a credential whose key supports `algo` (OIDs): as signHash names it (`signAlgo`)
 * and as the CMS does. An RSA key signs PKCS #1 v1.5, an EC key ECDSA, both over SHA-256.
 */
function signatureAlgorithm(algo: string[]): { csc: string; cms: string } {
  for (const oid of algo) {
    if (oid === OID.rsaEncryption || oid === OID.sha256WithRsaEncryption)
      return { csc: oid, cms: OID.sha256WithRsaEncryption }
    if (oid === OID.ecPublicKey || oid === OID.ecdsaWithSha256)
      return { csc: OID.ecdsaWithSha256, cms: OID.ecdsaWithSha256 }
  }
  throw new RemoteSigningUnavailable(`CSC credentials/info: no supported key algorithm in ${algo.join(', ')}`)
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64')
}

function fromBase64(value: string): Uint8Array {
  return new Uint8Array(Buffer.from(value, 'base64'))
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
