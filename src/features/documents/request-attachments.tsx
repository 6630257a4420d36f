import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { apiPaths } from '../../../contract/paths.ts'
import type { AttachmentInfo, SignatureRequestView } from '../../../contract/signature-requests.ts'
import { selectToken } from '../../../machines/session/session.selectors.ts'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import styles from './documents.module.css'
import { removeAttachment } from './signature-request-calls.ts'
import { uploadFile } from './upload-file.ts'

/**
 * The files attached to a request (SPEC §3 attachments): each downloadable; while the request is a draft or
 * open, the sender and the signers attach more and the sender removes them.
 */
export function RequestAttachments({
  request,
  mayAttach,
  mayRemove,
  onChanged,
  onError,
  onDownload,
}: {
  request: SignatureRequestView
  mayAttach: boolean
  mayRemove: boolean
  onChanged: () => Promise<void>
  onError: (error: unknown) => void
  onDownload: (attachment: AttachmentInfo) => void
}) {
  const { t } = useLingui()
  const { api, session } = useRouteContext({ from: '__root__' })
  const inputId = useId()
  const [busy, setBusy] = useState(false)

  const change = async (call: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await call()
      await onChanged()
    } catch (error) {
      onError(error)
    } finally {
      setBusy(false)
    }
  }
  const attach = (file: File) =>
    change(() => {
      const token = selectToken(session.getSnapshot())
      return uploadFile(apiPaths.signatureRequestAttachments(request.id), file, {
        authorization: token ? `Bearer ${token}` : undefined,
      })
    })

  return (
    <section className={styles.card} aria-labelledby="attachments-heading" aria-busy={busy}>
      <h2 id="attachments-heading">
        <Trans>Attachments</Trans>
      </h2>
      {request.attachments.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No attachments.</Trans>
        </p>
      ) : (
        <ul className={styles.files}>
          {request.attachments.map((attachment) => {
            const file = attachment.title
            return (
              <li key={attachment.id} className={styles.fileRow}>
                <Button
                  variant="text"
                  size="sm"
                  className={styles.fileName}
                  onClick={() => onDownload(attachment)}
                >
                  {file}
                </Button>
                {mayRemove ? (
                  <Button
                    variant="text"
                    size="sm"
                    aria-label={t`Delete ${file}`}
                    disabled={busy}
                    onClick={() => void change(() => removeAttachment(api, request.id, attachment.id))}
                  >
                    <Trans>Delete</Trans>
                  </Button>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
      {mayAttach ? (
        <div>
          <input
            id={inputId}
            className={`visually-hidden ${styles.fileInput}`}
            type="file"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) void attach(file)
            }}
          />
          <label htmlFor={inputId} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            <Trans>Add attachment</Trans>
          </label>
        </div>
      ) : null}
    </section>
  )
}
