import * as v from 'valibot'
import type { DirectUser } from '../../../contract/direct.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { attributesCase } from '../../../contract/user.ts'
import type { ApiClient } from '../../api/client.ts'

/** What the ZertES provider needs of a direct-link signer before identifying them, by attribute name. */
const personalDetailNames = ['first_name', 'last_name', 'date_of_birth', 'nationality'] as const

/** The signer's personal details, as the form edits them. */
export type PersonalDetails = Record<(typeof personalDetailNames)[number], string>

/** The form's rules: every field given, a past date of birth, a two-letter country code. */
export const personalDetailsSchema = v.object({
  first_name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  last_name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  date_of_birth: v.pipe(v.string(), v.isoDate()),
  nationality: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/)),
})

/** The details kept for the signer so far: their attributes, else the names the sender gave. */
export function personalDetailsOf(user: DirectUser): PersonalDetails {
  const attribute = (name: string) => user.attributes[name]?.[0] ?? ''
  return {
    first_name: attribute('first_name') || (user.firstName ?? ''),
    last_name: attribute('last_name') || (user.lastName ?? ''),
    date_of_birth: attribute('date_of_birth'),
    nationality: attribute('nationality'),
  }
}

/** Whether every detail is given and valid. */
export function hasPersonalDetails(user: DirectUser): boolean {
  return v.safeParse(personalDetailsSchema, personalDetailsOf(user)).success
}

/** PUT /v1/direct/user: keeps the details as the signer's attributes. */
export async function savePersonalDetails(api: ApiClient, token: string, details: PersonalDetails) {
  const attributes = Object.fromEntries(Object.entries(details).map(([name, value]) => [name, [value]]))
  await api.request(apiPaths.directUser(token), {
    method: 'PUT',
    body: { attributes },
    caseOptions: attributesCase,
  })
}
