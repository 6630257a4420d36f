import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import {
  type BusinessSettings,
  phonePattern,
  type SupportContact,
  type updateBusinessSettingsSchema,
} from '../../contract/businesses.ts'
import { emailSchema } from '../../contract/user.ts'
import type { Database } from '../db/open-database.ts'
import { businesses, type StoredBusinessSettings } from '../db/schema/businesses.ts'
import { forgetRetentionNotices } from '../retention/retention.ts'
import { businessNotFound } from './business-errors.ts'

/** The settings a new business starts with. */
export const defaultBusinessSettings: StoredBusinessSettings = {
  signatureRequests: {
    part11: { enabled: false },
    retention: { enabled: false, terminalState: 'ANY' },
    reminders: { enabled: false, everyDays: 3, atMost: 3 },
    expiry: { enabled: false, days: 30 },
  },
  companyBranding: { logo: null },
  mailService: {
    attachments: {
      signedDocument: { enabled: true, customisable: true },
      signatureProtocol: { enabled: false, customisable: true },
    },
  },
  userPilot: { enabled: false },
  secondFactor: { required: false },
}

/** SPEC §5: an invalid e-mail or phone of the support contact is blanked when the settings load. */
export function loadSupportContact(row: { supportEmail: string; supportPhone: string }): SupportContact {
  return {
    email: v.is(emailSchema, row.supportEmail) ? row.supportEmail : '',
    phone: phonePattern.test(row.supportPhone) ? row.supportPhone : '',
  }
}

type SettingsRow = { supportEmail: string; supportPhone: string; settings: StoredBusinessSettings }

/** The SPEC §3 settings block of a business row. */
function toBusinessSettings(row: SettingsRow): BusinessSettings {
  return { ...row.settings, supportContact: loadSupportContact(row) }
}

async function readRow(db: Pick<Database, 'select'>, businessId: string): Promise<SettingsRow> {
  const [row] = await db
    .select({
      supportEmail: businesses.supportEmail,
      supportPhone: businesses.supportPhone,
      settings: businesses.settings,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (row === undefined) throw businessNotFound()
  return row
}

/** GET /v1/businesses/{id}/settings. */
export async function getBusinessSettings(db: Database, businessId: string): Promise<BusinessSettings> {
  return toBusinessSettings(await readRow(db, businessId))
}

/**
 * PUT /v1/businesses/{id}/settings: every switch and the support contact; the branding stays as it is.
 * Turning retention off calls off the deletions it announced: turned on again, it announces them anew. Reminders,
 * expiry and the second factor left out stay as they are.
 */
export async function updateBusinessSettings(
  db: Database,
  businessId: string,
  input: v.InferOutput<typeof updateBusinessSettingsSchema>,
): Promise<BusinessSettings> {
  return db.transaction(async (tx) => {
    const row = await readRow(tx, businessId)
    const { supportContact, signatureRequests, secondFactor, ...switches } = input
    const settings: StoredBusinessSettings = {
      ...switches,
      secondFactor: secondFactor ?? row.settings.secondFactor,
      signatureRequests: {
        ...signatureRequests,
        reminders: signatureRequests.reminders ?? row.settings.signatureRequests.reminders,
        expiry: signatureRequests.expiry ?? row.settings.signatureRequests.expiry,
      },
      companyBranding: row.settings.companyBranding,
    }
    await tx
      .update(businesses)
      .set({ settings, supportEmail: supportContact.email, supportPhone: supportContact.phone })
      .where(eq(businesses.id, businessId))
    if (row.settings.signatureRequests.retention.enabled && !settings.signatureRequests.retention.enabled) {
      await forgetRetentionNotices(tx, businessId)
    }
    return toBusinessSettings({
      ...row,
      settings,
      supportEmail: supportContact.email,
      supportPhone: supportContact.phone,
    })
  })
}
