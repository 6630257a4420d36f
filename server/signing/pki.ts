import { access, chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type * as pkijs from 'pkijs'
import { dayMs } from '../../contract/datetime.ts'
import { apiBase, apiPaths } from '../../contract/paths.ts'
import { isRootCa, type PkiCa, renewedIssuingCa, renewedRootCa } from '../../contract/pki.ts'
import type { pkiCertificateKinds } from '../db/schema/pki.ts'
import { type KeyRing, openPrivateKey, sealPrivateKey } from '../keys/key-ring.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'
import { cryptoEngine } from './crypto-engine.ts'
import { certificateParts, concat, ecdsaSignatureDer, tlv } from './der.ts'
import { OID } from './oids.ts'
import { fromPem, toPem } from './pem.ts'
import {
  type CertificateProfile,
  certificateDer,
  createCertificate,
  type DistinguishedName,
  generateKeyPair,
  type IssuerPointers,
  keyAlgorithm,
  parseCertificate,
  positiveSerial,
} from './x509.ts'

/** A certificate with its private key, in the forms the signing code and the disk need. */
export type CertifiedKey = {
  certificate: pkijs.Certificate
  /** DER encoding of `certificate`. */
  der: Uint8Array
  key: CryptoKey
}

/** A certificate with its key and the certificates a verifier needs above it: its CA's, up to the root, DER. */
export type ChainedKey = CertifiedKey & { chain: Uint8Array[] }

/**
 * One of the platform's CAs, by the name its CRL and certificate paths give it (contract/pki.ts), with what a
 * verifier needs above a certificate it issues: `chain`, itself up to the root.
 */
export type PlatformCa = ChainedKey & { ca: PkiCa }

/** A per-signer certificate just issued, with its key to sign with now (it is kept nowhere). */
type IssuedSignerCertificate = ChainedKey & {
  certificatePem: string
}

/** A seal's certificate just issued, with its key sealed (key-ring.ts) for the seal to keep. */
export type IssuedSealCertificate = IssuedSignerCertificate & {
  sealedKey: string
}

/** Who a per-signer certificate is for and at which quality. */
type SignerCertificateRequest = {
  name: string
  email: string
  quality: 'aes' | 'qes'
  /** The business that vouches for the signer (AES for business), named as O instead of the platform. */
  organization?: string
}

/**
 * Who an organisation certificate (a seal's) is for and at which quality: it names the organisation (O),
 * the seal (CN), and where known its country and ETSI organisation identifier.
 */
type SealCertificateRequest = {
  organization: string
  commonName: string
  /** ISO 3166-1 alpha-2. */
  country?: string
  organizationIdentifier?: string
  quality: 'aes' | 'qes'
}

/** A certificate the PKI issued, for the registry of issued certificates (OCSP, CRL). */
type IssuedCertificate = {
  ca: PkiCa
  kind: (typeof pkiCertificateKinds)[number]
  certificate: pkijs.Certificate
  /** Its serial as lowercase hex; for a copy, differs from `certificate`'s (the copied one). */
  serial: string
  /** For a copy minted for one signature: the serial of the certificate copied. */
  baseSerial?: string
}

/**
 * The platform's PKI: root CA, issuing CA, timestamp authority, OCSP responder and simple-signature
 * certificate.
 */
export type Pki = {
  /** The first root, which issued the PKI's first issuing CA; new issuing CAs come from the newest of {@link Pki.roots}. */
  root: CertifiedKey
  /**
   * Every root the platform had, oldest first: the first one ({@link Pki.root}), then those
   * {@link Pki.renewRootCa} made, in any process. All stay (sealed), so that each keeps answering for the issuing
   * CAs it certified (OCSP, its CRL and certificate addresses); validators trust each.
   */
  roots(): Promise<PlatformCa[]>
  /**
   * Gives the platform a new root, self-signed at `at`, when the newest one ends within `rootRenewBeforeMs` of
   * `at`, and links it with the one before it: each root certifies the other's key (a link certificate), so that
   * a validator that trusts either one builds a path to what the other certified. Stores it (sealed) beside the
   * older ones, which stay; makes the links a renewal cut short left out. Answers the newest root. Records
   * through the database: not inside a transaction.
   */
  renewRootCa(at: Date): Promise<PlatformCa>
  /** The link certificates between each root and the one after it (see {@link Pki.renewRootCa}), oldest first, DER. */
  links(): Promise<Uint8Array[]>
  /**
   * The first issuing CA (`issuing`), which issued the PKI's first certificates; new certificates come from the
   * newest of {@link Pki.issuingCas}.
   */
  issuing: CertifiedKey
  /**
   * Every key and certificate the issuing CA had, oldest first: the first one ({@link Pki.issuing}), then those
   * {@link Pki.renewIssuingCa} issued under the root, in any process. All stay (sealed), so that each keeps
   * answering for the certificates it issued (OCSP, its CRL and certificate addresses).
   */
  issuingCas(): Promise<PlatformCa[]>
  /** {@link Pki.roots}, then {@link Pki.issuingCas}. */
  cas(): Promise<PlatformCa[]>
  /**
   * The platform's CA that signed `certificate`, by its signature, not its issuer's name (which every issuing
   * CA shares, and anyone may copy); undefined for a certificate the platform did not issue.
   */
  issuerOf(certificate: pkijs.Certificate): Promise<PlatformCa | undefined>
  /**
   * Gives the issuing CA a new key and certificate under the newest root at `at`, unless the newest one's
   * certificate lasts beyond `issuingRenewBeforeMs` (and a month beyond the lifetime of a certificate it issues)
   * from `at`, or that root ends too soon for a new one to help: records it as that root's and stores it (sealed)
   * beside the older ones, which stay. Answers the newest one. Records through the database: not inside a
   * transaction.
   */
  renewIssuingCa(at: Date): Promise<PlatformCa>
  /** The timestamp authority's key in use: the newest one this process knows (see {@link Pki.timestampKey}). */
  readonly tsa: ChainedKey
  /**
   * The timestamp authority's key to timestamp with at `at`: {@link Pki.tsa}, unless its certificate expires
   * within `tsaRenewBeforeMs` of `at` and a newer one is stored (by {@link Pki.renewTimestampKey}, in any
   * process). Reads no database, so it may be called inside a transaction.
   */
  timestampKey(at: Date): Promise<ChainedKey>
  /**
   * As {@link Pki.timestampKey}, but when no newer key is stored, issues a new key and certificate at `at` from
   * the newest issuing CA, ending with it at the latest, records it and stores it beside the older ones, which
   * stay (sealed) so that their certificates are still known. When that CA itself ends within `tsaRenewBeforeMs`
   * (a key from it would be due again at once), the CA is renewed first, together with it. Records through the
   * database: not inside a transaction.
   */
  renewTimestampKey(at: Date): Promise<ChainedKey>
  /**
   * The first issuing CA's delegated OCSP responder (id-kp-OCSPSigning, id-pkix-ocsp-nocheck); a later issuing CA
   * answers for its certificates itself (RFC 6960 §4.2.2.2).
   */
  ocsp: CertifiedKey
  /**
   * The platform's first certificate for simple (ses) signatures; they are made with {@link Pki.platformKey}.
   */
  platform: CertifiedKey
  /**
   * The platform's certificate for simple signatures now: the one issued last of {@link Pki.platform} and those
   * {@link Pki.renewPlatformKey} issued, in any process. Reads no database, so it may be called inside a
   * transaction.
   */
  platformKey(): Promise<CertifiedKey>
  /**
   * Gives simple signatures a new key and certificate from the newest issuing CA at `at`, when the one of
   * {@link Pki.platformKey} comes within the lifetime of a signer's certificate of its end, or another issuing CA
   * issued it (the issuing CA was renewed since): records it and stores it (sealed) beside the older ones, which
   * stay so that their certificates keep answering OCSP. Never when the newest issuing CA itself ends within
   * that time: only its renewal helps then. Answers the key to sign with. Records through the database: not
   * inside a transaction.
   */
  renewPlatformKey(at: Date): Promise<CertifiedKey>
  /** Whether certificates issued here are for production (else they say they are demo ones). */
  production: boolean
  /**
   * The certificates of every root and issuing CA that has not ended by the server's time, roots first (the
   * first root first), as PEM, for `GET /api/pki/ca.pem`.
   */
  caPem(): Promise<string>
  /** {@link Pki.links} as PEM, for `GET /api/pki/links.pem`. */
  linksPem(): Promise<string>
  /** Issues a certificate for one signer's advanced or qualified signature, by the newest issuing CA. */
  issueSignerCertificate(request: SignerCertificateRequest): Promise<IssuedSignerCertificate>
  /**
   * Issues an organisation certificate for a seal: the organisation is its subject (outside production the
   * demo marking goes in OU and the demo policy, as on every other certificate issued here).
   */
  issueSealCertificate(request: SealCertificateRequest): Promise<IssuedSealCertificate>
  /** A seal's certificate and its key as {@link issueSealCertificate} gave them, ready to sign with. */
  openSealKey(certificatePem: string, sealedKey: string): Promise<CertifiedKey>
  /**
   * A copy of a leaf certificate of an issuing CA (same key, subject, extensions and validity), by the same CA,
   * under a fresh serial number, to sign one signature with. poppler 22 (pdfsig) reports the second
   * of two consecutive signatures made with the very same certificate as "Unknown issue with
   * Certificate"; a certificate per signature avoids that and costs one ECDSA signature. It is recorded
   * through `tx` when given: the transaction the signature is made in (the embedded database runs one
   * transaction at a time, and a query beside it would wait for it).
   */
  signatureCertificate(base: CertifiedKey, tx?: Queryable): Promise<SignatureCertificate>
}

/** A certificate minted for one signature: its DER, the (unchanged) private key and its CA's chain. */
type SignatureCertificate = { der: Uint8Array; key: CryptoKey; chain: Uint8Array[] }

/** Where and how the PKI lives. */
export type PkiOptions = {
  /** Directory holding the certificates and sealed keys, usually `DATA_DIR/pki`; created when missing. */
  dir: string
  /** What seals the private keys it keeps, on disk and the seals'. */
  keys: KeyRing
  /** Production certificates carry no demo marking. */
  production: boolean
  /** The server's clock: when the certificates it issues start. @default the system's */
  now?: () => Date
  /**
   * The app's public address (PUBLIC_URL): certificates name its OCSP responder and CRLs there.
   * @default none: certificates name no revocation data (the PKI alone, which no responder answers for;
   * pdfsig cannot trust a certificate whose OCSP responder does not answer)
   */
  publicUrl?: string
  /**
   * Keeps each certificate issued, the PKI's own ones each time it loads (so it must be idempotent).
   * @default none: nothing is kept (the PKI alone, in tests and benchmarks)
   */
  record?: CertificateRecorder
  /**
   * How long before its certificate expires the timestamp authority gets a new key and certificate
   * ({@link Pki.timestampKey}). @default 730 days
   */
  tsaRenewBeforeMs?: number
  /**
   * How long before its certificate expires the issuing CA gets a new key and certificate
   * ({@link Pki.renewIssuingCa}); at least {@link minIssuingRenewBeforeDays}, else the PKI refuses to load.
   * @default 1095 days
   */
  issuingRenewBeforeMs?: number
  /**
   * How long before its certificate ends the newest root gets a successor ({@link Pki.renewRootCa}); at least
   * {@link rootRenewalLeadDays} more than `issuingRenewBeforeMs`, else the PKI refuses to load.
   * @default {@link defaultRootRenewBeforeDays} days
   */
  rootRenewBeforeMs?: number
}

/** Keeps a certificate issued, through `tx` when given, else on its own. */
export type CertificateRecorder = (issued: IssuedCertificate, tx?: Queryable) => Promise<void>

const platformName = 'Signet'
/** How long a signer's or a seal's certificate lasts. */
const leafValidDays = 730
/**
 * The least time before its end an issuing CA is renewed: a certificate it issues, and a month for the daily
 * job to renew it, so that no certificate outlives its CA.
 */
export const minIssuingRenewBeforeDays = leafValidDays + 30
/** How long an issuing CA's certificate lasts (at most: never beyond the root's). */
export const issuingValidDays = 3650
/** How long a root's certificate lasts. */
export const rootValidDays = 7300
/**
 * How much sooner than an issuing CA the root is renewed, at the least: the issuing CA that comes due after it
 * is renewed under the new root, which the daily job has made a month before.
 */
export const rootRenewalLeadDays = 30
/** How long before its end the root is renewed unless configured: half its life, for its successor to spread. */
export const defaultRootRenewBeforeDays = 3650
const defaultIssuingRenewBeforeDays = 1095
const demoMarking = 'DEMO certificate - not for legal use'
/** The PKI's own certificates, each with its sealed key in `dir`. */
export const pkiParts = ['root', 'issuing', 'tsa', 'platform', 'ocsp'] as const
type Part = (typeof pkiParts)[number]
// The parts every stored PKI has; the OCSP responder came later and is added to a PKI that lacks it.
const firstParts = ['root', 'issuing', 'tsa', 'platform'] as const

/** The serial number of a certificate as lowercase hex, as the registry keeps it. */
export function serialHex(certificate: pkijs.Certificate): string {
  return Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex')
}

/** Where certificates issued by `ca` send a verifier for its revocation data and certificate; none without an address. */
function issuerPointers(publicUrl: string | undefined, ca: PkiCa): IssuerPointers | undefined {
  if (publicUrl === undefined) return undefined
  return {
    ocsp: `${publicUrl}${apiBase}${apiPaths.pkiOcsp()}`,
    crl: `${publicUrl}${apiBase}${apiPaths.pkiCrl(ca)}`,
    caIssuers: `${publicUrl}${apiBase}${apiPaths.pkiCaCertificate(ca)}`,
  }
}

/** Loads the PKI from `dir`, or creates and stores it there on first use; records its own certificates. */
export async function loadOrCreatePki(options: PkiOptions): Promise<Pki> {
  const renewBeforeDays = (options.issuingRenewBeforeMs ?? 0) / dayMs
  if (options.issuingRenewBeforeMs !== undefined && renewBeforeDays < minIssuingRenewBeforeDays) {
    throw new Error(
      `pki.issuing_renewal_too_short: an issuing CA is renewed at least ${minIssuingRenewBeforeDays} days before its end (a certificate it issues lasts ${leafValidDays} days, and a month), not ${renewBeforeDays}`,
    )
  }
  const rootRenewBeforeDays = (options.rootRenewBeforeMs ?? defaultRootRenewBeforeDays * dayMs) / dayMs
  const issuingRenewBeforeDays =
    (options.issuingRenewBeforeMs ?? defaultIssuingRenewBeforeDays * dayMs) / dayMs
  if (rootRenewBeforeDays < issuingRenewBeforeDays + rootRenewalLeadDays) {
    throw new Error(
      `pki.root_renewal_too_short: the root is renewed at least ${rootRenewalLeadDays} days sooner before its end than an issuing CA (${issuingRenewBeforeDays} days), so that the issuing CA is renewed under the new root, not ${rootRenewBeforeDays}`,
    )
  }
  const parts = await loadOrCreateParts(options)
  const record = options.record ?? (async () => {})
  await record({
    ca: 'root',
    kind: 'issuing_ca',
    certificate: parts.issuing.certificate,
    serial: serialHex(parts.issuing.certificate),
  })
  for (const [part, kind] of [
    ['platform', 'platform'],
    ['ocsp', 'ocsp_responder'],
  ] as const) {
    const { certificate } = parts[part]
    await record({ ca: 'issuing', kind, certificate, serial: serialHex(certificate) })
  }
  const timestampKeys = [parts.tsa, ...(await loadRenewed(options.dir, 'tsa', options.keys))]
  const pki = await assemble({ ...parts, tsa: newest(timestampKeys) ?? parts.tsa }, options, record)
  // Each certificate the PKI issued after it was made, by the CA that signed it.
  const renewed = [
    ...(await pki.issuingCas())
      .filter(({ ca }) => ca !== 'issuing')
      .map(({ certificate }) => ({ certificate, kind: 'issuing_ca' as const })),
    ...(await pki.links()).map((der) => ({ certificate: parseCertificate(der), kind: 'link_ca' as const })),
    ...timestampKeys.map(({ certificate }) => ({ certificate, kind: 'tsa' as const })),
    ...(await loadRenewed(options.dir, 'platform', options.keys)).map(({ certificate }) => ({
      certificate,
      kind: 'platform' as const,
    })),
  ]
  for (const { certificate, kind } of renewed) {
    const issuer = await pki.issuerOf(certificate)
    if (issuer === undefined) throw new Error(`pki.corrupt: a ${kind} certificate of no CA in ${options.dir}`)
    await record({ ca: issuer.ca, kind, certificate, serial: serialHex(certificate) })
  }
  return pki
}

/** The certificate that expires last, if any. */
function newest<Key extends CertifiedKey>(candidates: Key[]): Key | undefined {
  return candidates.reduce<Key | undefined>(
    (best, candidate) =>
      best === undefined ||
      candidate.certificate.notAfter.value.getTime() > best.certificate.notAfter.value.getTime()
        ? candidate
        : best,
    undefined,
  )
}

/** The parts that get new keys and certificates before theirs expire, kept beside their first one. */
type RenewedPart = 'root' | 'issuing' | 'tsa' | 'platform'

const renewedPattern = /^(root|issuing|tsa|platform)-([0-9a-f]+)\.pem$/

/**
 * A link certificate between two roots: `link-<issuer's serial>-<subject's serial>.pem`, the subject's name and
 * key certified by the issuer. It has no key of its own.
 */
function linkFile(dir: string, issuer: CertifiedKey, subject: CertifiedKey): string {
  return join(dir, `link-${serialHex(issuer.certificate)}-${serialHex(subject.certificate)}.pem`)
}

const linkPattern = /^link-[0-9a-f]+-[0-9a-f]+\.pem$/

/**
 * The certificate and sealed key files of a part's key issued after the PKI was made, by its certificate's
 * serial: `<part>-<serial>.pem` and `<part>-<serial>.key.sealed`, beside the first one's `<part>.pem`.
 */
function renewedFiles(
  dir: string,
  part: RenewedPart,
  serial: string,
): { certificate: string; sealed: string } {
  return {
    certificate: join(dir, `${part}-${serial}.pem`),
    sealed: join(dir, `${part}-${serial}.key.sealed`),
  }
}

/** The later keys of the parts kept in `dir` (see {@link renewedFiles}), by part and serial. */
async function renewedKeys(dir: string): Promise<{ part: RenewedPart; serial: string }[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return names.flatMap((name) => {
    const [, part, serial] = renewedPattern.exec(name) ?? []
    return part === undefined || serial === undefined ? [] : [{ part: part as RenewedPart, serial }]
  })
}

/** The sealed key files of the later keys of the roots, the issuing CA, the timestamp authority and simple signatures, in `dir`. */
export async function renewedKeyFiles(dir: string): Promise<string[]> {
  return (await renewedKeys(dir)).map(({ part, serial }) => renewedFiles(dir, part, serial).sealed)
}

async function loadRenewed(dir: string, part: RenewedPart, keys: KeyRing): Promise<CertifiedKey[]> {
  const loaded: CertifiedKey[] = []
  for (const found of await renewedKeys(dir)) {
    if (found.part !== part) continue
    const files = renewedFiles(dir, part, found.serial)
    const der = fromPem('CERTIFICATE', await readFile(files.certificate, 'utf8'))[0]
    if (!der) throw new Error(`pki.corrupt: ${files.certificate}`)
    const key = await openKey(keys, await readFile(files.sealed, 'utf8'))
    loaded.push({ certificate: parseCertificate(der), der, key })
  }
  return loaded
}

// A renewed key written key first, each file aside and renamed into place: a reader finds no certificate, or
// a whole one with its key. Named by serial, it never replaces another.
async function storeRenewed(
  dir: string,
  part: RenewedPart,
  renewed: CertifiedKey,
  keys: KeyRing,
): Promise<void> {
  const files = renewedFiles(dir, part, serialHex(renewed.certificate))
  const partial = `.${process.pid}.partial`
  await writeFile(`${files.sealed}${partial}`, `${await sealKey(keys, renewed.key)}\n`, { mode: 0o600 })
  await rename(`${files.sealed}${partial}`, files.sealed)
  await writeFile(`${files.certificate}${partial}`, toPem('CERTIFICATE', renewed.der), { mode: 0o644 })
  await rename(`${files.certificate}${partial}`, files.certificate)
}

/** Whether `file` is there. */
function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

/** The certificates, oldest first (by when they start). */
function oldestFirst<Key extends CertifiedKey>(candidates: Key[]): Key[] {
  return candidates.toSorted(
    (a, b) => a.certificate.notBefore.value.getTime() - b.certificate.notBefore.value.getTime(),
  )
}

async function loadOrCreateParts(options: PkiOptions): Promise<Record<Part, CertifiedKey>> {
  const { dir, keys } = options
  const stored = await loadParts(dir, keys)
  if (stored) {
    if (stored.ocsp) return { ...stored, ocsp: stored.ocsp }
    const ocsp = await issue(partSpecs(options).ocsp, stored.issuing)
    await storePart(dir, 'ocsp', ocsp, keys)
    return { ...stored, ocsp: (await loadParts(dir, keys))?.ocsp ?? ocsp }
  }
  const created = await createParts(options)
  await storeParts(dir, created, keys)
  // Another process may have won the race to create the directory: use what is on disk.
  const winner = await loadParts(dir, keys)
  return winner?.ocsp ? { ...winner, ocsp: winner.ocsp } : created
}

async function assemble(
  keys: Record<Part, CertifiedKey>,
  options: PkiOptions,
  record: CertificateRecorder,
): Promise<Pki> {
  const { production } = options
  const now = options.now ?? (() => new Date())
  const firstRoot: PlatformCa = { ...keys.root, ca: 'root', chain: [keys.root.der] }
  const first: PlatformCa = { ...keys.issuing, ca: 'issuing', chain: [keys.issuing.der, keys.root.der] }
  // The later roots by serial, each loaded (its key opened) once.
  const renewedRoots = new Map<string, PlatformCa>()
  const roots = async () => {
    const serials = (await renewedKeys(options.dir)).filter(({ part }) => part === 'root')
    if (serials.some(({ serial }) => !renewedRoots.has(serial))) {
      for (const root of await loadRenewed(options.dir, 'root', options.keys)) {
        const serial = serialHex(root.certificate)
        renewedRoots.set(serial, { ...root, ca: renewedRootCa(serial), chain: [root.der] })
      }
    }
    return oldestFirst([firstRoot, ...renewedRoots.values()])
  }
  const newestRoot = async () => newest(await roots()) ?? firstRoot
  // The root that signed an issuing CA's certificate (its name is no proof: anyone may copy it).
  const rootOf = async (certificate: pkijs.Certificate) => {
    for (const root of await roots()) {
      if (!root.certificate.subject.isEqual(certificate.issuer)) continue
      if (await certificate.verify(root.certificate, cryptoEngine).catch(() => false)) return root
    }
    throw new Error(`pki.corrupt: an issuing CA of no root in ${options.dir}`)
  }
  // The later issuing CAs by serial, each loaded (its key opened) once.
  const renewedCas = new Map<string, PlatformCa>()
  const issuingCas = async () => {
    const serials = (await renewedKeys(options.dir)).filter(({ part }) => part === 'issuing')
    if (serials.some(({ serial }) => !renewedCas.has(serial))) {
      for (const ca of await loadRenewed(options.dir, 'issuing', options.keys)) {
        const serial = serialHex(ca.certificate)
        const root = await rootOf(ca.certificate)
        renewedCas.set(serial, { ...ca, ca: renewedIssuingCa(serial), chain: [ca.der, root.der] })
      }
    }
    return oldestFirst([first, ...renewedCas.values()])
  }
  const newestIssuing = async () => newest(await issuingCas()) ?? first
  const cas = async () => [...(await roots()), ...(await issuingCas())]
  const links = async () => {
    const names = (await readdir(options.dir)).filter((name) => linkPattern.test(name)).sort()
    const found = await Promise.all(
      names.map(async (name) => {
        const der = fromPem('CERTIFICATE', await readFile(join(options.dir, name), 'utf8'))[0]
        if (!der) throw new Error(`pki.corrupt: ${name} in ${options.dir}`)
        return { der, start: parseCertificate(der).notBefore.value.getTime() }
      }),
    )
    return found.toSorted((a, b) => a.start - b.start).map(({ der }) => der)
  }
  const issuerOf = async (certificate: pkijs.Certificate) => {
    for (const ca of await cas()) {
      if (!ca.certificate.subject.isEqual(certificate.issuer)) continue
      if (await certificate.verify(ca.certificate, cryptoEngine).catch(() => false)) return ca
    }
    return undefined
  }
  const chained = async (key: CertifiedKey): Promise<ChainedKey> => {
    const issuer = await issuerOf(key.certificate)
    if (issuer === undefined) throw new Error('pki.corrupt: a certificate of no platform CA')
    return { ...key, chain: issuer.chain }
  }
  const renewBeforeMs = options.tsaRenewBeforeMs ?? 730 * dayMs
  const expiresSoon = (tsa: CertifiedKey, at: Date) =>
    tsa.certificate.notAfter.value.getTime() - at.getTime() <= renewBeforeMs
  // A renewed key is recorded first, so its issuer's OCSP and CRL know it before anything names it, then stored
  // (sealed) beside the older ones.
  const keepRenewed = async (
    part: RenewedPart,
    issuedBy: Pick<IssuedCertificate, 'ca' | 'kind'>,
    renewed: CertifiedKey,
  ) => {
    await record({ ...issuedBy, certificate: renewed.certificate, serial: serialHex(renewed.certificate) })
    await storeRenewed(options.dir, part, renewed, options.keys)
  }
  let tsa = await chained(keys.tsa)
  // A newer key another process stored, or this one: adopted.
  const storedTsa = async (at: Date) => {
    const stored = newest(await loadRenewed(options.dir, 'tsa', options.keys))
    if (stored === undefined || expiresSoon(stored, at)) return undefined
    tsa = await chained(stored)
    return tsa
  }
  let renewing: Promise<ChainedKey> | undefined
  const renewTsa = async (at: Date) => {
    const stored = await storedTsa(at)
    if (stored !== undefined) return stored
    // A key from a CA that ends within the margin would be due again at once (or outlive its CA): the CA is
    // renewed first, together with it.
    const issuing = await renewIssuingCa(at, renewBeforeMs)
    const spec = partSpecs(options).tsa
    // Never beyond its CA's end.
    const issuingLeftMs = issuing.certificate.notAfter.value.getTime() - at.getTime()
    const validDays = Math.min(spec.validDays, Math.floor(issuingLeftMs / dayMs))
    // No CA lasts longer (its root ends too soon for a new one): the key in use serves until it ends, instead of
    // a new one a day.
    if (tsa.certificate.notAfter.value.getTime() >= at.getTime() + (validDays - 1) * dayMs) return tsa
    const renewed = await issue(
      { ...spec, validDays, authority: issuerPointers(options.publicUrl, issuing.ca), issuedAt: at },
      issuing,
    )
    await keepRenewed('tsa', { ca: issuing.ca, kind: 'tsa' }, renewed)
    tsa = { ...renewed, chain: issuing.chain }
    return tsa
  }
  const issuingRenewBeforeMs = options.issuingRenewBeforeMs ?? defaultIssuingRenewBeforeDays * dayMs
  let renewingIssuing: Promise<PlatformCa> | undefined
  // Renewed once it ends within `renewBeforeMs` (the issuing margin, or more for the timestamp authority's sake).
  const renewIssuing = async (at: Date, renewBeforeMs: number) => {
    const latest = await newestIssuing()
    if (latest.certificate.notAfter.value.getTime() - at.getTime() > renewBeforeMs) return latest
    // A certificate ends with its root at the latest: one the root outlives by less than the margin would be
    // renewed again at once, which only a new root helps.
    const root = await newestRoot()
    const rootLeftMs = root.certificate.notAfter.value.getTime() - at.getTime()
    if (rootLeftMs <= renewBeforeMs) return latest
    const spec = partSpecs(options).issuing
    const validDays = Math.min(spec.validDays, Math.floor(rootLeftMs / dayMs))
    // Named apart from the ones before it (`Signet Issuing CA 2`): tools that find an issuer by its name (openssl
    // crl, NSS) find this one.
    const generation = (await issuingCas()).length + 1
    const subject = { ...spec.subject, commonName: `${spec.subject.commonName} ${generation}` }
    const authority = issuerPointers(options.publicUrl, root.ca)
    const renewed = await issue({ ...spec, subject, validDays, authority, issuedAt: at }, root)
    await keepRenewed('issuing', { ca: root.ca, kind: 'issuing_ca' }, renewed)
    return newestIssuing()
  }
  const renewIssuingCa = (at: Date, renewBeforeMs = issuingRenewBeforeMs) => {
    renewingIssuing ??= renewIssuing(at, Math.max(renewBeforeMs, issuingRenewBeforeMs)).finally(() => {
      renewingIssuing = undefined
    })
    return renewingIssuing
  }
  const rootRenewBeforeMs = options.rootRenewBeforeMs ?? defaultRootRenewBeforeDays * dayMs
  // Each root and the one after it certify each other's key, named as the certified root names itself and
  // ending with the older one (roots last alike, the newer ends later): a validator that trusts either finds a
  // path through the link to what the other certified.
  const linkRoots = async (at: Date) => {
    const all = await roots()
    for (const [index, older] of all.entries()) {
      const newer = all[index + 1]
      if (newer === undefined) break
      const validDays = Math.floor((older.certificate.notAfter.value.getTime() - at.getTime()) / dayMs)
      // No path is built through a root that has ended.
      if (validDays < 1) continue
      for (const [issuer, subject] of [
        [older, newer],
        [newer, older],
      ] as const) {
        const file = linkFile(options.dir, issuer, subject)
        if (await exists(file)) continue
        const link = await linkOf(issuer, subject, at, validDays)
        // Recorded first, so that its issuer's OCSP and CRL know it before anyone can fetch it.
        await record({
          ca: issuer.ca,
          kind: 'link_ca',
          certificate: link.certificate,
          serial: serialHex(link.certificate),
        })
        const partial = `${file}.${process.pid}.partial`
        await writeFile(partial, toPem('CERTIFICATE', link.der), { mode: 0o644 })
        await rename(partial, file)
      }
    }
  }
  const linkOf = async (issuer: PlatformCa, subject: PlatformCa, at: Date, validDays: number) => {
    const certificate = await createCertificate({
      subject: subject.certificate.subject,
      subjectKey: subject.certificate.subjectPublicKeyInfo,
      issuer: { certificate: issuer.certificate, key: issuer.key },
      profile: 'rootCa',
      validDays,
      authority: issuerPointers(options.publicUrl, issuer.ca),
      issuedAt: at,
    })
    return { certificate, der: certificateDer(certificate) }
  }
  let renewingRoot: Promise<PlatformCa> | undefined
  const renewRoot = async (at: Date) => {
    const latest = await newestRoot()
    if (latest.certificate.notAfter.value.getTime() - at.getTime() > rootRenewBeforeMs) {
      await linkRoots(at)
      return latest
    }
    const spec = partSpecs(options).root
    // Named apart from the ones before it (`Signet Root CA 2`), as the issuing CAs are.
    const generation = (await roots()).length + 1
    const subject = { ...spec.subject, commonName: `${spec.subject.commonName} ${generation}` }
    const pair = await generateKeyPair()
    const certificate = await createCertificate({ ...spec, subject, subjectKey: pair, issuedAt: at })
    const renewed = { certificate, der: certificateDer(certificate), key: pair.privateKey }
    await storeRenewed(options.dir, 'root', renewed, options.keys)
    await linkRoots(at)
    return newestRoot()
  }
  // The later keys of simple signatures by serial, each loaded (its key opened) once.
  const renewedPlatform = new Map<string, CertifiedKey>()
  const platformKey = async () => {
    const serials = (await renewedKeys(options.dir)).filter(({ part }) => part === 'platform')
    if (serials.some(({ serial }) => !renewedPlatform.has(serial))) {
      for (const key of await loadRenewed(options.dir, 'platform', options.keys)) {
        renewedPlatform.set(serialHex(key.certificate), key)
      }
    }
    // The one issued last: a renewal near the root's end may end sooner than the one it follows.
    return oldestFirst([keys.platform, ...renewedPlatform.values()]).at(-1) ?? keys.platform
  }
  // A simple signature's certificate has as long left as a signer's certificate lasts, at least.
  const platformRenewBeforeMs = leafValidDays * dayMs
  let renewingPlatform: Promise<CertifiedKey> | undefined
  const renewPlatform = async (at: Date) => {
    const current = await platformKey()
    const issuing = await newestIssuing()
    const issuingLeftMs = issuing.certificate.notAfter.value.getTime() - at.getTime()
    if (issuingLeftMs <= platformRenewBeforeMs) return current
    const endsSoon = current.certificate.notAfter.value.getTime() - at.getTime() <= platformRenewBeforeMs
    if (!endsSoon && (await issuerOf(current.certificate))?.ca === issuing.ca) return current
    const spec = partSpecs(options).platform
    // Never beyond its CA's end.
    const validDays = Math.min(spec.validDays, Math.floor(issuingLeftMs / dayMs))
    const renewed = await issue(
      { ...spec, validDays, authority: issuerPointers(options.publicUrl, issuing.ca), issuedAt: at },
      issuing,
    )
    await keepRenewed('platform', { ca: issuing.ca, kind: 'platform' }, renewed)
    return platformKey()
  }
  const leaf = async (kind: 'signer' | 'seal', quality: 'aes' | 'qes', subject: DistinguishedName) => {
    const issuing = await newestIssuing()
    const issued = await issueLeaf(issuing, { ...options, now }, quality, subject)
    await record({
      ca: issuing.ca,
      kind,
      certificate: issued.certificate,
      serial: serialHex(issued.certificate),
    })
    return issued
  }
  return {
    ...keys,
    get tsa() {
      return tsa
    },
    timestampKey: async (at) => {
      if (!expiresSoon(tsa, at)) return tsa
      return (await storedTsa(at)) ?? tsa
    },
    renewTimestampKey: async (at) => {
      if (!expiresSoon(tsa, at)) return tsa
      renewing ??= renewTsa(at).finally(() => {
        renewing = undefined
      })
      return renewing
    },
    roots,
    renewRootCa: (at) => {
      renewingRoot ??= renewRoot(at).finally(() => {
        renewingRoot = undefined
      })
      return renewingRoot
    },
    links,
    issuingCas,
    cas,
    issuerOf,
    renewIssuingCa: (at) => renewIssuingCa(at),
    platformKey,
    renewPlatformKey: (at) => {
      renewingPlatform ??= renewPlatform(at).finally(() => {
        renewingPlatform = undefined
      })
      return renewingPlatform
    },
    production,
    caPem: async () => {
      const at = now().getTime()
      return (await cas())
        .filter((ca) => ca.certificate.notAfter.value.getTime() > at)
        .map((ca) => toPem('CERTIFICATE', ca.der))
        .join('')
    },
    linksPem: async () => (await links()).map((der) => toPem('CERTIFICATE', der)).join(''),
    signatureCertificate: async (base, tx) => {
      const issuer = await issuerOf(base.certificate)
      if (issuer === undefined || isRootCa(issuer.ca)) throw new Error('pki.not_a_leaf_of_an_issuing_ca')
      // Rewrites the serial inside the signed TBS bytes and signs them again: no ASN.1 round trip.
      const parts = certificateParts(base.der)
      const serial = positiveSerial()
      if (parts.serial.end - parts.serial.contentStart !== serial.length) {
        throw new Error('pki.unexpected_serial_length')
      }
      const tbs = Uint8Array.from(parts.tbs)
      tbs.set(serial, parts.serial.contentStart)
      const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, issuer.key, tbs)
      const signatureBits = concat([new Uint8Array([0]), ecdsaSignatureDer(new Uint8Array(signature))])
      const der = tlv(0x30, concat([tbs, parts.signatureAlgorithm, tlv(0x03, signatureBits)]))
      await record(
        {
          ca: issuer.ca,
          kind: 'signature',
          certificate: base.certificate,
          serial: Buffer.from(serial).toString('hex'),
          baseSerial: serialHex(base.certificate),
        },
        tx,
      )
      return { der, key: base.key, chain: issuer.chain }
    },
    issueSignerCertificate: (request) =>
      leaf('signer', request.quality, {
        commonName: request.name,
        email: request.email,
        organization:
          request.organization ?? (production ? platformName : `${platformName} (${demoMarking})`),
        organizationalUnit: production ? undefined : demoMarking,
      }),
    issueSealCertificate: async (request) => {
      const issued = await leaf('seal', request.quality, {
        commonName: request.commonName,
        organization: request.organization,
        organizationalUnit: production ? undefined : demoMarking,
        country: request.country,
        organizationIdentifier: request.organizationIdentifier,
      })
      return { ...issued, sealedKey: await sealKey(options.keys, issued.key) }
    },
    openSealKey: async (certificatePem, sealedKey) => {
      const der = fromPem('CERTIFICATE', certificatePem)[0]
      if (!der) throw new Error('pki.corrupt: stored certificate')
      return { certificate: parseCertificate(der), der, key: await openKey(options.keys, sealedKey) }
    },
  }
}

