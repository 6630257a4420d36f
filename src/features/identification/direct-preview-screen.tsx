import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useCallback } from 'react'
import { apiPaths } from '../../../contract/paths.ts'
import { errorCode } from '../../api/error-messages.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { DocumentViewer } from '../../ui/document-viewer/document-viewer.tsx'
import type { LoadPage } from '../../ui/document-viewer/use-page-image.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { RequestHeader } from '../../ui/request/request-header.tsx'
import { directLinkOf } from './direct-request-standard.ts'
import { FlowLink } from './flow-link.tsx'
import { getDirectRequestQueryOptions } from './identification-calls.ts'
import { identificationErrorMessage } from './identification-messages.ts'
import { DirectLinkMissing } from './identification-screens.tsx'
import styles from './signature-standards.module.css'

/**
 * /direct-sign/identification/{id}/{userid}/preview: the request's documents, read only, for a direct-link
 * signer who wants to see what they sign before they identify themselves.
 */
export function DirectPreviewScreen({ requestId, userId }: { requestId: string; userId: string }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const link = directLinkOf(requestId, userId)
  const token = link?.token ?? ''
  const request = useQuery({ ...getDirectRequestQueryOptions(api, requestId, token), enabled: link !== null })
  const loadPage: LoadPage = useCallback(
    (documentId, page, scale, signal, version) =>
      api.request<Blob>(apiPaths.directDocumentPage(documentId, page, token, scale, version), {
        responseType: 'blob',
        retries: 0,
        signal,
      }),
    [api, token],
  )
  if (link === null) return <DirectLinkMissing />
  if (request.error)
    return <FormAlert>{i18n._(identificationErrorMessage(errorCode(request.error)))}</FormAlert>
  if (!request.data)
    return (
      <p role="status" className={styles.lead}>
        <Trans>Loading the request…</Trans>
      </p>
    )
  return (
    <div className={styles.preview}>
      <div className={styles.actions}>
        <FlowLink
          className={buttonClass({})}
          href={`/direct-sign/identification/${encodeURIComponent(requestId)}/${encodeURIComponent(userId)}`}
        >
          <Trans>Continue to the identification</Trans>
        </FlowLink>
      </div>
      <RequestHeader request={request.data} />
      <DocumentViewer documents={request.data.documents} loadPage={loadPage} />
    </div>
  )
}
