import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useState } from 'react'
import {
  selectIsSending,
  selectIsUploading,
  selectMaySend,
  type UploadSnapshot,
} from '../../../machines/upload/upload.selectors.ts'
import type { UploadInput, UploadItem } from '../../../machines/upload/upload.types.ts'
import { useUser } from '../../api/user.ts'
import { formatBytes, resolveLocale } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { DocumentViewer } from '../../ui/document-viewer/document-viewer.tsx'
import { FileDrop } from '../../ui/form/file-drop.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { useSignatureFields } from '../../ui/signature-fields/use-signature-fields.tsx'
import { useLeavePageGuard } from '../dialogs/use-leave-page-guard.ts'
import styles from './documents.module.css'
import { FieldPlacementNotices } from './field-placement-notices.tsx'
import { MessageField } from './message-field.tsx'
import { ObserverField } from './observer-field.tsx'
import { PlacedFormFields } from './placed-form-fields.tsx'
import { requestActions } from './request-actions.ts'
import { requestErrorMessage } from './request-messages.ts'
import { RequestStandard } from './request-standard.tsx'
import { placeSignatureFields, updateRequest } from './signature-request-calls.ts'
import { getSignatureRequestQueryOptions, signatureRequestKeys } from './signature-request-query.ts'
import { SignerList } from './signer-list.tsx'
import { useLoadPage, useLoadPageText } from './use-load-page.ts'
import { type UploadActor, useUpload } from './use-upload.ts'

const uploadView = (snapshot: UploadSnapshot) => ({
  ...snapshot.context,
  uploading: selectIsUploading(snapshot),
  sending: selectIsSending(snapshot),
  maySend: selectMaySend(snapshot),
  // Documents are taken out of the draft only while nothing else is under way.
  idle: snapshot.matches('idle'),
})

const route = getRouteApi('/upload')

/**
 * /upload: PDFs dropped or picked go into a new draft (made with the first file's name as its title), each
 * with its progress or the reason it was refused; then signers, the signature standard, the title and a
 * message, all on this screen, and sending, which leads to the request's page. Leaving while a file is
 * uploading asks first; a draft left without documents is deleted.
 * The draft's id is in the URL (`?draft=`), so a reload goes on with it. The flow is the upload machine's
 * (machines/upload).
 */
export function UploadScreen() {
  const actor = useUpload(useResumedDraft())
  return actor ? <UploadForm actor={actor} /> : null
}

/**
 * The upload machine's input: the draft of the URL as the page first opened, with its documents, once it
 * has loaded; nothing to resume when there is none, or it is gone or sent. Read once: later changes of the
 * URL are the page's own.
 */
function useResumedDraft(): UploadInput | undefined {
  const { api } = useRouteContext({ from: '__root__' })
  const [draftId] = useState(route.useSearch().draft)
  const query = useQuery({
    ...getSignatureRequestQueryOptions(api, draftId ?? ''),
    enabled: draftId !== undefined,
    retry: false,
  })
  const [input, setInput] = useState<UploadInput | undefined>(draftId === undefined ? {} : undefined)
  useEffect(() => {
    if (input !== undefined || query.isPending) return
    const request = query.data
    setInput(
      request?.statusOverall === 'DRAFT'
        ? {
            draft: {
              id: request.id,
              title: request.title,
              message: request.message,
              documents: request.documents.map(({ id, title }) => ({ id, title })),
            },
          }
        : {},
    )
  }, [input, query.isPending, query.data])
  return input
}

const noSignatures: ReadonlySet<string> = new Set()

