import * as v from 'valibot'

/** The referral service's calls (SPEC §7 User), apart from `apiPaths`, which /login loads. */
export const referralPaths = {
  /** `POST`: the signed-in user's referral widget token; 404 `referral.unavailable` without the service. */
  referralToken: () => '/v1/user/cello',
} as const

/** Answer of `POST /v1/user/cello`: what the referral component (Cello) boots with. */
export const referralTokenSchema = v.object({
  /** The deployment's product at the referral service. */
  productId: v.string(),
  /** A JSON Web Token (HS512) naming the product and the user, signed with the product's secret. */
  token: v.string(),
  /** Where the component's script is loaded from: the service's, or the server's own stand-in outside production. */
  scriptUrl: v.string(),
})
export type ReferralToken = v.InferOutput<typeof referralTokenSchema>
