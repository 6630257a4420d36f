import * as v from 'valibot'

/**
 * An origin that may frame the embedded signing page (issue 41 §3): `https://host[:port]`, or
 * `http://localhost[:port]` for a developer's machine; no path, query, fragment or credentials. Written as the
 * browser writes `location.origin` (lower case, no default port).
 */
export function parseEmbedOrigin(input: string): string | null {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return null
  }
  const localhost = url.protocol === 'http:' && url.hostname === 'localhost'
  if (url.protocol !== 'https:' && !localhost) return null
  // Anything besides scheme, host and port (a path, query, fragment or credentials) shows in the whole URL.
  return url.href === `${url.origin}/` ? url.origin : null
}

/** The most origins one API user may name. */
export const maxEmbedOrigins = 20

const embedOriginSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(200),
  v.check(
    (origin) => parseEmbedOrigin(origin) !== null,
    'Use an https origin (https://app.example.com) or http://localhost',
  ),
  v.transform((origin) => parseEmbedOrigin(origin) ?? origin),
)

/** The origins one API user's embedded signing pages may be framed by, each once. */
export const embedOriginsSchema = v.pipe(
  v.array(embedOriginSchema),
  v.maxLength(maxEmbedOrigins),
  v.transform((origins) => [...new Set(origins)]),
)

/**
 * Body of `POST /v3/signature-requests/{id}/signing-url`: the direct-link signer, by their signature's `id`
 * (`signature_id`) or their `account_email`, and the `origin` of the host page when the API user allows several.
 */
export const signingUrlBodySchema = v.pipe(
  v.object({
    signatureId: v.optional(v.pipe(v.string(), v.uuid())),
    accountEmail: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(320))),
    origin: v.optional(embedOriginSchema),
  }),
  v.check(
    (body) => (body.signatureId === undefined) !== (body.accountEmail === undefined),
    'Name the signer by signature_id or by account_email',
  ),
)

/** The answer: the URL that opens the embedded signing page, once, until `expiresAt` (server clock). */
export const signingUrlSchema = v.object({ url: v.string(), expiresAt: v.string() })

/** How long a signing URL may be opened, by the server's clock. */
export const signingUrlLifetimeSeconds = 300

/** Body of `POST /v3/embedded-sessions`: the secret of the signing URL the page was opened with. */
export const embeddedSessionBodySchema = v.object({ token: v.pipe(v.string(), v.maxLength(200)) })

/**
 * The direct-sign session an embedded page opens with its URL: the link (request, signature, token) the page
 * signs through, and the origin it posts its messages to.
 */
export const embeddedSessionSchema = v.object({
  signatureRequestId: v.string(),
  signatureId: v.string(),
  token: v.string(),
  origin: v.string(),
})
export type EmbeddedSession = v.InferOutput<typeof embeddedSessionSchema>

/** What the embedded page posts to its host (`window.parent.postMessage`, to the allowed origin only). */
export const embedMessageTypes = ['loaded', 'signed', 'declined', 'error'] as const
export type EmbedMessage = {
  /** Marks the message as the signing page's among whatever else the host hears. */
  source: 'signet'
  type: (typeof embedMessageTypes)[number]
  signatureRequestId: string | null
  /** For `error`: the stable code of what went wrong. */
  code?: string
}

/** The app page a signing URL opens: `/embed/{token}`. */
export const embedPagePrefix = '/embed/'

/** Path builders of the embedded signing calls, relative to `apiBase`. */
export const embeddingPaths = {
  /** `POST` a signing URL for one direct-link signer of the request (API users of its business only). */
  signingUrl: (requestId: string) => `/v3/signature-requests/${encodeURIComponent(requestId)}/signing-url`,
  /** `POST` the token of a signing URL for its direct-sign session (no sign-in; the token is the secret). */
  embeddedSessions: () => '/v3/embedded-sessions',
} as const
