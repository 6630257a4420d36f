import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { ApiError } from '../../api/client.ts'
import { errorCode } from '../../api/error-messages.ts'
import { useUser } from '../../api/user.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import type { DialogDefinition } from '../../ui/dialog/define-dialog.ts'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { DocumentViewer } from '../../ui/document-viewer/document-viewer.tsx'
import { saveFile } from '../../ui/file/save-file.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { FormFieldLayer } from '../../ui/form-fields/form-field-layer.tsx'
import { FormFieldsPanel } from '../../ui/form-fields/form-fields-panel.tsx'
import { type FormFillingActor, useFormFilling } from '../../ui/form-fields/use-form-filling.ts'
import { ActionMenu, type MenuAction } from '../../ui/menu/action-menu.tsx'
import { RequestHeader } from '../../ui/request/request-header.tsx'
import { useSignatureFields } from '../../ui/signature-fields/use-signature-fields.tsx'
import { documentDialogs } from './document-dialogs.ts'
import styles from './documents.module.css'
import { FieldPlacementNotices } from './field-placement-notices.tsx'
import { PlacedFormFields } from './placed-form-fields.tsx'
import { requestActions } from './request-actions.ts'
import { RequestAttachments } from './request-attachments.tsx'
import { RequestEvents } from './request-events.tsx'
import { RequestExpiry } from './request-expiry.tsx'
import { requestErrorMessage } from './request-messages.ts'
import './request-sent.ts'
import { TurnNotice } from '../../ui/request/turn-notice.tsx'
import { ObserverField } from './observer-field.tsx'
import { RequestStandard } from './request-standard.tsx'
import { RequestTitle } from './request-title.tsx'
import {
  declineRequest,
  delegateSignature,
  deleteRequest,
  fetchFile,
  initiateRequest,
  placeSignatureFields,
  remindSigners,
  removeDocuments,
  updateRequest,
  withdrawRequest,
} from './signature-request-calls.ts'
import {
  getRequestEventsQueryOptions,
  getSignatureRequestQueryOptions,
  signatureRequestKeys,
} from './signature-request-query.ts'
import { SignerList } from './signer-list.tsx'
import { useLoadPage, useLoadPageText } from './use-load-page.ts'
import { useOwnVisualSignatureImage } from './use-own-visual-signature-image.ts'

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

