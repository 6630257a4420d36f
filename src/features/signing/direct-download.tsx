import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { saveFile } from '../../ui/file/save-file.ts'

/**
 * Download for a direct-link signer (GET /v3/direct/documents/{id}/download with the link's token): the signed
 * version of each document once anyone signed, else the documents as they were sent.
 */
export function DirectDownload({ request, token }: { request: SignatureRequestView; token: string }) {
  const { i18n, t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const signed = request.signatures.some((s) => s.status === 'SIGNED')
  const download = async () => {
    setBusy(true)
    setFailure(null)
    try {
      for (const { id, title } of request.documents) {
        const file = await api.request<Blob>(apiPaths.directDocumentDownload(id, token, signed), {
          responseType: 'blob',
        })
        saveFile(file, signed ? t`${title} (signed).pdf` : `${title}.pdf`)
      }
    } catch (error) {
      setFailure(i18n._(errorMessage(errorCode(error))))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <BusyButton variant="secondary" busy={busy} onClick={() => void download()}>
        <Trans>Download</Trans>
      </BusyButton>
      {failure ? <p role="alert">{failure}</p> : null}
    </>
  )
}