/** Seals a private key (extractable: one just made) with the ring's current key. */
async function sealKey(keys: KeyRing, key: CryptoKey): Promise<string> {
  return sealPrivateKey(keys, new Uint8Array(await crypto.subtle.exportKey('pkcs8', key)))
}

/** Opens a sealed private key into a signing key, which cannot be exported again. */
function openKey(keys: KeyRing, sealed: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', openPrivateKey(keys, sealed), keyAlgorithm, false, ['sign'])
}

/**
 * Where a part's private key is: `sealed` now, `clear` (PEM) where a release before keys were sealed put
 * it, until the server's start seals it (reseal-private-keys.ts).
 */
export function partKeyFiles(dir: string, part: Part): { sealed: string; clear: string } {
  return { sealed: join(dir, `${part}.key.sealed`), clear: join(dir, `${part}.key.pem`) }
}

// A leaf for advanced or qualified signing by `issuing`, valid two years ({@link leafValidDays}) from the server's
// time, with a fresh key.
async function issueLeaf(
  issuing: PlatformCa,
  options: PkiOptions & { now: () => Date },
  quality: 'aes' | 'qes',
  subject: DistinguishedName,
): Promise<IssuedSignerCertificate> {
  const pair = await generateKeyPair()
  const policies: string[] = [quality === 'qes' ? OID.policyQes : OID.policyAes]
  if (!options.production) policies.push(OID.policyDemo)
  const certificate = await createCertificate({
    subject,
    subjectKey: pair,
    issuer: { certificate: issuing.certificate, key: issuing.key },
    profile: 'signing',
    validDays: leafValidDays,
    policies,
    authority: issuerPointers(options.publicUrl, issuing.ca),
    issuedAt: options.now(),
  })
  const der = certificateDer(certificate)
  return {
    certificate,
    der,
    key: pair.privateKey,
    chain: issuing.chain,
    certificatePem: toPem('CERTIFICATE', der),
  }
}

