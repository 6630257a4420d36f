import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import * as v from 'valibot'
import { directSignerDataKinds } from '../../../contract/form-fields.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { signatureRequestSchema } from '../../../contract/signature-requests.ts'
import { redirectTarget } from '../../../machines/redirect/redirect-target.ts'
import { ApiError } from '../../api/client.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { readDirectLink } from '../../app/direct-sign.ts'
import { Button } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { DocumentViewer } from '../../ui/document-viewer/document-viewer.tsx'
import type { LoadPage, LoadPageText } from '../../ui/document-viewer/use-page-image.tsx'
import { FormFieldLayer } from '../../ui/form-fields/form-field-layer.tsx'
import { FormFieldsPanel } from '../../ui/form-fields/form-fields-panel.tsx'
import { useFormFilling } from '../../ui/form-fields/use-form-filling.ts'
import { StatusPage } from '../../ui/page/status-page.tsx'
import { RequestHeader } from '../../ui/request/request-header.tsx'
import { TurnNotice } from '../../ui/request/turn-notice.tsx'
import { useSignatureFields } from '../../ui/signature-fields/use-signature-fields.tsx'
import { documentDialogs } from '../documents/document-dialogs.ts'
import { awaitsTurn } from '../documents/request-actions.ts'
import { DirectDownload } from './direct-download.tsx'
import { type DirectViewSearch, exitRedirectOf } from './direct-view-search.ts'
import { leaveTo } from './leave-to.ts'
import { RedirectCountdown } from './redirect-countdown.tsx'
import { canSign, SignAction } from './sign-action.tsx'
import styles from './signing.module.css'
import { useExitRedirect } from './use-exit-redirect.ts'

/** The request a direct link is for (GET /v3/direct/signature-requests/{id}), with the link's credentials. */
function useDirectRequest(requestId: string, token: string) {
  const { api } = useRouteContext({ from: '__root__' })
  return useQuery({
    queryKey: ['direct-signature-request', requestId],
    queryFn: async () =>
      v.parse(signatureRequestSchema, await api.request(apiPaths.directSignatureRequest(requestId, token))),
    retry: false,
  })
}

/** The document viewer's page loader for a direct-link signer: the direct page call with the link's token. */
function useDirectLoadPage(token: string): LoadPage {
  const { api } = useRouteContext({ from: '__root__' })
  return useCallback(
    (documentId, page, scale, signal, version) =>
      // A 202 (page still being rendered) comes back as an empty image, which the viewer asks for again.
      api.request<Blob>(apiPaths.directDocumentPage(documentId, page, token, scale, version), {
        responseType: 'blob',
        retries: 0,
        signal,
      }),
    [api, token],
  )
}

const noSignatures: ReadonlySet<string> = new Set()

/** The viewer's page-text loader for a direct-link signer. */
function useDirectLoadText(token: string): LoadPageText {
  const { api } = useRouteContext({ from: '__root__' })
  return useCallback(
    async (documentId, page, signal) =>
      (
        await api.request<{ text: string }>(apiPaths.directDocumentPageText(documentId, page, token), {
          signal,
        })
      ).text,
    [api, token],
  )
}

/** Why a direct link shows no request: not valid (any more), or the request is gone. */
function LinkError({ error }: { error: unknown }) {
  const { i18n } = useLingui()
  const status = error instanceof ApiError ? error.status : 0
  if (status === 401 || status === 404) {
    return (
      <StatusPage title={<Trans>This link is not valid</Trans>}>
        <p>
          <Trans>
            The link may be incomplete, or the signature was moved to an account or handed to someone else.
            Please open the link from the latest e-mail, or ask the sender to send the request again.
          </Trans>
        </p>
      </StatusPage>
    )
  }
  return (
    <StatusPage title={<Trans>The request cannot be shown</Trans>}>
      <p>{i18n._(errorMessage(errorCode(error)))}</p>
    </StatusPage>
  )
}

/**
 * /view/{id}/{userid}: a direct-link signer's request (SPEC §2, nas). They read the documents,
 * sign (with a TAN from their mailbox) or decline, and are taken back to the exit, decline or
 * error URL of the link as SPEC §4 and §5 say; `lang` sets the language.
 */
