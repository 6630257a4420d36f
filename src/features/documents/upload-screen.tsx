import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { documentSchema } from '../../../contract/documents.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { selectToken } from '../../../machines/session/session.selectors.ts'
import { ApiError } from '../../api/client.ts'
import { errorCode } from '../../api/error-messages.ts'
import { useUser } from '../../api/user.ts'
import { BusyButton } from '../../ui/dialog/dialog-frame.tsx'
import { DocumentViewer } from '../../ui/document-viewer/document-viewer.tsx'
import { FileDrop } from '../../ui/form/file-drop.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { useLeavePageGuard } from '../dialogs/use-leave-page-guard.ts'
import styles from './documents.module.css'
import { MessageField } from './message-field.tsx'
import { requestActions } from './request-actions.ts'
import { requestErrorMessage } from './request-messages.ts'
import { createDraft, deleteRequest, initiateRequest, updateRequest } from './signature-request-calls.ts'
import { getSignatureRequestQueryOptions } from './signature-request-query.ts'
import { SignerList } from './signer-list.tsx'
import { titleFromFileName } from './title-from-file-name.ts'
import { uploadFile } from './upload-file.ts'
import { useLoadPage } from './use-load-page.ts'

/** One file the user gave: its upload under way, done, or refused with the server's code. */
type UploadItem = {
  key: number
  name: string
  progress: number
  status: 'uploading' | 'done' | 'refused'
  code?: string
}

let nextKey = 0

/**
 * /upload: PDFs dropped or picked go into a new draft (made with the first file's name as its title), each
 * with its progress or the reason it was refused; then signers, a message, and sending, which leads to the
 * request's page. Leaving while a file is uploading asks first; a draft left without documents is deleted.
 */
export function UploadScreen() {
  const { i18n, t } = useLingui()
  const { api, session } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: user } = useUser(api)
  const loadPage = useLoadPage()
  const [items, setItems] = useState<UploadItem[]>([])
  const [draftId, setDraftId] = useState<string | null>(null)
  const [title, setTitle] = useState('')
  const [message, setMessage] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const draft = useQuery({
    ...getSignatureRequestQueryOptions(api, draftId ?? ''),
    enabled: draftId !== null,
  })
  // The draft is made once, by the first files; later files wait for it and queue behind each other.
  const draftPromise = useRef<Promise<SignatureRequestView> | null>(null)
  const queue = useRef<Promise<void>>(Promise.resolve())
  const sent = useRef(false)
  const uploading = items.some((item) => item.status === 'uploading')
  useLeavePageGuard(uploading)

  const documents = draft.data?.documents ?? []
  const actions = draft.data && user ? requestActions(draft.data, user.email) : undefined

  useEffect(
    () => () => {
      // An empty draft is of no use to anyone: it goes when the user leaves without a document in it.
      const made = draftPromise.current
      if (made === null || sent.current) return
      void made
        .then(async (request) => {
          const current = await queryClient.fetchQuery({
            ...getSignatureRequestQueryOptions(api, request.id),
            staleTime: 0,
          })
          if (current.documents.length === 0) await deleteRequest(api, request.id)
        })
        .catch(() => undefined)
    },
    [api, queryClient],
  )

  const update = (key: number, change: Partial<UploadItem>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)))

  const upload = async (file: File, key: number) => {
    try {
      draftPromise.current ??= createDraft(api, { title: titleFromFileName(file.name) }).then((request) => {
        setDraftId(request.id)
        setTitle(request.title)
        return request
      })
      const request = await draftPromise.current
      const token = selectToken(session.getSnapshot())
      const answer = await uploadFile(apiPaths.signatureRequestDocuments(request.id), file, {
        authorization: token ? `Bearer ${token}` : undefined,
        onProgress: (progress) => update(key, { progress }),
      })
      v.parse(documentSchema, answer)
      update(key, { status: 'done', progress: 1 })
      await queryClient.invalidateQueries({ queryKey: ['signature-request', request.id] })
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) {
        session.send({ type: 'session.unauthorized', path: window.location.pathname })
      }
      // A draft that could not be made is tried again with the next file.
      if (!(await draftPromise.current?.then(() => true).catch(() => false))) draftPromise.current = null
      update(key, { status: 'refused', code: errorCode(failure) })
    }
  }

  const addFiles = (files: File[]) => {
    const added = files.map((file) => ({ file, key: ++nextKey }))
    if (added.length === 0) return
    setError(null)
    setItems((all) => [
      ...all,
      ...added.map(({ file, key }) => ({ key, name: file.name, progress: 0, status: 'uploading' as const })),
    ])
    for (const { file, key } of added) queue.current = queue.current.then(() => upload(file, key))
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['signature-request', draftId] })

  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (draftId === null) return
    setSending(true)
    setError(null)
    try {
      await updateRequest(api, draftId, { title: title.trim() || draft.data?.title, message })
      const initiated = await initiateRequest(api, draftId)
      sent.current = true
      queryClient.setQueryData(getSignatureRequestQueryOptions(api, draftId).queryKey, initiated)
      await queryClient.invalidateQueries({ queryKey: ['signature-requests'] })
      await navigate({ to: '/view/$srid', params: { srid: draftId } })
    } catch (failure) {
      setError(i18n._(requestErrorMessage(errorCode(failure))))
      setSending(false)
    }
  }

  // The machine refuses to send a draft without signers; without a document there is nothing to sign.
  const canSend = documents.length > 0 && !uploading && actions?.send === true

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
          onFiles={addFiles}
        />
        {items.length > 0 ? (
          <ul className={styles.uploads} aria-label={t`Uploads`}>
            {items.map((item) => (
              <UploadRow key={item.key} item={item} />
            ))}
          </ul>
        ) : null}
      </section>

      {documents.length > 0 ? <DocumentViewer documents={documents} loadPage={loadPage} /> : null}

      {draftId !== null ? (
        <>
          {draft.data ? (
            <SignerList
              request={draft.data}
              actions={actions}
              showStatus={false}
              empty={<Trans>Add the people who are to sign.</Trans>}
              onChanged={refresh}
            />
          ) : null}

          <section className={styles.card} aria-labelledby="upload-message">
            <h2 id="upload-message">
              <Trans>Title and message</Trans>
            </h2>
            <TextField
              label={<Trans>Title</Trans>}
              name="title"
              value={title}
              maxLength={200}
              onChange={(event) => setTitle(event.target.value)}
            />
            <MessageField
              label={<Trans>Message to the signers (optional)</Trans>}
              name="message"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </section>

          {error ? <FormAlert>{error}</FormAlert> : null}
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

function UploadRow({ item }: { item: UploadItem }) {
  const { i18n, t } = useLingui()
  const name = item.name
  const percent = Math.round(item.progress * 100)
  return (
    <li className={styles.upload}>
      <span className={styles.uploadHead}>
        <span className={styles.strong}>{name}</span>
        <span className={styles.muted}>
          {item.status === 'done' ? (
            <Trans>Uploaded</Trans>
          ) : item.status === 'refused' ? (
            <Trans>Refused</Trans>
          ) : (
            `${percent} %`
          )}
        </span>
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
