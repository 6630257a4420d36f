import type * as v from 'valibot'
import type { Business } from '../../contract/businesses.ts'
import type { userSchema } from '../../contract/user.ts'
import { type ApiHandler, json } from './render-screen.tsx'

export const businessId = 'b-1'

const admin: v.InferInput<typeof userSchema> = {
  id: 'u-1',
  username: 'anna@example.ch',
  email: 'anna@example.ch',
  emailVerified: true,
  firstName: 'Anna',
  lastName: 'Muster',
  hasSso: false,
  retention: null,
  disabledQualities: [],
  signatureQualities: { ses: { any: { quality: 'ses' } } },
  attributes: {},
  secondFactor: { enabled: false, required: false },
  permissions: {
    visualSignatures: {
      claim: { canUpdate: true, defaultValue: true },
      date: { canUpdate: true, defaultValue: true },
      std: { canUpdate: true, defaultValue: true },
    },
  },
  business: { id: businessId, name: 'Muster AG', role: 'admin', invitationId: null, paymentMethod: 'STRIPE' },
}

const business: Business = {
  id: businessId,
  name: 'Muster AG',
  role: 'admin',
  locked: false,
  supportContact: { email: 'help@muster.ch', phone: '+41 44 123 45 67' },
  companyBranding: { logo: null },
  userPilot: { enabled: true },
  activePricePlanId: null,
  planStart: null,
  billingCurrency: 'CHF',
  admin: null,
}

/** The signed-in admin (GET /v1/user) and their business, which the business screens load first. */
export const adminAndBusiness: ApiHandler = ({ method, path }) => {
  if (method === 'GET' && path === '/v1/user') return json(admin)
  if (method === 'GET' && path === `/v1/businesses/${businessId}`) return json(business)
  return undefined
}
