import { createPrivateKey, privateEncrypt, randomBytes, randomUUID, constants as rsa } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import * as asn1js from 'asn1js'
import { type Context, Hono } from 'hono'
import * as pkijs from 'pkijs'
import type { CertificateStatus } from '../../signing/certificate-registry.ts'
import { signedCrl } from '../../signing/crl.ts'
import { cryptoEngine } from '../../signing/crypto-engine.ts'
import { OcspRequestError, readOcspRequest, signedOcspResponse } from '../../signing/ocsp.ts'
import { OID } from '../../signing/oids.ts'
import { toPem } from '../../signing/pem.ts'
import { serialHex } from '../../signing/pki.ts'
import { certificateDer, createCertificate, generateKeyPair } from '../../signing/x509.ts'

/** This app's registration at the sandbox, as CSC_CLIENT_ID and CSC_CLIENT_SECRET name it. */
export type SandboxCscClient = { clientId: string; clientSecret: string }

/** A running sandbox QTSP. */
export type SandboxCscServer = {
  /** The base URI of its CSC API (CSC_BASE_URL): `http://127.0.0.1:<port>/csc/v2`. */
  baseUrl: string
  /** DER certificate of its root CA, which signers' certificates chain to. */
  root: Uint8Array
  /** Its root CA as PEM, to trust in a validator. */
  caPem: string
  /** Stops answering, as a QTSP out of reach. */
  close(): Promise<void>
  /** Answers again, on the same port, with the same CA and credentials. */
  reopen(): Promise<void>
  /** The `clientData` of each call about a credential, in order: what the signing application handed over. */
  clientData: { method: string; userId: string; clientData: string | undefined }[]
  /**
   * Revokes the certificate of `userId`'s credential now (key compromise), as the QTSP's CA would: its OCSP
   * answers and CRL say so, and `credentials/info` answers the certificate's status `revoked`; `quietly`, it
   * still answers `valid` there, as a QTSP whose register lags its CA's (CSC makes the status optional).
   */
  revoke(userId: string, options?: { quietly?: boolean }): Promise<void>
  /** Disables the key of `userId`'s credential (an organisation's identifier for a seal's): `credentials/info` says so. */
  disable(userId: string): Promise<void>
  /** Each authorisation given, in order: whose credential, and the ids of the `authData` it came with. */
  authorizations: { userId: string; authData: string[] }[]
}

type Credential = {
  id: string
  userId: string
  /** A natural person's (explicit authorisation with an OTP) or a legal person's seal (implicit authorisation). */
  holder: 'person' | 'organization'
  /** The signer's certificate, as its OCSP responder looks it up by serial. */
  certificate: pkijs.Certificate
  certificates: Uint8Array[]
  key: ReturnType<typeof createPrivateKey>
  /** When its certificate was revoked, if it was. */
  revokedAt?: Date
  /** Its revocation does not show in `credentials/info`. */
  revokedQuietly?: boolean
  /** Its key is disabled: it authorises and signs nothing. */
  disabled?: boolean
}
type Authorization = {
  credentialId: string
  remaining: number
  expiresAt: number
  /** SCAL 2: the hashes (base64) the SAD may sign, each once. */
  hashes?: Set<string>
}

/** Whether a credential's key signs any hash its SAD covers (1) or only the hashes authorised with it (2). */
type Scal = '1' | '2'

const rsaKey: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
}
// ETSI EN 319 412-1 organizationIdentifier (`VATCH-CHE123456789`): the `userID` of a legal person.
const organizationIdentifier = /^(VAT|NTR|PSD|LEI)[A-Z]{2}-[A-Za-z0-9.-]+$/
const tokenSeconds = 3600
const sadSeconds = 300

/**
 * A sandbox qualified trust service provider that answers as the Cloud Signature Consortium API v2.0 says:
 * `info`, `oauth2/token` (client credentials), `credentials/list` (by `userID`), `credentials/info` (with the
 * chain), `credentials/authorize` and `signatures/signHash`. It has its own CA, made when it starts, and gives
 * each user it is asked about a credential on first sight: an RSA 2048 key of SCAL 1 or 2 with a certificate for
 * their `userID` (an e-mail address). Authorisation is explicit with an OTP: the sandbox takes any six digits,
 * which is the SMS one-time password Signet checked when the signer confirmed. A `userID` that is an
 * organizationIdentifier (`VATCH-CHE123456789`) is a legal person: its credential is an eSeal whose certificate
 * names the organisation (CN and O its name as `clientData` gives it, organizationIdentifier, C), authorised
 * implicitly (`auth` mode `implicit`, no `authData`), as a QTSP's remote seal is. As a QTSP's CA, it answers OCSP
 * (`/ocsp`, by a delegated responder) and publishes its CRL (`/crl/root.crl`) and certificate (`/ca.cer`),
 * which the signers' certificates name, and revokes a certificate when told to (`revoke`). It keeps the
 * `clientData` of each call about a credential, where Signet hands over the signer's identification evidence.
 * Keeps everything in memory.
 */