type PartSpec = {
  subject: DistinguishedName
  profile: CertificateProfile
  validDays: number
  policies?: string[]
  authority?: IssuerPointers
  issuedAt?: Date
}

// Each issued at the server's time.
function partSpecs({ production, publicUrl, now }: PkiOptions): Record<Part, PartSpec> {
  const issuedAt = now?.() ?? new Date()
  const authority = issuerPointers(publicUrl, 'issuing')
  const organization = platformName
  const organizationalUnit = production ? undefined : demoMarking
  return {
    root: {
      subject: { commonName: `${platformName} Root CA`, organization, organizationalUnit },
      profile: 'rootCa',
      validDays: 7300,
      issuedAt,
    },
    issuing: {
      subject: { commonName: `${platformName} Issuing CA`, organization, organizationalUnit },
      profile: 'issuingCa',
      validDays: issuingValidDays,
      issuedAt,
      authority: issuerPointers(publicUrl, 'root'),
    },
    tsa: {
      subject: { commonName: `${platformName} Timestamp Authority`, organization, organizationalUnit },
      profile: 'timestamping',
      validDays: 3650,
      issuedAt,
      policies: [OID.policyTsa],
      authority,
    },
    platform: {
      subject: {
        commonName: `${platformName} Simple Electronic Signature`,
        organization,
        organizationalUnit,
      },
      profile: 'signing',
      validDays: 1825,
      issuedAt,
      policies: production ? [OID.policySes] : [OID.policySes, OID.policyDemo],
      authority,
    },
    ocsp: {
      subject: { commonName: `${platformName} OCSP Responder`, organization, organizationalUnit },
      profile: 'ocspSigning',
      validDays: 3650,
      issuedAt,
    },
  }
}

