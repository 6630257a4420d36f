import { describe, expect, it } from 'vitest'
import type { User } from '../../../../contract/user.ts'
import { changedAttributes, settingsFromUser } from '../../../../src/features/profile/settings-form.ts'

const user = (attributes: Record<string, string[]>): User => ({
  id: 'u1',
  username: 'u1',
  email: 'ada@example.com',
  emailVerified: true,
  firstName: 'Ada',
  lastName: 'Lovelace',
  hasSso: false,
  retention: null,
  disabledQualities: ['aes', 'qes'],
  signatureQualities: { ses: { any: { quality: 'ses' } } },
  attributes,
  secondFactor: { enabled: false, required: false },
  permissions: {
    visualSignatures: {
      claim: { canUpdate: true, defaultValue: true },
      date: { canUpdate: true, defaultValue: true },
      std: { canUpdate: true, defaultValue: true },
    },
  },
  business: null,
})

describe('settingsFromUser', () => {
  it('reads the attributes the user has', () => {
    expect(
      settingsFromUser(
        user({
          lang: ['fr-ch'],
          email_notification_level: ['none'],
          default_legislation: ['zertes'],
          default_quality: ['qes'],
        }),
        'en-gb',
      ),
    ).toEqual({
      lang: 'fr-ch',
      emailNotificationLevel: 'none',
      defaultLegislation: 'zertes',
      defaultQuality: 'qes',
    })
  })

  it('fills in defaults, the current locale for the language, and ignores values it does not know', () => {
    expect(settingsFromUser(user({ default_quality: ['xyz'] }), 'de-ch')).toEqual({
      lang: 'de-ch',
      emailNotificationLevel: 'all',
      defaultLegislation: 'eidas',
      defaultQuality: 'ses',
    })
  })

  it('does not offer Italian as a setting (SPEC §9: not selectable)', () => {
    expect(settingsFromUser(user({ lang: ['it'] }), 'it').lang).toBe('en-gb')
  })
})

describe('changedAttributes', () => {
  const saved = settingsFromUser(user({}), 'en-gb')

  it('is empty when nothing changed', () => {
    expect(changedAttributes(saved, { ...saved })).toEqual({})
  })

  it('names only the changed settings, as snake_case attributes with list values', () => {
    expect(changedAttributes(saved, { ...saved, lang: 'de-ch', defaultQuality: 'aes' })).toEqual({
      lang: ['de-ch'],
      default_quality: ['aes'],
    })
  })
})
