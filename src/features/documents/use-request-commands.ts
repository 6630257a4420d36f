import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouteContext, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { errorCode } from '../../api/error-messages.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import type { DialogDefinition } from '../../ui/dialog/define-dialog.ts'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { saveFile } from '../../ui/file/save-file.ts'
import { requestErrorMessage } from './request-messages.ts'
import './request-sent.ts'
import { fetchFile, initiateRequest, remindSigners } from './signature-request-calls.ts'
import { signatureRequestKeys } from './signature-request-query.ts'

/** The outcome of a command, shown above the documents. */
type Notice = { tone: 'success' | 'error'; text: string }

/** A file the request view downloads: its API path and the name it is saved under. */
type DownloadFile = { path: string; name: string }

/**
 * The request view's commands on request `srid`, one at a time, each one's outcome in `notice` (which takes the
 * focus once the request has `loaded`): remind, send, download, and dialogs whose action reloads the request.
 */
export function useRequestCommands(srid: string, loaded: boolean) {
  const { i18n, t } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  // Sent from /upload just now: the page says so, as after its own Send.
  const sentHere = useRouterState({ select: (state) => state.location.state.sentRequest === srid })
  const [notice, setNotice] = useState<Notice | null>(() =>
    sentHere ? { tone: 'success', text: t`The request was sent to the signers.` } : null,
  )
  // The outcome of a command takes the focus, so that it is read out and the keyboard goes on from there.
  const noticeRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (notice !== null && loaded) noticeRef.current?.focus()
  }, [notice, loaded])
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'

  // The request and the caller's lists, loaded again once a command changed them.
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: signatureRequestKeys.detail(srid) }),
      queryClient.invalidateQueries({ queryKey: signatureRequestKeys.lists() }),
    ])
  }
  const failed = (error: unknown) => i18n._(requestErrorMessage(errorCode(error)))
  const showError = (error: unknown) => setNotice({ tone: 'error', text: failed(error) })
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
    onError: showError,
  })
  const download = useMutation({
    mutationFn: async (files: DownloadFile[]) => {
      for (const file of files) saveFile(await fetchFile(api, file.path), file.name)
    },
    onMutate: () => setNotice(null),
    onError: showError,
  })

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

  return {
    notice,
    noticeRef,
    showError,
    failed,
    refresh,
    remind,
    send,
    download,
    dialog,
    busy: remind.isPending || send.isPending || download.isPending,
  }
}

/** What {@link useRequestCommands} gives the parts of the request view. */
export type RequestCommands = ReturnType<typeof useRequestCommands>
