import { eq } from 'drizzle-orm'
import type { PutSeal, SealDetail, SealQuality } from '../../contract/seals.ts'
import { sealNamePattern } from '../../contract/seals.ts'
import { businessNotFound } from '../businesses/business-errors.ts'
import { businesses } from '../db/schema/businesses.ts'
import { seals } from '../db/schema/seals.ts'
import { ApiError } from '../http/api-error.ts'
import {
  RemoteSealCredentialMissing,
  type RemoteSigningProvider,
  RemoteSigningUnavailable,
} from '../providers/csc/remote-signing-provider.ts'
import { fromPem, toPem } from '../signing/pem.ts'
import type { IssuedSealCertificate } from '../signing/pki.ts'
import { revokeCertificatePem } from '../signing/revoke-certificate.ts'
import { parseCertificate } from '../signing/x509.ts'
import type { SealRow } from './find-seal.ts'
import { entitledSealQuality } from './seal-quality.ts'
import type { SealServices } from './seal-services.ts'
import { sealDetail } from './seal-views.ts'

/**
 * PUT /v1/businesses/{id}/seals/{name}: creates the seal `name` with its label (`created`), or changes the
 * label of the business's seal of that name. Either way the seal gets a certificate naming the business
 * and the label, at the quality the business is entitled to now (seal-quality.ts): a label or an
 * entitlement changed, or a certificate within 30 days of its end, is a certificate issued anew, and the signatures made before keep the certificate they were made with, which is revoked as superseded. A name
 * that breaks the rules is a 400 naming `name`; one another business's seal has, a 409 `seal.name_taken`.
 *
 * A qualified seal, while a QTSP is configured (CSC_*), is the QTSP's: the seal keeps the business's legal-person
 * credential there (found by its organizationIdentifier, see {@link RemoteSigningProvider.sealCredential}) and its
 * certificate, and no key of its own. A business without a country and VAT number, or one the QTSP holds no seal
 * credential of, is a 409 `seal.qtsp_credential_missing`; the QTSP out of reach a 503; nothing is written.
 */
export async function putSeal(
  services: SealServices,
  businessId: string,
  name: string,
  body: PutSeal,
): Promise<{ seal: SealDetail; created: boolean }> {
  const { db } = services
  if (!sealNamePattern.test(name)) {
    throw new ApiError(400, 'request.invalid', 'name: use 3 to 40 lowercase letters, digits and dashes', {
      field: 'name',
    })
  }
  const existing = await sealNamed(services, name)
  if (existing !== undefined && existing.businessId !== businessId) throw nameTaken()
  const quality = await entitledSealQuality(db, businessId)
  const qtsp =
    quality === 'qes' && typeof services.qualifiedSigning === 'object' ? services.qualifiedSigning : undefined
  const unchanged =
    existing !== undefined &&
    existing.displayName === body.label &&
    existing.quality === quality &&
    (existing.qtspCredentialId !== null) === (qtsp !== undefined) &&
    !expiresSoon(existing.certificatePem, services.now())
  if (existing !== undefined && unchanged) return { seal: await sealDetail(db, existing), created: false }
  const business = await businessNames(services, businessId)
  const stored = {
    displayName: body.label,
    quality,
    ...(qtsp === undefined
      ? await issueCertificate(services, business, body.label, quality)
      : await qtspCredential(qtsp, business)),
  }
  if (existing !== undefined) {
    // The seal's key is retired with its certificate: OCSP and the CRL say so from now on.
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(seals).set(stored).where(eq(seals.id, existing.id)).returning()
      if (row === undefined) throw new Error(`seal ${existing.id} vanished`)
      await revokeCertificatePem(tx, existing.certificatePem, 'superseded', services.now())
      return row
    })
    return { seal: await sealDetail(db, updated), created: false }
  }
  const [inserted] = await db
    .insert(seals)
    .values({ ...stored, businessId, accountName: name, createdAt: services.now() })
    .onConflictDoNothing({ target: seals.accountName })
    .returning()
  // Another call took the name between the look and the insert: it is taken unless it was this business's.
  if (inserted === undefined) {
    const winner = await sealNamed(services, name)
    if (winner === undefined || winner.businessId !== businessId) throw nameTaken()
    return { seal: await sealDetail(db, winner), created: false }
  }
  return { seal: await sealDetail(db, inserted), created: true }
}

