import type { GuidanceFacts, GuidanceIdentity, GuidanceRole } from './guidance.types.ts'

/** SPEC §4: the tool runs for the free_legacy plan or when the business enables it. */
export function isGuidanceEnabled(facts: Pick<GuidanceFacts, 'planId' | 'userPilotEnabled'>): boolean {
  return facts.planId === 'free_legacy' || facts.userPilotEnabled
}

/** SPEC §6: the tool knows only admin (a business admin) and user (everyone else). */
export function guidanceRole(isBusinessAdmin: boolean): GuidanceRole {
  return isBusinessAdmin ? 'admin' : 'user'
}

/** SPEC §7: the identify payload; null without a user id, when the tool is reset to anonymous. */
export function identifyPayload(facts: GuidanceFacts): GuidanceIdentity | null {
  if (!facts.userId) return null
  return {
    userId: facts.userId,
    email: facts.signerIdentityEmail || facts.email,
    businessId: facts.businessId,
    role: guidanceRole(facts.isBusinessAdmin),
    planId: facts.planId,
    locale: facts.locale,
    planStart: facts.planStart,
  }
}