async function createParts(options: PkiOptions): Promise<Record<Part, CertifiedKey>> {
  const specs = partSpecs(options)
  const rootPair = await generateKeyPair()
  const rootCertificate = await createCertificate({ ...specs.root, subjectKey: rootPair })
  const root = {
    certificate: rootCertificate,
    der: certificateDer(rootCertificate),
    key: rootPair.privateKey,
  }
  const issuing = await issue(specs.issuing, root)
  return {
    root,
    issuing,
    tsa: await issue(specs.tsa, issuing),
    platform: await issue(specs.platform, issuing),
    ocsp: await issue(specs.ocsp, issuing),
  }
}

async function issue(spec: PartSpec, issuer: CertifiedKey): Promise<CertifiedKey> {
  const pair = await generateKeyPair()
  const certificate = await createCertificate({
    ...spec,
    subjectKey: pair,
    issuer: { certificate: issuer.certificate, key: issuer.key },
  })
  return { certificate, der: certificateDer(certificate), key: pair.privateKey }
}

async function storeParts(dir: string, created: Record<Part, CertifiedKey>, keys: KeyRing): Promise<void> {
  const staging = `${dir}.staging-${process.pid}-${Date.now()}`
  await mkdir(staging, { recursive: true, mode: 0o700 })
  for (const part of pkiParts) await writePart(staging, part, created[part], keys)
  // The rename makes the PKI appear all at once: a crash never leaves half a PKI behind.
  try {
    await rename(staging, dir)
  } catch {
    await rm(staging, { recursive: true, force: true })
  }
}

