import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PlanTier } from '../../../contract/price-plans.ts'

/** How each plan tier is called on screen (SPEC §9 plan tiers). */
export const planNames: Record<PlanTier, MessageDescriptor> = {
  individual: msg`Individual`,
  team: msg`Team`,
  pro: msg`Pro`,
  scale: msg`Scale`,
  enterprise: msg`Enterprise`,
  legacy: msg`Earlier plan`,
  free: msg`Free`,
}