function UploadForm({ actor }: { actor: UploadActor }) {
  const { i18n, t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const { data: user } = useUser(api)
  const loadPage = useLoadPage()
  const loadText = useLoadPageText()
  const { items, draft, values, error, uploading, sending, maySend, idle } = useSelector(actor, uploadView)
  const draftId = draft?.id ?? null
  const request = useQuery({
    ...getSignatureRequestQueryOptions(api, draftId ?? ''),
    enabled: draftId !== null,
  })
  useLeavePageGuard(uploading)
  // The draft being made goes into the URL, so a reload resumes it.
  const navigate = useNavigate()
  const search = route.useSearch()
  useEffect(() => {
    if (draftId !== null && search.draft !== draftId)
      void navigate({ to: '/upload', search: { draft: draftId }, replace: true })
  }, [draftId, search.draft, navigate])

  const documents = request.data?.documents ?? []
  const actions = request.data && user ? requestActions(request.data, user.email) : undefined

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: signatureRequestKeys.detail(draftId ?? '') })
  // The sender places each signer's field here already, before sending.
  const fields = useSignatureFields({
    request: request.data,
    ownSignatureId: actions?.ownSignatureId,
    canSign: false,
    placeable: actions?.placeableSigners ?? noSignatures,
    save: async ({ signatureId, documentSignatures, formFields }) => {
      await placeSignatureFields(api, draftId ?? '', signatureId, documentSignatures, formFields)
      await refresh()
    },
  })

  const send = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'upload.send' })
  }

  // The upload machine sends a draft that holds a document; the request's machine refuses one without signers.
  const canSend = maySend && actions?.send === true

  return (
    <form className={`${styles.page} ${styles.narrow}`} onSubmit={send} noValidate>
      <header className={styles.header}>
        <h1>
          <Trans>Ask for signatures</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>Upload the PDF documents to be signed, choose who signs them, and send.</Trans>
        </p>
      </header>

      <section className={styles.card} aria-labelledby="upload-documents">
        <h2 id="upload-documents">
          <Trans>Documents</Trans>
        </h2>
        <FileDrop
          prompt={<Trans>Drop PDF files here, or</Trans>}
          buttonLabel={<Trans>Choose PDF files</Trans>}
          accept="application/pdf,.pdf"
          multiple
          onFiles={(files) => actor.send({ type: 'upload.add', files })}
        />
        {items.length > 0 ? (
          <ul className={styles.uploads} aria-label={t`Uploads`}>
            {items.map((item) => (
              <UploadRow
                key={item.key}
                item={item}
                onRemove={idle ? () => actor.send({ type: 'upload.remove', key: item.key }) : undefined}
                onCancel={() => actor.send({ type: 'upload.cancel', key: item.key })}
              />
            ))}
          </ul>
        ) : null}
      </section>

      {documents.length > 0 ? (
        <>
          <FieldPlacementNotices fields={fields} />
          <DocumentViewer
            documents={documents}
            loadPage={loadPage}
            loadText={loadText}
            pageOverlay={fields.pageOverlay}
          />
          {request.data && actions ? (
            <PlacedFormFields request={request.data} placeable={actions.placeableSigners} fields={fields} />
          ) : null}
        </>
      ) : null}

      {draftId !== null ? (
        <>
          {request.data ? (
            <SignerList
              request={request.data}
              actions={actions}
              showStatus={false}
              empty={<Trans>Add the people who are to sign.</Trans>}
              onChanged={refresh}
              placingFor={fields.placingFor?.id}
              onPlaceField={documents.length > 0 ? fields.choose : undefined}
            />
          ) : null}
          {request.data && actions?.editDraft ? (
            <ObserverField request={request.data} onChanged={refresh} />
          ) : null}
          {/* Chosen here, before sending: the title typed below stays as it is. */}
          {request.data && actions ? (
            <RequestStandard
              request={request.data}
              mayChoose={actions.editDraft}
              onChoose={(body) => updateRequest(api, request.data.id, body).then(refresh)}
            />
          ) : null}

          <section className={styles.card} aria-labelledby="upload-message">
            <h2 id="upload-message">
              <Trans>Title and message</Trans>
            </h2>
            <TextField
              label={<Trans>Title</Trans>}
              name="title"
              value={values.title}
              maxLength={200}
              onChange={(event) =>
                actor.send({ type: 'upload.change', values: { title: event.target.value } })
              }
            />
            <MessageField
              label={<Trans>Message to the signers (optional)</Trans>}
              name="message"
              value={values.message}
              onChange={(event) =>
                actor.send({ type: 'upload.change', values: { message: event.target.value } })
              }
            />
          </section>

          {error ? <FormAlert>{i18n._(requestErrorMessage(error))}</FormAlert> : null}
          <div className={styles.footer}>
            {canSend || uploading ? null : (
              <p className={styles.muted}>
                <Trans>Add a document and at least one signer to send.</Trans>
              </p>
            )}
            <BusyButton type="submit" size="lg" busy={sending} disabled={!canSend}>
              <Trans>Send</Trans>
            </BusyButton>
          </div>
        </>
      ) : null}
    </form>
  )
}

/**
 * One file given, with its progress in bytes or its outcome; one on its way can be stopped, an uploaded
 * one taken out of the draft.
 */
function UploadRow({
  item,
  onRemove,
  onCancel,
}: {
  item: UploadItem
  onRemove: (() => void) | undefined
  onCancel: () => void
}) {
  const { i18n, t } = useLingui()
  const name = item.name
  const percent = Math.round(item.progress * 100)
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  const sent = item.size === undefined ? '' : formatBytes(item.size * item.progress, locale)
  const total = item.size === undefined ? '' : formatBytes(item.size, locale)
  return (
    <li className={styles.upload}>
      <span className={styles.uploadHead}>
        <span className={styles.strong}>{name}</span>
        <span className={styles.muted}>
          {item.status === 'done' ? (
            <Trans>Uploaded</Trans>
          ) : item.status === 'refused' ? (
            <Trans>Refused</Trans>
          ) : item.size === undefined ? (
            `${percent} %`
          ) : (
            <Trans>
              {sent} of {total}
            </Trans>
          )}
        </span>
        {item.status === 'uploading' ? (
          <Button variant="text" size="sm" onClick={onCancel} aria-label={t`Cancel ${name}`}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
        {item.status === 'done' ? (
          <Button
            variant="text"
            size="sm"
            onClick={onRemove}
            disabled={onRemove === undefined}
            aria-label={t`Remove ${name}`}
          >
            <Trans>Remove</Trans>
          </Button>
        ) : null}
      </span>
      {item.status === 'uploading' ? (
        <progress
          className={styles.progress}
          value={item.progress}
          max={1}
          aria-label={t`Uploading ${name}`}
        />
      ) : null}
      {item.status === 'refused' ? (
        <p className={styles.refused} role="alert">
          {i18n._(requestErrorMessage(item.code ?? ''))}
        </p>
      ) : null}
    </li>
  )
}
