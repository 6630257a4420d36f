import { readFileSync } from 'node:fs'
import type { MessageDescriptor } from '@lingui/core'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { errorCodes } from '../../contract/errors.ts'
import { ApiError } from '../../src/api/client.ts'
import { errorMessage } from '../../src/api/error-messages.ts'
import { businessErrorMessage } from '../../src/features/business/business-messages.ts'
import { sealErrorMessage } from '../../src/features/business/seals/seal-messages.ts'
import { requestErrorMessage } from '../../src/features/documents/request-messages.ts'
import { identificationErrorMessage } from '../../src/features/identification/identification-messages.ts'
import { passkeyErrorMessage } from '../../src/features/profile/passkey-messages.ts'
import { referralErrorMessage } from '../../src/features/profile/referral/referral-messages.ts'
import { visualSignatureErrorMessage } from '../../src/features/profile/visual-signature/visual-signature-messages.ts'
import { embedErrorMessage } from '../../src/features/signing/embed-messages.ts'
import { signingErrorMessage } from '../../src/features/signing/signing-messages.ts'
import { surveyErrorMessage } from '../../src/features/surveys/survey-messages.ts'
import { templateErrorMessage } from '../../src/features/templates/template-messages.ts'
import { validationErrorMessage } from '../../src/features/validation/validation-messages.ts'
import { type CatalogPart, catalogParts } from '../../src/i18n/catalog-parts.ts'
import { supportedLocales } from '../../src/i18n/locales.ts'

/** Each lookup of the app's error words, with the catalog its own words are extracted to (undefined: the shared one). */
const lookups: { name: string; part?: CatalogPart; message: (code: string) => MessageDescriptor }[] = [
  { name: 'errorMessage', message: errorMessage },
  { name: 'requestErrorMessage', part: 'documents', message: requestErrorMessage },
  { name: 'businessErrorMessage', part: 'business', message: businessErrorMessage },
  { name: 'sealErrorMessage', part: 'business', message: sealErrorMessage },
  { name: 'identificationErrorMessage', part: 'identification', message: identificationErrorMessage },
  { name: 'visualSignatureErrorMessage', part: 'profile', message: visualSignatureErrorMessage },
  { name: 'referralErrorMessage', part: 'profile', message: referralErrorMessage },
  { name: 'passkeyErrorMessage', part: 'profile', message: passkeyErrorMessage },
  { name: 'surveyErrorMessage', part: 'surveys', message: surveyErrorMessage },
  { name: 'validationErrorMessage', part: 'validation', message: validationErrorMessage },
  { name: 'embedErrorMessage', part: 'signing', message: embedErrorMessage },
  { name: 'templateErrorMessage', part: 'templates', message: templateErrorMessage },
  {
    name: 'signingErrorMessage',
    part: 'signing',
    message: (code) => signingErrorMessage(new ApiError(400, code, 'refused')),
  },
]

const po = formatter({ lineNumbers: false })

/** The translation of each message id in a catalog as the translators left it (its msgstr). */
async function translations(locale: string, part?: CatalogPart): Promise<Map<string, string>> {
  const file = `locales/${part === undefined ? '' : `${part}/`}${locale}.po`
  const catalog = await po.parse(readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: 'en-gb',
    filename: file,
  })
  return new Map(Object.entries(catalog ?? {}).map(([id, entry]) => [id, entry.translation ?? '']))
}

describe('the words of every error code the server answers (issue 39 §2)', () => {
  const generic = errorMessage(undefined)

  it('every code in contract/errors.ts has words of its own, not the generic text', () => {
    const without = errorCodes.filter((code) => lookups.every(({ message }) => message(code) === generic))
    expect(without).toEqual([])
  })

  it.each(supportedLocales)('every code’s words are translated in %s', async (locale) => {
    const catalogs = new Map<CatalogPart | undefined, Map<string, string>>()
    for (const part of [undefined, ...catalogParts]) catalogs.set(part, await translations(locale, part))
    const shared = catalogs.get(undefined) ?? new Map<string, string>()
    const untranslated: string[] = []
    for (const code of errorCodes) {
      for (const { name, part, message } of lookups) {
        const descriptor = message(code)
        if (descriptor === generic) continue
        // A feature's lookup falls back to the shared words, which its screens have loaded with the app.
        const own = catalogs.get(part) ?? shared
        const translation = own.get(descriptor.id) || shared.get(descriptor.id)
        if (!translation?.trim())
          untranslated.push(`${code} (${name}): ${descriptor.message ?? descriptor.id}`)
      }
    }
    expect(untranslated).toEqual([])
  })
})
