import type { AttachmentInfo } from '../../contract/signature-requests.ts'
import type { signatureRequestAttachments } from '../db/schema/signature-requests.ts'

/** A stored attachment row. */
export type AttachmentRow = typeof signatureRequestAttachments.$inferSelect

/** A stored attachment row as the API answers it. */
export function toAttachmentInfo(
  row: Pick<AttachmentRow, 'id' | 'title' | 'size' | 'contentType' | 'createdAt'>,
): AttachmentInfo {
  return {
    id: row.id,
    title: row.title,
    size: row.size,
    contentType: row.contentType,
    createdAt: row.createdAt.toISOString(),
  }
}
