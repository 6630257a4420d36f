import type { Business } from '../../contract/businesses.ts'
import type { User } from '../../contract/user.ts'
import type { GuidanceFacts, GuidanceIdentity } from '../../machines/guidance/guidance.types.ts'
import { memberBusiness, userAttribute } from '../api/user.ts'

/** The guidance service's SDK (Userpilot), loaded only where the deployment has its token. */
export const guidanceSdkUrl = 'https://js.userpilot.io/sdk/latest.js'

/** The calls of the guidance SDK the app makes. */
interface GuidanceSdk {
  identify(userId: string, properties: Record<string, unknown>): void
  anonymous(): void
  destroy(): void
}

declare global {
  var userpilot: GuidanceSdk | undefined
  var userpilotSettings: { token: string } | undefined
}

/** Where the SDK's script goes: the page, or a test's stand-in. */
export type ScriptHost = Pick<Document, 'createElement'> & { head: Pick<HTMLElement, 'append'> }

/**
 * What the guidance machine knows of the app (SPEC §4, §7): the signed-in user, their business as its members
 * see it (its guidance switch and plan), and the UI locale. Without a business, the user's free plan is the
 * plan (the attribute free_account_type).
 */
export function guidanceFacts(
  user: User | undefined,
  business: Business | undefined,
  locale: string,
): GuidanceFacts {
  const member = memberBusiness(user)
  const ofBusiness = member && business?.id === member.id ? business : undefined
  return {
    userId: user?.id ?? null,
    email: user?.email ?? null,
    signerIdentityEmail: userAttribute(user, 'signer_identity_email') ?? null,
    businessId: member?.id ?? null,
    isBusinessAdmin: member?.role === 'admin',
    planId: member
      ? (ofBusiness?.activePricePlanId ?? null)
      : (userAttribute(user, 'free_account_type') ?? null),
    planStart: ofBusiness?.planStart ?? null,
    locale,
    userPilotEnabled: ofBusiness?.userPilot.enabled ?? false,
  }
}

/**
 * The guidance machine's calls on the service's SDK: `start` loads it once with the deployment's token (the
 * first and only time anything of the service is fetched), the others wait for it. A service that does not
 * load leaves the app as it is.
 */
export function guidanceService(token: string, page: ScriptHost = document) {
  let loaded: Promise<GuidanceSdk> | undefined
  const sdk = () => {
    loaded ??= new Promise<GuidanceSdk>((resolve, reject) => {
      globalThis.userpilotSettings = { token }
      const script = page.createElement('script')
      script.src = guidanceSdkUrl
      script.async = true
      script.onload = () =>
        globalThis.userpilot ? resolve(globalThis.userpilot) : reject(new Error('no SDK'))
      script.onerror = () => reject(new Error('the guidance SDK did not load'))
      page.head.append(script)
    })
    return loaded
  }
  const call = (use: (sdk: GuidanceSdk) => void) => void sdk().then(use, () => {})
  return {
    start: () => call(() => {}),
    teardown: () => call((tool) => tool.destroy()),
    reset: () => call((tool) => tool.anonymous()),
    // SPEC §7: the user id, e-mail, business id, role, plan id, locale code and plan start.
    identify: (_: unknown, identity: GuidanceIdentity) =>
      call((tool) =>
        tool.identify(identity.userId, {
          email: identity.email,
          role: identity.role,
          plan_id: identity.planId,
          plan_start: identity.planStart,
          locale_code: identity.locale,
          ...(identity.businessId ? { company: { id: identity.businessId } } : {}),
        }),
      ),
  }
}