async function writePart(dir: string, part: Part, { der, key }: CertifiedKey, keys: KeyRing): Promise<void> {
  const keyPath = partKeyFiles(dir, part).sealed
  await writeFile(keyPath, `${await sealKey(keys, key)}\n`, { mode: 0o600 })
  await chmod(keyPath, 0o600)
  // The certificate last: a part is there once its certificate is.
  await writeFile(join(dir, `${part}.pem`), toPem('CERTIFICATE', der), { mode: 0o644 })
}

// One part added to a stored PKI, written aside and renamed into place key first: a reader finds no
// certificate, or a whole one. Two processes adding it at once: the last one's pair stays.
async function storePart(dir: string, part: Part, key: CertifiedKey, keys: KeyRing): Promise<void> {
  const staging = `${dir}/.staging-${part}-${process.pid}-${Date.now()}`
  await mkdir(staging, { mode: 0o700 })
  await writePart(staging, part, key, keys)
  await rename(partKeyFiles(staging, part).sealed, partKeyFiles(dir, part).sealed)
  await rename(join(staging, `${part}.pem`), join(dir, `${part}.pem`))
  await rm(staging, { recursive: true, force: true })
}

type StoredParts = Record<(typeof firstParts)[number], CertifiedKey> & { ocsp?: CertifiedKey }

async function loadParts(dir: string, keys: KeyRing): Promise<StoredParts | null> {
  const loaded: Partial<Record<Part, CertifiedKey>> = {}
  for (const part of pkiParts) {
    const certificatePem = await readFile(join(dir, `${part}.pem`), 'utf8').catch(() => null)
    if (certificatePem === null) {
      if (part === 'ocsp') break
      return null
    }
    const sealed = await readFile(partKeyFiles(dir, part).sealed, 'utf8')
    const der = fromPem('CERTIFICATE', certificatePem)[0]
    if (!der) throw new Error(`pki.corrupt: ${part} in ${dir}`)
    loaded[part] = { certificate: parseCertificate(der), der, key: await openKey(keys, sealed) }
  }
  return loaded as StoredParts
}