/** How long before its end a seal's certificate is renewed by the next PUT. */
const renewBeforeMs = 30 * 24 * 60 * 60 * 1000

function expiresSoon(certificatePem: string, now: Date): boolean {
  const der = fromPem('CERTIFICATE', certificatePem)[0]
  if (der === undefined) return true
  return parseCertificate(der).notAfter.value.getTime() - now.getTime() < renewBeforeMs
}

const nameTaken = () =>
  new ApiError(409, 'seal.name_taken', 'Another business has a seal of this name: choose another', {
    field: 'name',
  })

async function sealNamed(services: SealServices, name: string): Promise<SealRow | undefined> {
  const [row] = await services.db.select().from(seals).where(eq(seals.accountName, name))
  return row
}

/** How a seal's certificate names its business. */
type BusinessNames = { name: string; country: string | undefined; organizationIdentifier: string | undefined }

async function businessNames(services: SealServices, businessId: string): Promise<BusinessNames> {
  const [business] = await services.db
    .select({ name: businesses.name, billing: businesses.billing })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (business === undefined) throw businessNotFound()
  const country = /^[A-Z]{2}$/.test(business.billing.country) ? business.billing.country : undefined
  const vat = business.billing.vat.replace(/[^A-Za-z0-9]/g, '').toUpperCase()
  return {
    name: business.name,
    country,
    // ETSI EN 319 412-1: the VAT number, with the scheme and country it belongs to.
    organizationIdentifier: country !== undefined && vat !== '' ? `VAT${country}-${vat}` : undefined,
  }
}

/** A seal's certificate and key from the platform's CA. */
async function issueCertificate(
  services: SealServices,
  business: BusinessNames,
  label: string,
  quality: SealQuality,
): Promise<SealKeyHolder> {
  const pki = services.platform?.pki
  if (pki === undefined) throw new ApiError(503, 'server.unavailable', 'Seals cannot be issued just now')
  const certificate: IssuedSealCertificate = await pki.issueSealCertificate({
    organization: business.name,
    commonName: label,
    country: business.country,
    organizationIdentifier: business.organizationIdentifier,
    quality,
  })
  return {
    certificatePem: certificate.certificatePem,
    sealedPrivateKey: certificate.sealedKey,
    qtspCredentialId: null,
  }
}

/** Where a seal's key is: sealed in its row, or the QTSP's credential (seals_key_holder). */
type SealKeyHolder = {
  certificatePem: string
  sealedPrivateKey: string | null
  qtspCredentialId: string | null
}

/** The business's legal-person seal credential at the QTSP, and its certificate. */
async function qtspCredential(qtsp: RemoteSigningProvider, business: BusinessNames): Promise<SealKeyHolder> {
  const { name, country, organizationIdentifier } = business
  if (country === undefined || organizationIdentifier === undefined)
    throw new ApiError(
      409,
      'seal.qtsp_credential_missing',
      'A qualified seal needs the business’s country and VAT number in its billing details: the qualified trust service provider knows the business by them',
    )
  try {
    const { credentialId, certificate } = await qtsp.sealCredential({ name, organizationIdentifier, country })
    return {
      certificatePem: toPem('CERTIFICATE', certificate),
      sealedPrivateKey: null,
      qtspCredentialId: credentialId,
    }
  } catch (error) {
    if (error instanceof RemoteSealCredentialMissing)
      throw new ApiError(
        409,
        'seal.qtsp_credential_missing',
        `The qualified trust service provider holds no seal credential of ${name} (${organizationIdentifier}): obtain the business’s qualified seal certificate there first`,
        { cause: error },
      )
    if (error instanceof RemoteSigningUnavailable)
      throw new ApiError(
        503,
        'server.unavailable',
        'The qualified trust service provider cannot be reached; try again later',
        { cause: error },
      )
    throw error
  }
}