export function DirectViewScreen({
  requestId,
  signatureId,
  search,
}: {
  requestId: string
  /** The signature the link is for: the signer's own. */
  signatureId: string
  search: DirectViewSearch
}) {
  const { t } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const token = search.token === undefined ? (readDirectLink()?.token ?? '') : String(search.token)
  const request = useDirectRequest(requestId, token)
  const loadPage = useDirectLoadPage(token)
  const loadText = useDirectLoadText(token)
  const settings = exitRedirectOf(search)
  const redirect = useExitRedirect(settings.exitUrl, settings.timeout, requestId)
  const errorUrl = settings.errorUrl
  // A direct-link signer moves their own field only; placing others' is the sender's.
  const fields = useSignatureFields({
    request: request.data,
    ownSignatureId: signatureId,
    canSign: request.data !== undefined && canSign(request.data) && !awaitsTurn(request.data, signatureId),
    placeable: noSignatures,
    save: () => Promise.reject(new Error('a direct-link signer places no fields')),
  })
  const ownSignature = request.data?.signatures.find((s) => s.id === signatureId)
  // Without an account there is no company to fill in: the signer types theirs.
  const form = useFormFilling(ownSignature?.formFields, directSignerDataKinds)
  // The signer's fields show above the documents and over their pages while they may sign.
  const fillsFields =
    request.data !== undefined && canSign(request.data) && (ownSignature?.formFields.length ?? 0) > 0

  useEffect(() => {
    if (request.error && errorUrl) leaveTo(errorUrl)
  }, [request.error, errorUrl])

  if (request.error) return <LinkError error={request.error} />
  if (!request.data) {
    return (
      <p role="status" className={styles.note}>
        <Trans>Loading the request…</Trans>
      </p>
    )
  }

  const data = request.data
  // A signer of a request in order whose turn has not come reads it, and is told who signs first.
  const waiting = awaitsTurn(data, signatureId)
  const reload = () =>
    void queryClient.invalidateQueries({ queryKey: ['direct-signature-request', requestId] })
  const onSigned = () => {
    redirect?.send({ type: 'redirect.start', requestId })
    reload()
  }
  const decline = async () => {
    const declined = await openDialog(ui, documentDialogs.declineSigningRequest, {
      props: { title: data.title },
      action: async ({ value }) => {
        await api.request(apiPaths.directDeclineSignatureRequest(requestId, token), {
          method: 'POST',
          body: { message: typeof value === 'string' ? value : '' },
        })
      },
    })
    if (!declined) return
    reload()
    const target = redirectTarget(settings, 'declined')
    if (target) leaveTo(target)
  }

  return (
    <div className={styles.page}>
      <RequestHeader request={data} />

      {redirect ? <RedirectCountdown actor={redirect} /> : null}

      {waiting ? (
        <TurnNotice request={data} ownSignatureId={signatureId} />
      ) : canSign(data) ? (
        <section className={styles.bar} aria-label={t`Sign or decline`}>
          <p>
            <Trans>Please read the documents, then sign or decline.</Trans>
          </p>
          <div className={styles.barActions}>
            <Button variant="secondary" size="lg" onClick={() => void decline()}>
              <Trans>Decline</Trans>
            </Button>
            <SignAction
              request={data}
              onSigned={onSigned}
              successDetail={redirect ? <RedirectCountdown actor={redirect} /> : undefined}
              documentSignatures={fields.ownFields}
              form={form}
            />
          </div>
        </section>
      ) : (
        <section className={styles.bar} aria-label={t`Your copy`}>
          <p role="status">
            {data.signatureStatus === 'SIGNED' ? (
              <Trans>You signed this request. Thank you.</Trans>
            ) : data.signatureStatus === 'DECLINED' ? (
              <Trans>You declined this request.</Trans>
            ) : data.statusOverall === 'EXPIRED' ? (
              <Trans>This request has expired and can no longer be signed.</Trans>
            ) : (
              <Trans>This request is no longer open for signing.</Trans>
            )}
          </p>
          <div className={styles.barActions}>
            <DirectDownload request={data} token={token} />
          </div>
        </section>
      )}

      {fillsFields && ownSignature ? (
        <div className={styles.formFields}>
          <FormFieldsPanel
            form={form}
            documents={data.documents}
            signer={{
              name:
                [ownSignature.signerIdentityData?.firstName, ownSignature.signerIdentityData?.lastName]
                  .filter(Boolean)
                  .join(' ') || ownSignature.accountEmail,
              email: ownSignature.accountEmail,
              company: '',
            }}
          />
        </div>
      ) : null}

      <DocumentViewer
        documents={data.documents}
        loadPage={loadPage}
        pageOverlay={
          fillsFields
            ? (document, page) => (
                <>
                  {fields.pageOverlay(document, page)}
                  <FormFieldLayer form={form} document={document} page={page} />
                </>
              )
            : fields.pageOverlay
        }
        loadText={loadText}
      />
    </div>
  )
}
