import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { Button } from '../../ui/button/button.tsx'
import styles from './documents.module.css'

/** The request view's list of the request's documents, each with a Delete button when `onDelete` is given. */
export function RequestDocuments({
  request,
  onDelete,
}: {
  request: SignatureRequestView
  onDelete: ((document: SignatureRequestView['documents'][number]) => void) | undefined
}) {
  const { t } = useLingui()
  return (
    <section className={styles.card} aria-labelledby="documents-heading">
      <h2 id="documents-heading">
        <Trans>Documents</Trans>
      </h2>
      <ul className={styles.files}>
        {request.documents.map((doc) => {
          const pages = doc.pageCount
          const document = doc.title
          return (
            <li key={doc.id} className={styles.fileRow}>
              <span className={styles.signerWho}>
                <span className={styles.strong}>{doc.title}</span>
                <span className={styles.muted}>
                  <Plural value={pages} one="# page" other="# pages" />
                </span>
              </span>
              {onDelete ? (
                <Button
                  variant="text"
                  size="sm"
                  aria-label={t`Delete ${document}`}
                  onClick={() => onDelete(doc)}
                >
                  <Trans>Delete</Trans>
                </Button>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