type Notice = { tone: 'success' | 'error'; text: string }

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
  const { i18n, t } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: user } = useUser(api)
  const request = useQuery(getSignatureRequestQueryOptions(api, srid))
  const events = useQuery(getRequestEventsQueryOptions(api, srid))
  const loadPage = useLoadPage()
  const loadText = useLoadPageText()
  // Sent from /upload just now: the page says so, as after its own Send.
  const sentHere = useRouterState({ select: (state) => state.location.state.sentRequest === srid })
  const [notice, setNotice] = useState<Notice | null>(() =>
    sentHere ? { tone: 'success', text: t`The request was sent to the signers.` } : null,
  )
  // The outcome of a command takes the focus, so that it is read out and the keyboard goes on from there.
  const noticeRef = useRef<HTMLDivElement>(null)
  const loaded = request.data !== undefined
  useEffect(() => {
    if (notice !== null && loaded) noticeRef.current?.focus()
  }, [notice, loaded])
  // The documents and the side panel come in React's background lane: the header and the actions paint first, and
  // the rest follows at once in slices that leave the browser free to answer input, instead of in one long task.
  const showColumns = useDeferredValue(true, false)
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
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

  // The request and the caller's lists, loaded again once a command changed them.
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: signatureRequestKeys.detail(srid) }),
      queryClient.invalidateQueries({ queryKey: signatureRequestKeys.lists() }),
    ])
  }
  const failed = (error: unknown) => i18n._(requestErrorMessage(errorCode(error)))
  // The action bar's commands, one at a time; each one's outcome shows in the notice above the documents.
  const remind = useMutation({
    mutationFn: () => remindSigners(api, srid),
    onMutate: () => setNotice(null),
    onSuccess: async () => {
      setNotice({ tone: 'success', text: t`We reminded the signers who have not signed yet.` })
      await refresh()
    },
    onError: (error) => {
      const wait = error instanceof ApiError ? error.retryAfterSeconds : undefined
      const again = wait === undefined ? undefined : formatDateTime(Date.now() + wait * 1000, locale)
      setNotice({
        tone: 'error',
        text: again
          ? `${t`Failed to remind signers.`} ${t`You can remind them again after ${again}.`}`
          : `${t`Failed to remind signers.`} ${failed(error)}`,
      })
    },
  })
  const send = useMutation({
    mutationFn: () => initiateRequest(api, srid),
    onMutate: () => setNotice(null),
    onSuccess: async () => {
      setNotice({ tone: 'success', text: t`The request was sent to the signers.` })
      await refresh()
    },
    onError: (error) => setNotice({ tone: 'error', text: failed(error) }),
  })
  const download = useMutation({
    mutationFn: async (files: { path: string; name: string }[]) => {
      for (const file of files) saveFile(await fetchFile(api, file.path), file.name)
    },
    onMutate: () => setNotice(null),
    onError: (error) => setNotice({ tone: 'error', text: failed(error) }),
  })
  const busy = remind.isPending || send.isPending || download.isPending

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
  const dialogProps = { title: data.title }

  // Opens a dialog about this request; once its action has run, the request is loaded again.
  const dialog = async <P, V>(
    definition: DialogDefinition<P, V>,
    props: NoInfer<P>,
    action: (value: NoInfer<V>) => Promise<unknown>,
  ) => {
    const done = await openDialog(ui, definition, {
      props,
      action: async ({ value }) => {
        await action(value)
      },
    })
    if (done) await refresh()
    return done
  }

  const title = data.title
  // Once anyone has signed, Download gives the signed versions; the originals stay, named so.
  const hasSigned = actions.downloadSigned
  const documentFiles = (signed: boolean) =>
    data.documents.map(({ id, title: document }) => ({
      path: apiPaths.documentDownload(id, signed),
      name: signed
        ? t`${document} (signed).pdf`
        : hasSigned
          ? t`${document} (original).pdf`
          : `${document}.pdf`,
    }))

  const downloadCurrent = () => download.mutate(documentFiles(hasSigned))
  const deleteThisRequest = async () => {
    const deleted = await openDialog(ui, documentDialogs.deleteDocuments, {
      props: { titles: [data.title], kind: 'request' },
      action: () => deleteRequest(api, srid),
    })
    if (!deleted) return
    queryClient.removeQueries({ queryKey: signatureRequestKeys.detail(srid) })
    await queryClient.invalidateQueries({ queryKey: signatureRequestKeys.lists() })
    await navigate({ to: '/dashboard' })
  }
  // One primary action for the person looking (sign, send, remind, else download); the rest in the menu.
  const primary = actions.sign ? 'sign' : actions.send ? 'send' : actions.remind ? 'remind' : 'download'
  const menu: MenuAction[] = [
    ...(actions.send && primary !== 'send'
      ? [{ value: 'send', label: t`Send to signers`, onSelect: () => send.mutate(), disabled: busy }]
      : []),
    ...(actions.remind && primary !== 'remind'
      ? [{ value: 'remind', label: t`Remind signers`, onSelect: () => remind.mutate(), disabled: busy }]
      : []),
    ...(actions.delegate
      ? [
          {
            value: 'delegate',
            label: t`Delegate`,
            onSelect: () =>
              void dialog(documentDialogs.delegate, dialogProps, (value) =>
                delegateSignature(api, srid, value),
              ).then(async (done) => {
                // Someone else signs now; only a sender still sees the request.
                if (done && !data.isOwner) await navigate({ to: '/dashboard' })
              }),
          },
        ]
      : []),
    ...(actions.decline
      ? [
          {
            value: 'decline',
            label: t`Decline`,
            onSelect: () =>
              void dialog(documentDialogs.declineSigningRequest, dialogProps, (message) =>
                declineRequest(api, srid, message),
              ),
          },
        ]
      : []),
    ...(primary !== 'download'
      ? [{ value: 'download', label: t`Download`, onSelect: downloadCurrent, disabled: busy }]
      : []),
    ...(hasSigned
      ? [
          {
            value: 'original',
            label: t`Download original`,
            onSelect: () => download.mutate(documentFiles(false)),
            disabled: busy,
          },
        ]
      : []),
    {
      value: 'zip',
      label: t`Download all (ZIP)`,
      onSelect: () =>
        download.mutate([{ path: apiPaths.signatureRequestZip(srid), name: `${data.title}.zip` }]),
      disabled: busy,
    },
    ...(actions.report
      ? [
          {
            value: 'report-pdf',
            label: t`Report (PDF)`,
            onSelect: () =>
              download.mutate([
                {
                  path: apiPaths.signatureRequestReport(srid, 'pdf', i18n.locale),
                  name: t`${title} report.pdf`,
                },
              ]),
            disabled: busy,
          },
          {
            value: 'report-json',
            label: t`Report (JSON)`,
            onSelect: () =>
              download.mutate([
                { path: apiPaths.signatureRequestReport(srid, 'json'), name: t`${title} report.json` },
              ]),
            disabled: busy,
          },
        ]
      : []),
    ...(actions.withdraw
      ? [
          {
            value: 'withdraw',
            label: t`Withdraw`,
            danger: true,
            onSelect: () =>
              void dialog(documentDialogs.withdraw, dialogProps, (message) =>
                withdrawRequest(api, srid, message),
              ),
          },
        ]
      : []),
    ...(actions.delete
      ? [{ value: 'delete', label: t`Delete`, danger: true, onSelect: () => void deleteThisRequest() }]
      : []),
  ]

  return (
    <div className={styles.page}>
      <RequestHeader request={data} />

      <div className={styles.actions}>
        {primary === 'sign' ? signAction(data, () => void refresh(), fields.ownFields, form) : null}
        {primary === 'send' ? (
          <Button onClick={() => send.mutate()} disabled={busy}>
            <Trans>Send to signers</Trans>
          </Button>
        ) : null}
        {primary === 'remind' ? (
          <Button onClick={() => remind.mutate()} disabled={busy} aria-busy={remind.isPending}>
            <Trans>Remind signers</Trans>
          </Button>
        ) : null}
        {primary === 'download' ? (
          <Button onClick={downloadCurrent} disabled={busy}>
            <Trans>Download</Trans>
          </Button>
        ) : null}
        <ActionMenu label={<Trans>More actions</Trans>} actions={menu} />
      </div>
      {notice ? (
        <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
          <FormAlert tone={notice.tone}>{notice.text}</FormAlert>
        </div>
      ) : null}
      <FieldPlacementNotices fields={fields} />
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
              mayChoose={actions.editDraft}
              onChoose={(body) => updateRequest(api, srid, body).then(refresh)}
            />

            <RequestExpiry
              request={data}
              mayChange={actions.changeExpiry}
              onChange={(followUp) => updateRequest(api, srid, followUp).then(refresh)}
            />

            <section className={styles.card} aria-labelledby="documents-heading">
              <h2 id="documents-heading">
                <Trans>Documents</Trans>
              </h2>
              <ul className={styles.files}>
                {data.documents.map((doc) => {
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
                      {actions.deleteDocuments ? (
                        <Button
                          variant="text"
                          size="sm"
                          aria-label={t`Delete ${document}`}
                          onClick={() =>
                            void dialog(
                              documentDialogs.deleteDocuments,
                              { titles: [doc.title], kind: 'documents' },
                              () => removeDocuments(api, srid, [doc.id]),
                            )
                          }
                        >
                          <Trans>Delete</Trans>
                        </Button>
                      ) : null}
                    </li>
                  )
                })}
              </ul>
            </section>

            {data.attachments.length > 0 || actions.attach ? (
              <RequestAttachments
                request={data}
                mayAttach={actions.attach}
                mayRemove={actions.removeAttachments}
                onChanged={refresh}
                onError={(error) => setNotice({ tone: 'error', text: failed(error) })}
                onDownload={(attachment) =>
                  download.mutate([
                    {
                      path: apiPaths.signatureRequestAttachmentContent(srid, attachment.id),
                      name: attachment.title,
                    },
                  ])
                }
              />
            ) : null}

            <section className={styles.card} aria-labelledby="events-heading">
              <h2 id="events-heading">
                <Trans>History</Trans>
              </h2>
              {events.data ? (
                <RequestEvents events={events.data.events} />
              ) : events.error ? (
                <FormAlert>{failed(events.error)}</FormAlert>
              ) : (
                <p className={styles.muted}>
                  <Trans>Loading the history…</Trans>
                </p>
              )}
            </section>
          </aside>
        </div>
      ) : null}
    </div>
  )
}
