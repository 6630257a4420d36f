import { and, eq } from 'drizzle-orm'
import type { VisualSignature } from '../../contract/visual-signatures.ts'
import { displayName } from '../accounts/display-name.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { visualSignatures } from '../db/schema/visual-signatures.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { visualSignatureView } from './find-visual-signature.ts'
import { renderVisualSignature, type VisualSignatureDrawing } from './render-visual-signature.ts'
import {
  applyVisualSignaturePermissions,
  visualSignaturePermissions,
} from './visual-signature-permissions.ts'
import { verificationPageUrl } from './visual-signature-services.ts'

/** What signing draws for a signer: a drawing without its date and standards, which the signing adds. */
type SigningVisualSignature = Omit<VisualSignatureDrawing, 'date' | 'standards' | 'qr'> & {
  displayDate: boolean
  displayStandards: boolean
  displayQr: boolean
  /** The standard the user chose for the standards line (quality, legislation, provider); null fields: none. */
  chosenStandard: { quality: string | null; legislation: string | null; provider: string | null }
}

/**
 * A predefined visual signature (SPEC §7 "predefined signatures"): the typed `name`, every line shown but
 * the QR code. It is not stored, so its id is null.
 */
export function predefinedVisualSignature(name: string): VisualSignature {
  return {
    id: null,
    alias: '',
    name,
    company: '',
    location: '',
    language: 'en',
    kind: 'typed',
    hasCustomImage: false,
    displayDate: true,
    displayClaim: true,
    displayStandards: true,
    displayQr: false,
    isDefault: true,
    quality: null,
    legislation: null,
    provider: null,
    version: '0',
  }
}

/** GET /v1/user/visual-signature: the user's default visual signature, else a predefined one of their name. */
export async function defaultVisualSignature(db: Database, userId: string): Promise<VisualSignature> {
  const [row] = await db
    .select()
    .from(visualSignatures)
    .where(and(eq(visualSignatures.userId, userId), eq(visualSignatures.isDefault, true)))
  if (row !== undefined) return visualSignatureView(row)
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
  return predefinedVisualSignature(displayName(user, user?.email ?? ''))
}

/**
 * What signing draws for the user `userId`: their default visual signature with its stored image, or
 * undefined when they have none (the plain text appearance is drawn then).
 */
async function visualSignatureForSigning(
  db: Database,
  storage: FileStorage,
  userId: string,
): Promise<SigningVisualSignature | undefined> {
  const [row] = await db
    .select()
    .from(visualSignatures)
    .where(and(eq(visualSignatures.userId, userId), eq(visualSignatures.isDefault, true)))
  if (row === undefined) return undefined
  const image = row.imageKey === null ? undefined : await storage.getBytes(row.imageKey)
  // The permissions of today: a business that turned on Part 11 since the signature was saved fixes its flags.
  const flags = applyVisualSignaturePermissions(row, await visualSignaturePermissions(db, userId))
  return {
    name: row.name,
    company: row.company,
    location: row.location,
    language: row.language,
    ...(image === undefined ? {} : { image }),
    claim: flags.displayClaim,
    displayDate: flags.displayDate,
    displayStandards: flags.displayStandards,
    displayQr: row.displayQr,
    chosenStandard: { quality: row.quality, legislation: row.legislation, provider: row.provider },
  }
}

/**
 * The PNG signing draws for the user `userId` at `quality`, dated `now`: their default visual signature at
 * twice its size (for print), its QR code to the verification page, or undefined when they have none.
 */
export async function renderSigningVisualSignature(
  services: { db: Database; storage: FileStorage; publicUrl: string },
  userId: string,
  quality: string,
  now: Date,
): Promise<Uint8Array | undefined> {
  const visual = await visualSignatureForSigning(services.db, services.storage, userId)
  if (visual === undefined) return undefined
  const { displayDate, displayStandards, displayQr, chosenStandard, ...drawing } = visual
  // The line names the quality signed with; the chosen legislation and provider only when signed at it.
  const chosen = chosenStandard.quality === quality ? chosenStandard : null
  const standards = {
    quality,
    ...(chosen?.legislation ? { legislation: chosen.legislation } : {}),
    ...(chosen?.provider ? { provider: chosen.provider } : {}),
  }
  return renderVisualSignature(
    {
      ...drawing,
      ...(displayDate ? { date: now } : {}),
      ...(displayStandards ? { standards } : {}),
      ...(displayQr ? { qr: verificationPageUrl(services.publicUrl) } : {}),
    },
    2,
  )
}
