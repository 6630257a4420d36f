import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { Button } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { ActionMenu, type MenuAction } from '../../ui/menu/action-menu.tsx'
import { signerLabel } from '../../ui/request/signer-label.ts'
import { documentDialogs } from './document-dialogs.ts'
import styles from './documents.module.css'
import type { RequestActions } from './request-actions.ts'
import {
  declineRequest,
  delegateSignature,
  deleteRequest,
  saveAsTemplate,
  withdrawRequest,
} from './signature-request-calls.ts'
import { signatureRequestKeys } from './signature-request-query.ts'
import type { RequestCommands } from './use-request-commands.ts'

/**
 * The request view's action bar: one primary action for the person looking (sign, send, remind, else
 * download), given `signButton` for signing, and the rest in the menu.
 */
export function RequestActionBar({
  srid,
  request,
  actions,
  commands,
  signButton,
}: {
  srid: string
  request: SignatureRequestView
  actions: RequestActions
  commands: RequestCommands
  signButton: () => ReactNode
}) {
  const { i18n, t } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { busy, dialog, download, remind, send } = commands
  const title = request.title
  const dialogProps = { title }
  // Once anyone has signed, Download gives the signed versions; the originals stay, named so.
  const hasSigned = actions.downloadSigned
  const documentFiles = (signed: boolean) =>
    request.documents.map(({ id, title: document }) => ({
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
      props: { titles: [title], kind: 'request' },
      action: () => deleteRequest(api, srid),
    })
    if (!deleted) return
    queryClient.removeQueries({ queryKey: signatureRequestKeys.detail(srid) })
    await queryClient.invalidateQueries({ queryKey: signatureRequestKeys.lists() })
    await navigate({ to: '/dashboard' })
  }
  // The template opens in its editor once saved.
  const saveThisAsTemplate = async () => {
    let templateId: string | undefined
    const signers = [...request.signatures]
      .sort((a, b) => a.sequence - b.sequence)
      .map((signature) => ({ id: signature.id, label: signerLabel(signature) }))
    const saved = await openDialog(ui, documentDialogs.saveAsTemplate, {
      props: { title, signers },
      action: async ({ value }) => {
        templateId = await saveAsTemplate(api, srid, value)
      },
    })
    if (saved && templateId !== undefined)
      await navigate({ to: '/templates/$id/edit', params: { id: templateId } })
  }
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
                if (done && !request.isOwner) await navigate({ to: '/dashboard' })
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
      onSelect: () => download.mutate([{ path: apiPaths.signatureRequestZip(srid), name: `${title}.zip` }]),
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
    ...(actions.saveAsTemplate
      ? [{ value: 'template', label: t`Save as template`, onSelect: () => void saveThisAsTemplate() }]
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
    <div className={styles.actions}>
      {primary === 'sign' ? signButton() : null}
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
  )
}
