import { type CountryCode, getCountries, parsePhoneNumberFromString } from 'libphonenumber-js/mobile'

export type { CountryCode }

/** The countries a mobile number may be entered for, as ISO 3166-1 alpha-2 codes. */
export const phoneCountries: readonly CountryCode[] = getCountries()

/** The country a number written without its country code is read for, unless the user picks another. */
export const defaultPhoneCountry: CountryCode = 'CH'

/**
 * A mobile number as typed (international `+41 79 123 45 67`, `0041…`, or national `079 123 45 67` read for
 * `country`) in E.164 (`+41791234567`); undefined when it is not a mobile number there.
 */
export function mobileNumberE164(
  typed: string,
  country: CountryCode = defaultPhoneCountry,
): string | undefined {
  const parsed = parsePhoneNumberFromString(typed, country)
  return parsed?.isValid() ? parsed.number : undefined
}
