/**
 * SPEC §9 sign-in providers, in the order /login shows them: a search-engine provider (Google), a
 * software-company provider (Microsoft), the Swiss national e-ID, a national ID service (SwissID) and an
 * ID-card provider (eID+). Each signs people in by OpenID Connect; `SIGN_IN_PROVIDERS` names those offered.
 */
export const signInProviders = ['google', 'microsoft', 'swiss-eid', 'swissid', 'eidplus'] as const

/** One of {@link signInProviders}. */
export type SignInProvider = (typeof signInProviders)[number]