function createSandboxCsc(
  client: SandboxCscClient,
  scal: Scal,
): {
  app: Hono
  ready: Promise<{ root: Uint8Array }>
  clientData: SandboxCscServer['clientData']
  revoke: SandboxCscServer['revoke']
  disable: SandboxCscServer['disable']
  authorizations: SandboxCscServer['authorizations']
} {
  const ready = createCa()
  const tokens = new Map<string, number>()
  // By userID, issued once even when two lists ask at the same time; and by credentialID once issued.
  const credentialsOfUsers = new Map<string, Promise<Credential>>()
  const credentials = new Map<string, Credential>()
  const authorizations = new Map<string, Authorization>()
  const clientData: SandboxCscServer['clientData'] = []
  const given: SandboxCscServer['authorizations'] = []
  const app = new Hono()
  const record = (method: string, userId: string, request: Record<string, unknown>) =>
    clientData.push({
      method,
      userId,
      clientData: typeof request.clientData === 'string' ? request.clientData : undefined,
    })

  const fail = (c: Context, status: 400 | 401, error: string, description: string) =>
    c.json({ error, error_description: description }, status)
  const authorized = (c: Context) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    const expiresAt = token === undefined ? undefined : tokens.get(token)
    return expiresAt !== undefined && expiresAt > Date.now()
  }
  const body = async (c: Context): Promise<Record<string, unknown>> => {
    const parsed: unknown = await c.req.json().catch(() => undefined)
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
  }
  const credentialOf = (value: unknown) => (typeof value === 'string' ? credentials.get(value) : undefined)

  app.post('/csc/v2/info', (c) =>
    c.json({
      specs: '2.0.0.2',
      name: 'Signet CSC sandbox',
      logo: `${new URL(c.req.url).origin}/logo.png`,
      region: 'CH',
      lang: 'en-US',
      description:
        'A sandbox remote signing service for tests and development: its signatures are not qualified.',
      authType: ['oauth2client'],
      oauth2: new URL(c.req.url).origin,
      methods: ['credentials/list', 'credentials/info', 'credentials/authorize', 'signatures/signHash'],
    }),
  )

  app.post('/oauth2/token', async (c) => {
    const form = new URLSearchParams(await c.req.text())
    if (form.get('grant_type') !== 'client_credentials')
      return c.json({ error: 'unsupported_grant_type' }, 400)
    if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret)
      return c.json({ error: 'invalid_client' }, 401)
    const token = randomBytes(24).toString('base64url')
    tokens.set(token, Date.now() + tokenSeconds * 1000)
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: tokenSeconds })
  })

  app.use('/csc/v2/credentials/*', async (c, next) => {
    if (!authorized(c)) return fail(c, 401, 'invalid_token', 'The access token is missing or expired')
    await next()
  })
  app.use('/csc/v2/signatures/*', async (c, next) => {
    if (!authorized(c)) return fail(c, 401, 'invalid_token', 'The access token is missing or expired')
    await next()
  })

  app.post('/ocsp', async (c) => {
    let request: ReturnType<typeof readOcspRequest>
    try {
      request = readOcspRequest(new Uint8Array(await c.req.arrayBuffer()))
    } catch (error) {
      if (error instanceof OcspRequestError) return c.text(error.message, 400)
      throw error
    }
    const ca = await ready
    const answers = await Promise.all(
      request.certIds.map(async (certID) => ({ certID, status: await statusOf(ca.certificate, certID) })),
    )
    const answer = await signedOcspResponse(ca.ocsp, answers, new Date(), {
      embedResponder: true,
      ...(request.nonce ? { nonce: request.nonce } : {}),
    })
    return c.body(answer, 200, { 'content-type': 'application/ocsp-response' })
  })

  app.get('/crl/root.crl', async (c) => {
    const ca = await ready
    const revoked = [...credentials.values()].flatMap(({ certificate, revokedAt }) =>
      revokedAt === undefined
        ? []
        : [{ serial: serialHex(certificate), revokedAt, reason: 'keyCompromise' as const }],
    )
    const crl = await signedCrl(ca, revoked, new Date())
    return c.body(crl, 200, { 'content-type': 'application/pkix-crl' })
  })

  app.get('/ca.cer', async (c) => {
    const { root } = await ready
    return c.body(Uint8Array.from(root), 200, { 'content-type': 'application/pkix-cert' })
  })

  app.post('/csc/v2/credentials/list', async (c) => {
    const request = await body(c)
    const { userID } = request
    if (typeof userID !== 'string' || userID === '')
      return fail(c, 400, 'invalid_request', 'Missing (or invalid type) string parameter userID')
    record('credentials/list', userID, request)
    let organization: { name: string; country: string } | undefined
    if (organizationIdentifier.test(userID)) {
      organization = organizationOf(request.clientData, userID)
      if (organization === undefined)
        return fail(c, 400, 'invalid_request', 'Invalid parameter clientData: it names no organization')
    }
    const issued =
      credentialsOfUsers.get(userID) ?? issueCredential(userID, new URL(c.req.url).origin, organization)
    credentialsOfUsers.set(userID, issued)
    const credential = await issued
    credentials.set(credential.id, credential)
    return c.json({ credentialIDs: [credential.id], onlyValid: true })
  })

  app.post('/csc/v2/credentials/info', async (c) => {
    const request = await body(c)
    const credential = credentialOf(request.credentialID)
    if (credential === undefined) return fail(c, 400, 'invalid_request', 'Invalid parameter credentialID')
    const certificates =
      request.certificates === 'none'
        ? []
        : request.certificates === 'chain'
          ? credential.certificates
          : credential.certificates.slice(0, 1)
    return c.json({
      description: `${credential.holder === 'organization' ? 'Seal' : 'Signing'} credential of ${credential.userId}`,
      key: {
        status: credential.disabled ? 'disabled' : 'enabled',
        algo: [OID.rsaEncryption, OID.sha256WithRsaEncryption],
        len: 2048,
      },
      cert: {
        status: credential.revokedAt === undefined || credential.revokedQuietly ? 'valid' : 'revoked',
        certificates: certificates.map((der) => Buffer.from(der).toString('base64')),
      },
      auth:
        credential.holder === 'organization'
          ? { mode: 'implicit' }
          : {
              mode: 'explicit',
              objects: [
                { type: 'OTP', id: 'OTP', format: 'N', label: 'One-time password', generator: 'sms' },
              ],
            },
      SCAL: scal,
      multisign: 100,
      lang: 'en-US',
    })
  })

  app.post('/csc/v2/credentials/authorize', async (c) => {
    const request = await body(c)
    const credential = credentialOf(request.credentialID)
    if (credential === undefined) return fail(c, 400, 'invalid_request', 'Invalid parameter credentialID')
    const { numSignatures } = request
    if (
      typeof numSignatures !== 'number' ||
      !Number.isInteger(numSignatures) ||
      numSignatures < 1 ||
      numSignatures > 100
    )
      return fail(c, 400, 'invalid_request', 'Invalid parameter numSignatures')
    if (credential.disabled) return fail(c, 400, 'invalid_request', 'The key is disabled')
    const authData = Array.isArray(request.authData) ? (request.authData as unknown[]) : []
    // A seal's credential authorises itself (implicit); a person's needs their OTP (explicit).
    if (credential.holder === 'person') {
      const otp = authData.find((item) => (item as { id?: unknown })?.id === 'OTP')
      const value = (otp as { value?: unknown } | undefined)?.value
      if (typeof value !== 'string' || !/^\d{6}$/.test(value))
        return fail(c, 400, 'invalid_otp', 'The OTP is missing or invalid')
    }
    let hashes: Set<string> | undefined
    if (scal === '2') {
      if (request.hashAlgorithmOID !== OID.sha256)
        return fail(c, 400, 'invalid_request', 'Invalid parameter hashAlgorithmOID')
      const given = Array.isArray(request.hashes) ? (request.hashes as unknown[]) : []
      if (given.length !== numSignatures || given.some((hash) => !isSha256(hash)))
        return fail(c, 400, 'invalid_request', 'Invalid parameter hashes')
      hashes = new Set(given as string[])
    }
    record('credentials/authorize', credential.userId, request)
    given.push({
      userId: credential.userId,
      authData: authData.map((item) => String((item as { id?: unknown })?.id)),
    })
    const sad = randomBytes(32).toString('base64url')
    authorizations.set(sad, {
      credentialId: credential.id,
      remaining: numSignatures,
      expiresAt: Date.now() + sadSeconds * 1000,
      ...(hashes === undefined ? {} : { hashes }),
    })
    return c.json({ SAD: sad, expiresIn: sadSeconds })
  })

  app.post('/csc/v2/signatures/signHash', async (c) => {
    const request = await body(c)
    const credential = credentialOf(request.credentialID)
    if (credential === undefined) return fail(c, 400, 'invalid_request', 'Invalid parameter credentialID')
    if (credential.disabled) return fail(c, 400, 'invalid_request', 'The key is disabled')
    const authorization = typeof request.SAD === 'string' ? authorizations.get(request.SAD) : undefined
    const hashes = Array.isArray(request.hashes) ? (request.hashes as unknown[]) : []
    if (
      authorization === undefined ||
      authorization.credentialId !== credential.id ||
      authorization.expiresAt <= Date.now() ||
      authorization.remaining < hashes.length
    )
      return fail(c, 400, 'invalid_request', 'Invalid parameter SAD')
    if (request.hashAlgorithmOID !== OID.sha256)
      return fail(c, 400, 'invalid_request', 'Invalid parameter hashAlgorithmOID')
    if (request.signAlgo !== OID.rsaEncryption && request.signAlgo !== OID.sha256WithRsaEncryption)
      return fail(c, 400, 'invalid_request', 'Invalid parameter signAlgo')
    if (hashes.length === 0 || !hashes.every(isSha256))
      return fail(c, 400, 'invalid_request', 'Invalid parameter hashes')
    // A SCAL 2 SAD signs only the hashes it was authorised for, each once.
    if (authorization.hashes !== undefined && !hashes.every((hash) => authorization.hashes?.delete(hash)))
      return fail(c, 400, 'invalid_request', 'Invalid parameter hashes: not the authorised ones')
    const digests = hashes.map((hash) => Buffer.from(hash, 'base64'))
    authorization.remaining -= digests.length
    record('signatures/signHash', credential.userId, request)
    const signatures = digests.map((digest) =>
      privateEncrypt({ key: credential.key, padding: rsa.RSA_PKCS1_PADDING }, digestInfo(digest)).toString(
        'base64',
      ),
    )
    return c.json({ signatures })
  })

  // Good (or revoked) for a certificate the sandbox issued (by its serial and the root's name and key), else unknown.
  async function statusOf(root: pkijs.Certificate, certID: pkijs.CertID): Promise<CertificateStatus> {
    const serial = Buffer.from(certID.serialNumber.valueBlock.valueHexView)
    const credential = [...credentials.values()].find((candidate) =>
      Buffer.from(candidate.certificate.serialNumber.valueBlock.valueHexView).equals(serial),
    )
    if (credential === undefined) return { status: 'unknown' }
    try {
      const hashAlgorithm = cryptoEngine.getAlgorithmByOID<{ name: string }>(
        certID.hashAlgorithm.algorithmId,
        true,
      ).name
      const own = await pkijs.CertID.create(
        credential.certificate,
        { hashAlgorithm, issuerCertificate: root },
        cryptoEngine,
      )
      if (!own.isEqual(certID)) return { status: 'unknown' }
      const { revokedAt } = credential
      return revokedAt === undefined
        ? { status: 'good' }
        : { status: 'revoked', revokedAt, reason: 'keyCompromise' }
    } catch {
      // A hash algorithm it does not know.
      return { status: 'unknown' }
    }
  }

  // `origin`: where the sandbox answers, which the certificate names for its OCSP, CRL and CA certificate;
  // `organization`: the legal person a seal's credential is for (`userId` its organizationIdentifier).
  async function issueCredential(
    userId: string,
    origin: string,
    organization?: { name: string; country: string },
  ): Promise<Credential> {
    const ca = await ready
    const pair = (await crypto.subtle.generateKey(rsaKey, true, ['sign', 'verify'])) as CryptoKeyPair
    const certificate = await createCertificate({
      subject:
        organization === undefined
          ? { commonName: userId, organization: 'Signet CSC sandbox (not qualified)', email: userId }
          : {
              commonName: organization.name,
              organization: organization.name,
              organizationIdentifier: userId,
              country: organization.country,
            },
      subjectKey: pair,
      issuer: { certificate: ca.certificate, key: ca.key },
      profile: 'signing',
      validDays: 730,
      // As a QTSP's qualified certificate names it; no one trusts the sandbox's root.
      policies: [organization === undefined ? OID.qcpNaturalQscd : OID.qcpLegalQscd],
      authority: { ocsp: `${origin}/ocsp`, crl: `${origin}/crl/root.crl`, caIssuers: `${origin}/ca.cer` },
    })
    const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', pair.privateKey))
    return {
      id: randomUUID(),
      userId,
      holder: organization === undefined ? 'person' : 'organization',
      certificate,
      certificates: [certificateDer(certificate), ca.root],
      key: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
    }
  }

  const revoke: SandboxCscServer['revoke'] = async (userId, options) => {
    const credential = await credentialsOfUsers.get(userId)
    if (credential === undefined) throw new Error(`the sandbox has no credential of ${userId}`)
    credential.revokedAt = new Date()
    credential.revokedQuietly = options?.quietly === true
  }

  const disable: SandboxCscServer['disable'] = async (userId) => {
    const credential = await credentialsOfUsers.get(userId)
    if (credential === undefined) throw new Error(`the sandbox has no credential of ${userId}`)
    credential.disabled = true
  }

  return {
    app,
    ready: ready.then(({ root }) => ({ root })),
    clientData,
    revoke,
    disable,
    authorizations: given,
  }
}

