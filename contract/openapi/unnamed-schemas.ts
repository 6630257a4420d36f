import * as v from 'valibot'
import { defaultPageScale } from '../documents.ts'
import { signInProviders } from '../sign-in-providers.ts'

/**
 * What a few calls read or answer that the contract has no schema of, because the server reads the query
 * parameter itself or answers an object built in place. Written down here so the description names them;
 * each says which call it belongs to.
 */
export const unnamedSchemas = {
  /** `GET /v1/email_input_autocomplete`: the start of an address. */
  autocompleteQuery: v.object({ input: v.optional(v.pipe(v.string(), v.maxLength(254)), '') }),
  /** The document downloads: `signed=true` for the latest signed version. */
  downloadQuery: v.object({ signed: v.optional(v.picklist(['true', 'false']), 'false') }),
  /** The page images: `scale` 100 is full size, 20 a thumbnail; `version` the SHA-256 of the file to show. */
  pageQuery: v.object({
    scale: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/)), String(defaultPageScale)),
    version: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
  }),
  /** `GET .../sendto/{id}/...`: the direct link's secret; `GET /v3/observe/...`: the observer's. */
  sendtoQuery: v.object({ token: v.string() }),
  /** `GET /sso/start`: the address to sign in with, or the sign-in provider chosen on /login. */
  ssoStartQuery: v.object({
    email: v.optional(v.string()),
    provider: v.optional(v.picklist(signInProviders)),
  }),
  /** `GET /sso/callback`: what the identity provider sends back. */
  ssoCallbackQuery: v.object({
    code: v.optional(v.string()),
    state: v.optional(v.string()),
    error: v.optional(v.string()),
  }),
  /** `GET /sso/saml/finish`: the answer the consumer service verified, sealed. */
  ssoSamlFinishQuery: v.object({ answer: v.string() }),
  /** A page's text (`GET .../pages/{page}/text`), in reading order. */
  pageText: v.object({ text: v.string() }),
  /** Where the provider's portal for this business opens (`.../stripe/portal_session`, `.../stripe/cpsession`). */
  redirectUrl: v.object({ redirectUrl: v.string() }),
} as const
