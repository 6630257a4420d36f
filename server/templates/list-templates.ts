import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { TemplateListParams, TemplatePage } from '../../contract/templates.ts'
import { templates } from '../db/schema/templates.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { membershipOf } from './find-template.ts'
import { loadTemplateViews } from './load-templates.ts'

/** Escapes the wildcards of LIKE in `text`. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * GET /v3/templates: the caller's own templates and those their business shares, most recently changed first,
 * those whose title holds `title` (any case) when given.
 */
export async function listTemplates(
  services: Pick<RequestServices, 'db'>,
  caller: Caller,
  params: TemplateListParams,
): Promise<TemplatePage> {
  const { db } = services
  const membership = await membershipOf(db, caller.userId)
  const whose: SQL | undefined =
    membership === null
      ? eq(templates.ownerId, caller.userId)
      : or(eq(templates.ownerId, caller.userId), eq(templates.businessId, membership.businessId))
  const where =
    params.title === undefined || params.title === ''
      ? whose
      : and(whose, ilike(templates.title, `%${likeText(params.title)}%`))
  const [count, page] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(templates).where(where),
    db
      .select({ id: templates.id })
      .from(templates)
      .where(where)
      .orderBy(desc(templates.updatedAt), desc(templates.id))
      .limit(params.size)
      .offset(params.page * params.size),
  ])
  return {
    items: await loadTemplateViews(
      db,
      { userId: caller.userId, membership },
      page.map((row) => row.id),
    ),
    page: params.page,
    size: params.size,
    total: count[0]?.n ?? 0,
  }
}
