import { and, eq, isNull } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { embedPagePrefix } from '../../contract/embedding.ts'
import { hashToken } from '../accounts/hash-token.ts'
import type { Database } from '../db/open-database.ts'
import { apiUsers } from '../db/schema/businesses.ts'
import { embeddedSigningLinks } from '../db/schema/embedding.ts'
import { embeddedPagePolicy, type SecurityHeaderOptions } from '../http/security-headers.ts'
import { embedOriginsOf } from './embed-origins.ts'

/**
 * Middleware of the app's pages under `/embed/{token}`: the page of a known signing URL may be framed by its API
 * user's embed origins (`frame-ancestors`), expired or used too, so that the page can tell its host why it
 * cannot sign. Any other page keeps the app's policy, which no site may frame.
 */
export function embedFrameAncestors(db: Database, options: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    await next()
    // A page, or its 304 (whose headers replace those the browser kept), never a file.
    if (!(c.res.headers.get('Content-Type') ?? 'text/html').startsWith('text/html')) return
    const token = c.req.path.slice(embedPagePrefix.length)
    if (token === '' || token.includes('/')) return
    const [link] = await db
      .select({ apiUserId: embeddedSigningLinks.apiUserId })
      .from(embeddedSigningLinks)
      .innerJoin(apiUsers, eq(apiUsers.userId, embeddedSigningLinks.apiUserId))
      .where(and(eq(embeddedSigningLinks.tokenHash, hashToken(token)), isNull(apiUsers.deletedAt)))
    if (link === undefined) return
    const origins = (await embedOriginsOf(db, [link.apiUserId])).get(link.apiUserId) ?? []
    if (origins.length > 0) c.res.headers.set('Content-Security-Policy', embeddedPagePolicy(options, origins))
  }
}
