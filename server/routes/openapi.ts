import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type Context, Hono } from 'hono'
import type { RouterRoute } from 'hono/types'
import { buildOpenApi } from '../../contract/openapi/build-openapi.ts'
import { file } from '../../contract/openapi/operation.ts'
import { apiBase } from '../../contract/paths.ts'
import { describedOperations, describeRoute } from '../http/describe-route.ts'
import { routeNotFound } from '../http/error-handler.ts'
import { withReporting } from '../http/security-headers.ts'

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** Where the reference page and its files are, under the API. */
const docsPaths = { description: '/openapi.json', page: '/docs', file: '/docs/:file' } as const

/** The only files of swagger-ui-dist the page loads, with their content types: no other name is served. */
const swaggerFiles: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
}
const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
const swaggerVersion = (
  JSON.parse(readFileSync(join(swaggerDir, 'package.json'), 'utf8')) as { version: string }
).version

/** A short digest of `text`, for ETags and versioned URLs. */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16)

/** Our start of Swagger UI, as a file: the page allows no inline script. */
const initializer = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(`${apiBase}${docsPaths.description}`)},
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  persistAuthorization: true,
  tryItOutEnabled: true,
  displayRequestDuration: true,
  filter: true,
  validatorUrl: null,
})
`

/** Our few touches: no page margin, and room for the answers on a phone. */
const stylesheet = `body { margin: 0; }
@media (max-width: 40rem) {
  .swagger-ui .wrapper { padding: 0 0.5rem; }
  .swagger-ui .info { margin: 1.5rem 0; }
  .swagger-ui .responses-table .response-col_links { display: none; }
  .swagger-ui .opblock .opblock-section-header { padding: 0.5rem; }
  .swagger-ui .opblock-body pre.microlight { font-size: 0.75rem; }
}
`

/** The files of our own the page loads beside the package's; each is versioned by its content. */
const ownFiles: Record<string, { body: string; contentType: string; version: string }> = {
  'swagger-initializer.js': {
    body: initializer,
    contentType: 'text/javascript; charset=utf-8',
    version: digest(initializer),
  },
  'signet.css': { body: stylesheet, contentType: 'text/css; charset=utf-8', version: digest(stylesheet) },
}

/** Where the page loads `name` from: its URL names its version, so the answer may be cached for good. */
const docsUrl = (name: string) =>
  `${apiBase}/docs/${name}?v=${Object.hasOwn(ownFiles, name) ? ownFiles[name]?.version : swaggerVersion}`

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Signet API reference</title>
<link rel="icon" type="image/png" href="${docsUrl('favicon-32x32.png')}">
<link rel="stylesheet" href="${docsUrl('swagger-ui.css')}">
<link rel="stylesheet" href="${docsUrl('signet.css')}">
</head>
<body>
<main id="swagger-ui"></main>
<script src="${docsUrl('swagger-ui-bundle.js')}"></script>
<script src="${docsUrl('swagger-initializer.js')}"></script>
</body>
</html>
`

/**
 * Only our own files run on the page; Swagger UI sets style attributes and shows images as data URLs, and
 * "Try it out" calls this origin.
 */
const contentSecurityPolicy = withReporting({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
})

/**
 * A file of the page at `version` (the package's, or our file's digest): cached for good when asked for by its
 * versioned URL, else asked about again each time.
 */
function sendFile(c: Context, body: string | Uint8Array, contentType: string, version: string): Response {
  const etag = `"${version}"`
  const cache = c.req.query('v') === version ? 'public, max-age=31536000, immutable' : 'no-cache'
  const headers = {
    'Cache-Control': cache,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': contentSecurityPolicy,
  }
  if (sameEntity(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
  return c.body(body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': contentType })
}

/** Whether an If-None-Match names `etag`; the gzip of an answer carries its ETag as weak. */
function sameEntity(ifNoneMatch: string | undefined, etag: string): boolean {
  return (ifNoneMatch ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * `GET /openapi.json`: the OpenAPI 3.1 description of the API, built on the first call from what the API's
 * `routes` declare (describe-route.ts) and kept; `GET /docs`: the reference page (Swagger UI from the
 * installed swagger-ui-dist) where a developer tries calls. Neither needs a sign-in.
 */
export function createOpenApiRoutes(routes: () => readonly RouterRoute[]): Hono {
  let description: { json: string; etag: string } | undefined
  const files = new Map<string, Promise<Uint8Array>>()
  return new Hono()
    .get(
      docsPaths.description,
      describeRoute({
        summary: 'This description of the API, as OpenAPI 3.1',
        tag: 'Platform',
        auth: 'none',
        answers: [file('application/json', 'The OpenAPI 3.1 document.')],
      }),
      (c) => {
        if (description === undefined) {
          const json = JSON.stringify(buildOpenApi({ version, operations: describedOperations(routes()) }))
          description = { json, etag: `"${digest(json)}"` }
        }
        const headers = { 'Cache-Control': 'no-cache', ETag: description.etag }
        if (sameEntity(c.req.header('if-none-match'), description.etag)) return c.body(null, 304, headers)
        return c.body(description.json, 200, {
          ...headers,
          'Content-Type': 'application/json; charset=utf-8',
        })
      },
    )
    .get(docsPaths.page, (c) =>
      c.html(page, 200, {
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      }),
    )
    .get(docsPaths.file, async (c) => {
      const name = c.req.param('file')
      const own = Object.hasOwn(ownFiles, name) ? ownFiles[name] : undefined
      if (own !== undefined) return sendFile(c, own.body, own.contentType, own.version)
      const contentType = Object.hasOwn(swaggerFiles, name) ? swaggerFiles[name] : undefined
      if (contentType === undefined) throw routeNotFound(c)
      let content = files.get(name)
      if (content === undefined) {
        content = readFile(join(swaggerDir, name))
        files.set(name, content)
        content.catch(() => files.delete(name))
      }
      return sendFile(c, await content, contentType, swaggerVersion)
    })
}
