import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { type ReactNode, useDeferredValue, useMemo } from 'react'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { errorCode } from '../../api/error-messages.ts'
import { useUser } from '../../api/user.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { DocumentViewer } from '../../ui/document-viewer/document-viewer.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { FormFieldLayer } from '../../ui/form-fields/form-field-layer.tsx'
import { FormFieldsPanel } from '../../ui/form-fields/form-fields-panel.tsx'
import { type FormFillingActor, useFormFilling } from '../../ui/form-fields/use-form-filling.ts'
import { RequestHeader } from '../../ui/request/request-header.tsx'
import { TurnNotice } from '../../ui/request/turn-notice.tsx'
import { useSignatureFields } from '../../ui/signature-fields/use-signature-fields.tsx'
import { documentDialogs } from './document-dialogs.ts'
import styles from './documents.module.css'
import { FieldPlacementNotices } from './field-placement-notices.tsx'
import { ObserverField } from './observer-field.tsx'
import { PlacedFormFields } from './placed-form-fields.tsx'
import { RequestActionBar } from './request-action-bar.tsx'
import { requestActions } from './request-actions.ts'
import { RequestAttachments } from './request-attachments.tsx'
import { RequestDocuments } from './request-documents.tsx'
import { RequestHistory } from './request-events.tsx'
import { RequestExpiry } from './request-expiry.tsx'
import { requestErrorMessage } from './request-messages.ts'
import { RequestStandard } from './request-standard.tsx'
import { RequestTitle } from './request-title.tsx'
import { placeSignatureFields, removeDocuments, updateRequest } from './signature-request-calls.ts'
import {
  getRequestEventsQueryOptions,
  getSignatureRequestQueryOptions,
  signatureRequestKeys,
} from './signature-request-query.ts'
import { SignerList } from './signer-list.tsx'
import { useLoadPage, useLoadPageText } from './use-load-page.ts'
import { useOwnVisualSignatureImage } from './use-own-visual-signature-image.ts'
import { useRequestCommands } from './use-request-commands.ts'

/**
 * The signing flow's button for a request, given by the route (the documents feature does not know
 * signing), with where the signer's signature goes on each document as they see it.
 */
export type RenderSignAction = (
  request: SignatureRequestView,
  onSigned: () => void,
  documentSignatures: SignatureField[] | undefined,
  form: FormFillingActor,
) => ReactNode

/** What /view/{srid} shows while its request loads. */
export function RequestLoading() {
  return (
    <p role="status" className={styles.note}>
      <Trans>Loading the request…</Trans>
    </p>
  )
}

/**
 * /view/{srid}: one signature request with its documents in the viewer, its signers and their statuses,
 * its attachments and its audit trail, and the actions the signature-request machine allows the caller now.
 */
