import type { User, UserAttributeName } from '../../../contract/user.ts'
import { legislations } from '../../../machines/identification/identification.types.ts'
import { type SupportedLocale, selectableLocales } from '../../i18n/locales.ts'

/** Which mails the user wants: every notification, only the ones that need them, or none. */
export const notificationLevels = ['all', 'important', 'none'] as const

/** The legislations a user may sign under by default (SPEC §2). */
export const legislationChoices = legislations

/** The signature qualities a user may choose as default. */
export const qualityChoices = ['ses', 'aes', 'qes'] as const

/** The editable settings of /profile/settings, one per user attribute. */
export interface SettingsValues {
  lang: SupportedLocale
  emailNotificationLevel: (typeof notificationLevels)[number]
  defaultLegislation: (typeof legislationChoices)[number]
  defaultQuality: (typeof qualityChoices)[number]
}

/** The user attribute behind each setting. */
const attributeOf = {
  lang: 'lang',
  emailNotificationLevel: 'email_notification_level',
  defaultLegislation: 'default_legislation',
  defaultQuality: 'default_quality',
} as const satisfies Record<keyof SettingsValues, UserAttributeName>

function pick<T extends string>(choices: readonly T[], value: string | undefined, fallback: T): T {
  return choices.find((choice) => choice === value) ?? fallback
}

/** The settings as the user has them; `locale` fills in a language the user has not chosen yet. */
export function settingsFromUser(user: User, locale: SupportedLocale): SettingsValues {
  const first = (name: UserAttributeName) => user.attributes[name]?.[0]
  return {
    lang: pick(selectableLocales, first('lang'), selectableLocales.includes(locale) ? locale : 'en-gb'),
    emailNotificationLevel: pick(notificationLevels, first('email_notification_level'), 'all'),
    defaultLegislation: pick(legislationChoices, first('default_legislation'), 'eidas'),
    defaultQuality: pick(qualityChoices, first('default_quality'), 'ses'),
  }
}

/** The attributes to send with PUT /v1/user: only the settings that differ from `saved`. */
export function changedAttributes(
  saved: SettingsValues,
  current: SettingsValues,
): Partial<Record<UserAttributeName, string[]>> {
  const changed: Partial<Record<UserAttributeName, string[]>> = {}
  for (const key of Object.keys(attributeOf) as (keyof SettingsValues)[]) {
    if (saved[key] !== current[key]) changed[attributeOf[key]] = [current[key]]
  }
  return changed
}