// The organisation a legal person's `clientData` names (`{"organization":{"name","country"}}`), else undefined.
function organizationOf(
  clientData: unknown,
  identifier: string,
): { name: string; country: string } | undefined {
  if (typeof clientData !== 'string') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(clientData)
  } catch {
    return undefined
  }
  const organization = (parsed as { organization?: { name?: unknown; country?: unknown } } | null)
    ?.organization
  const name = organization?.name
  if (typeof name !== 'string' || name === '') return undefined
  // The country is the identifier's own (`VATCH-…`) when not given.
  const country =
    typeof organization?.country === 'string' && /^[A-Z]{2}$/.test(organization.country)
      ? organization.country
      : identifier.slice(3, 5)
  return { name, country }
}

/** Starts the sandbox on `port` of 127.0.0.1 (0: a free one), its credentials of sole control level `scal`. */
export async function startSandboxCscServer(
  client: SandboxCscClient,
  port = 0,
  scal: Scal = '1',
): Promise<SandboxCscServer> {
  const { app, ready, clientData, revoke, disable, authorizations } = createSandboxCsc(client, scal)
  const { root } = await ready
  const listen = (on: number) =>
    new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: on, hostname: '127.0.0.1' }, () => resolve(started))
    })
  let server = await listen(port)
  const { port: bound } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${bound}/csc/v2`,
    root,
    caPem: toPem('CERTIFICATE', root),
    close: () => new Promise((resolve) => server.close(() => resolve())),
    async reopen() {
      server = await listen(bound)
    },
    clientData,
    revoke,
    disable,
    authorizations,
  }
}

// The sandbox's root CA, which issues the signers' certificates itself, and its delegated OCSP responder.
async function createCa() {
  const organization = 'Signet CSC sandbox (not qualified)'
  const pair = await generateKeyPair()
  const certificate = await createCertificate({
    subject: { commonName: 'Signet CSC Sandbox Root CA', organization },
    subjectKey: pair,
    profile: 'rootCa',
    validDays: 3650,
  })
  const responderPair = await generateKeyPair()
  const responder = await createCertificate({
    subject: { commonName: 'Signet CSC Sandbox OCSP Responder', organization },
    subjectKey: responderPair,
    issuer: { certificate, key: pair.privateKey },
    profile: 'ocspSigning',
    validDays: 3650,
  })
  return {
    certificate,
    key: pair.privateKey,
    root: certificateDer(certificate),
    ocsp: { certificate: responder, key: responderPair.privateKey },
  }
}

// A SHA-256 hash in base64, as hashes carry them.
function isSha256(hash: unknown): hash is string {
  return typeof hash === 'string' && Buffer.from(hash, 'base64').length === 32
}

// PKCS #1 v1.5 signs the DER DigestInfo of the hash (RFC 8017 9.2).
function digestInfo(digest: Uint8Array): Buffer {
  const info = new pkijs.DigestInfo({
    digestAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: OID.sha256,
      algorithmParams: new asn1js.Null(),
    }),
    digest: new asn1js.OctetString({ valueHex: digest }),
  })
  return Buffer.from(info.toSchema().toBER(false))
}
