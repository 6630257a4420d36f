import type { SupportedLocale } from './locales.ts'
import type { PlatformRegion } from './region.ts'

// ISO 3166-1 alpha-2 codes; names come from Intl.DisplayNames in the user's language.
const codes =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  )

/** One entry of a country picker. */
export interface Country {
  code: string
  name: string
}

/**
 * SPEC §9: the country list in the user's language with CH, DE, FR, AT first (DE first on the
 * EU platform), then the rest alphabetically.
 */
export function countryList(locale: SupportedLocale, region: PlatformRegion): Country[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' })
  const first = region === 'EU' ? ['DE', 'CH', 'FR', 'AT'] : ['CH', 'DE', 'FR', 'AT']
  const collator = new Intl.Collator(locale)
  const toCountry = (code: string): Country => ({ code, name: names.of(code) ?? code })
  const rest = codes
    .filter((c) => !first.includes(c))
    .map(toCountry)
    .sort((a, b) => collator.compare(a.name, b.name))
  return [...first.map(toCountry), ...rest]
}
