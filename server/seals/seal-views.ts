import { inArray } from 'drizzle-orm'
import type { Seal, SealCertificate, SealDetail, SealMember } from '../../contract/seals.ts'
import type { Database } from '../db/open-database.ts'
import { sealMembers } from '../db/schema/seals.ts'
import { describeCertificate } from '../signing/certificate-info.ts'
import { OID } from '../signing/oids.ts'
import { fromPem } from '../signing/pem.ts'
import { parseCertificate } from '../signing/x509.ts'
import { businessAccounts } from './business-accounts.ts'
import type { SealRow } from './find-seal.ts'

/**
 * The seals' summaries (SPEC §3 Seal), in the order given. Only people and API users who still belong to
 * the business count: someone who left keeps no use of its seals.
 */
export async function sealSummaries(
  db: Pick<Database, 'select'>,
  businessId: string,
  rows: readonly SealRow[],
): Promise<Seal[]> {
  if (rows.length === 0) return []
  const allowed = await allowedBySeal(db, businessId, rows)
  return rows.map((row) => summary(row, allowed.get(row.id)?.members ?? []))
}

/** One seal in full: its summary, its certificate, who may use it and who may be allowed. */
export async function sealDetail(db: Pick<Database, 'select'>, row: SealRow): Promise<SealDetail> {
  const found = (await allowedBySeal(db, row.businessId, [row])).get(row.id)
  const members = found?.members ?? []
  return {
    ...summary(row, members),
    createdAt: row.createdAt.toISOString(),
    certificate: certificateSummary(row.certificatePem),
    members,
    candidates: found?.candidates ?? [],
  }
}

async function allowedBySeal(
  db: Pick<Database, 'select'>,
  businessId: string,
  rows: readonly SealRow[],
): Promise<Map<string, { members: SealMember[]; candidates: SealMember[] }>> {
  const accounts = await businessAccounts(db, businessId)
  const links = await db
    .select()
    .from(sealMembers)
    .where(
      inArray(
        sealMembers.sealId,
        rows.map((row) => row.id),
      ),
    )
  return new Map(
    rows.map((row) => {
      const ids = new Set(links.filter((link) => link.sealId === row.id).map((link) => link.userId))
      return [
        row.id,
        {
          members: accounts.filter((account) => ids.has(account.id)),
          candidates: accounts.filter((account) => !ids.has(account.id)),
        },
      ]
    }),
  )
}

function summary(row: SealRow, members: readonly SealMember[]): Seal {
  return {
    name: row.accountName,
    label: row.displayName,
    quality: row.quality,
    image:
      row.imageKey === null || row.imageType === null
        ? null
        : { type: row.imageType, version: imageVersion(row.imageKey) },
    nApi: members.filter((member) => member.kind === 'api').length,
    nMembers: members.filter((member) => member.kind === 'person').length,
  }
}

/** The version part of an image key (`seals/<business>/<seal>-<version>.png`). */
function imageVersion(key: string): string {
  return /-([0-9a-f]+)\.\w+$/.exec(key)?.[1] ?? key
}

const nameLabels: Record<string, string> = {
  [OID.commonName]: 'CN',
  [OID.organizationalUnitName]: 'OU',
  [OID.organizationName]: 'O',
  [OID.organizationIdentifier]: 'organizationIdentifier',
  [OID.countryName]: 'C',
}

function certificateSummary(pem: string): SealCertificate {
  const der = fromPem('CERTIFICATE', pem)[0]
  if (der === undefined) throw new Error('seal certificate is not PEM')
  const certificate = parseCertificate(der)
  const info = describeCertificate(certificate)
  // Most specific first, as verifiers show a subject.
  const subject = certificate.subject.typesAndValues
    .flatMap((entry) => {
      const label = nameLabels[entry.type]
      const value = (entry.value.valueBlock as { value?: unknown }).value
      return label === undefined || typeof value !== 'string' ? [] : [`${label}=${value}`]
    })
    .reverse()
  return {
    subject: subject.join(', '),
    organization: info.organization,
    issuer: info.issuerCommonName ?? '',
    serialNumber: info.serialNumber,
    validFrom: info.notBefore.toISOString(),
    validUntil: info.notAfter.toISOString(),
    demo: info.policies.includes(OID.policyDemo),
  }
}
