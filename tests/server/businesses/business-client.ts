import * as v from 'valibot'
import {
  type BusinessSettings,
  businessPaths,
  businessSchema,
  businessSettingsSchema,
} from '../../../contract/businesses.ts'
import { toSnakeCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { type AccountsClient, readJson } from '../accounts/accounts-client.ts'

/** A business's address and VAT number, which its seals' certificates name. */
export const businessData = (name: string) => ({
  name,
  email: `office@${name.toLowerCase().replace(/\W+/g, '')}.example`,
  billing: {
    address1: 'Bahnhofstrasse 1',
    city: 'Zürich',
    postal_code: '8001',
    country: 'ch',
    vat: 'CHE-123.456.789',
  },
})

/** Opens a business for `adminToken` and answers its id. */
export async function openBusiness(api: AccountsClient, adminToken: string, name: string): Promise<string> {
  const created = await api.call('POST', businessPaths.businesses(), {
    token: adminToken,
    body: businessData(name),
  })
  return v.parse(businessSchema, await readJson(created, 201)).id
}

/** Invites `email` into the business and has its account (`token`) accept. */
export async function join(
  api: AccountsClient,
  adminToken: string,
  businessId: string,
  email: string,
  token: string,
): Promise<void> {
  await readJson(
    await api.call('POST', businessPaths.businessMembers(businessId), {
      token: adminToken,
      body: { users: [email] },
    }),
  )
  await readJson(await api.call('POST', apiPaths.accept(), { token, body: { business_invite: true } }))
}

/** Changes the business's settings as its admin saves them on the settings screen; answers them. */
export async function changeSettings(
  api: AccountsClient,
  adminToken: string,
  businessId: string,
  change: (settings: BusinessSettings) => BusinessSettings,
): Promise<BusinessSettings> {
  const current = v.parse(
    businessSettingsSchema,
    await readJson(await api.call('GET', businessPaths.businessSettings(businessId), { token: adminToken })),
  )
  const { companyBranding: _, ...editable } = change(current)
  return v.parse(
    businessSettingsSchema,
    await readJson(
      await api.call('PUT', businessPaths.businessSettings(businessId), {
        token: adminToken,
        body: toSnakeCase(editable),
      }),
    ),
  )
}