export function RequestViewScreen({ srid, signAction }: { srid: string; signAction: RenderSignAction }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const { data: user } = useUser(api)
  const request = useQuery(getSignatureRequestQueryOptions(api, srid))
  const events = useQuery(getRequestEventsQueryOptions(api, srid))
  const loadPage = useLoadPage()
  const loadText = useLoadPageText()
  const commands = useRequestCommands(srid, request.data !== undefined)
  const { notice, noticeRef, refresh } = commands
  // The documents and the side panel come in React's background lane: the header and the actions paint first, and
  // the rest follows at once in slices that leave the browser free to answer input, instead of in one long task.
  const showColumns = useDeferredValue(true, false)
  // The machine's answers change with the request and the caller only, not with every render.
  const email = user?.email
  const actions = useMemo(
    () => (request.data && email !== undefined ? requestActions(request.data, email) : undefined),
    [request.data, email],
  )
  const canSign = actions?.sign ?? false
  const fields = useSignatureFields({
    request: request.data,
    ownSignatureId: actions?.ownSignatureId,
    canSign,
    ownVisualSignatureImage: useOwnVisualSignatureImage(api, canSign),
    placeable: actions?.placeableSigners ?? new Set(),
    save: async ({ signatureId, documentSignatures, formFields }) => {
      await placeSignatureFields(api, srid, signatureId, documentSignatures, formFields)
      await queryClient.invalidateQueries({ queryKey: signatureRequestKeys.detail(srid) })
    },
  })
  const ownSignature = request.data?.signatures.find((s) => s.id === actions?.ownSignatureId)
  const form = useFormFilling(ownSignature?.formFields)
  // The signer's fields show beside the documents and over their pages while they may sign.
  const fillsFields = canSign && (ownSignature?.formFields.length ?? 0) > 0

  if (request.error) {
    return (
      <div className={styles.page}>
        <FormAlert>{i18n._(requestErrorMessage(errorCode(request.error)))}</FormAlert>
        <Link to="/dashboard" className={buttonClass({ variant: 'secondary' })}>
          <Trans>Back to your requests</Trans>
        </Link>
      </div>
    )
  }
  if (!request.data || !user || !actions) return <RequestLoading />

  const data = request.data

  return (
    <div className={styles.page}>
      <RequestHeader request={data} />

      <RequestActionBar
        srid={srid}
        request={data}
        actions={actions}
        commands={commands}
        signButton={() => signAction(data, () => void refresh(), fields.ownFields, form)}
      />
      {notice ? (
        <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
          <FormAlert tone={notice.tone}>{notice.text}</FormAlert>
        </div>
      ) : null}
      <FieldPlacementNotices fields={fields} />
      {actions.readOnly ? (
        <p className={styles.muted}>
          <Trans>
            One of your business’s API users sent this request. As an admin you may read it and download what
            was signed, but not change it.
          </Trans>
        </p>
      ) : null}
      {actions.awaitingTurn && actions.ownSignatureId ? (
        <TurnNotice request={data} ownSignatureId={actions.ownSignatureId} />
      ) : null}
      {data.isOwner && !actions.editDraft && data.ccEmailAddresses.length > 0 ? (
        <p className={styles.muted}>
          <Trans>A copy goes to: {data.ccEmailAddresses.join(', ')}</Trans>
        </p>
      ) : null}

      {showColumns ? (
        <div className={styles.columns}>
          <DocumentViewer
            documents={data.documents}
            loadPage={loadPage}
            // One shape of overlay whether or not the viewer fills fields, so the fields over a page are not
            // drawn anew (and a field being moved from the keyboard does not lose focus) when that changes.
            pageOverlay={(document, page) => (
              <>
                {fields.pageOverlay(document, page)}
                {fillsFields ? <FormFieldLayer form={form} document={document} page={page} /> : null}
              </>
            )}
            loadText={loadText}
          />
          <aside className={styles.side}>
            {fillsFields ? (
              <div className={styles.card}>
                <FormFieldsPanel
                  form={form}
                  documents={data.documents}
                  signer={{
                    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
                    email: user.email,
                    company: user.business?.invitationId === null ? user.business.name : '',
                  }}
                />
              </div>
            ) : null}
            <SignerList
              request={data}
              actions={actions}
              showStatus={data.statusOverall !== 'DRAFT'}
              empty={<Trans>No signers yet.</Trans>}
              onChanged={refresh}
              placingFor={fields.placingFor?.id}
              onPlaceField={data.documents.length > 0 ? fields.choose : undefined}
            />
            <PlacedFormFields request={data} placeable={actions.placeableSigners} fields={fields} />

            {actions.editDraft ? <ObserverField request={data} onChanged={refresh} /> : null}
            {actions.editDraft ? (
              <RequestTitle
                title={data.title}
                onRename={(title) => updateRequest(api, srid, { title }).then(refresh)}
              />
            ) : null}

            <RequestStandard
              request={data}
              mayChoose={actions.changeStandard}
              onChoose={(body) => updateRequest(api, srid, body).then(refresh)}
            />

            <RequestExpiry
              request={data}
              mayChange={actions.changeExpiry}
              onChange={(followUp) => updateRequest(api, srid, followUp).then(refresh)}
            />

            <RequestDocuments
              request={data}
              onDelete={
                actions.deleteDocuments
                  ? (doc) =>
                      void commands.dialog(
                        documentDialogs.deleteDocuments,
                        { titles: [doc.title], kind: 'documents' },
                        () => removeDocuments(api, srid, [doc.id]),
                      )
                  : undefined
              }
            />

            {data.attachments.length > 0 || actions.attach ? (
              <RequestAttachments
                request={data}
                mayAttach={actions.attach}
                mayRemove={actions.removeAttachments}
                onChanged={refresh}
                onError={commands.showError}
                onDownload={(attachment) =>
                  commands.download.mutate([
                    {
                      path: apiPaths.signatureRequestAttachmentContent(srid, attachment.id),
                      name: attachment.title,
                    },
                  ])
                }
              />
            ) : null}

            <RequestHistory events={events.data} error={events.error} />
          </aside>
        </div>
      ) : null}
    </div>
  )
}
