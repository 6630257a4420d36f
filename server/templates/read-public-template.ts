import type { PublicTemplateView } from '../../contract/templates.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'
import { findPublicTemplate } from './find-public-template.ts'
import { templateDocumentsOf } from './load-templates.ts'

/** GET /v3/public-templates/{token}: what a visitor of the link sees: the title and the size, nothing private. */
export async function readPublicTemplate(db: Queryable, token: string): Promise<PublicTemplateView> {
  const { template } = await findPublicTemplate(db, token)
  const held = await templateDocumentsOf(db, template.id)
  return {
    title: template.title,
    pageCount: held.reduce((pages, d) => pages + d.pageCount, 0),
  }
}
