import * as v from 'valibot'
import { parseExitRedirect } from '../../../machines/redirect/parse-exit-redirect.ts'
import type { ExitRedirect } from '../../../machines/redirect/redirect.types.ts'

// The router reads `10` and `true` in a query as a number and a boolean. Each value is kept as the
// router read it, so the address stays as it was; anything else (a JSON object, say) counts as absent.
const queryValue = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) =>
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : undefined,
    ),
  ),
)

/**
 * The query of a direct link (SPEC §4, §5): the link's token, where to go afterwards
 * (exitURL, errorURL, declineURL, redirectTimeout, declineRedirect) and the UI language (lang).
 */
export const directViewSearchSchema = v.object({
  token: queryValue,
  exitURL: queryValue,
  errorURL: queryValue,
  declineURL: queryValue,
  redirectTimeout: queryValue,
  declineRedirect: queryValue,
  lang: queryValue,
})

/** A direct link's parsed query. */
export type DirectViewSearch = v.InferOutput<typeof directViewSearchSchema>

/** The exit-redirect settings of a direct link's query (SPEC §3, §5). */
export function exitRedirectOf(search: DirectViewSearch): ExitRedirect {
  return parseExitRedirect({
    exitUrl: search.exitURL,
    errorUrl: search.errorURL,
    declineUrl: search.declineURL,
    timeout: search.redirectTimeout,
    shouldDeclineRedirect: search.declineRedirect,
  })
}
