import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import * as v from 'valibot'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { observedRequestSchema } from '../../../contract/signature-requests.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { StatusPage } from '../../ui/page/status-page.tsx'
import styles from './documents.module.css'

/**
 * /observe/{id}?token=: a signed request as its observer sees it through the link mailed with the signed
 * documents, without an account: title, sender, who signed when, and the signed documents to download. A link
 * that is wrong, or of a request that is gone, shows that it is not valid.
 */
export function ObservedRequestScreen({ requestId, token }: { requestId: string; token: string }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  const request = useQuery({
    queryKey: ['observed-signature-request', requestId, token],
    queryFn: async () =>
      v.parse(observedRequestSchema, await api.request(apiPaths.observedSignatureRequest(requestId, token))),
    retry: false,
  })
  if (request.error) {
    return (
      <StatusPage title={<Trans>This link is not valid</Trans>}>
        <p>
          <Trans>
            The link may be incomplete. Please open the link from the e-mail with the signed documents.
          </Trans>
        </p>
      </StatusPage>
    )
  }
  if (!request.data) {
    return (
      <p role="status" className={styles.muted}>
        <Trans>Loading the request…</Trans>
      </p>
    )
  }
  const data = request.data
  const owner = data.business ? `${data.ownerEmail} (${data.business.name})` : data.ownerEmail
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.header}>
        <h1>{data.title}</h1>
        <p className={styles.lead}>
          <Trans>Sent by {owner}. Everyone has signed; you were sent a copy.</Trans>
        </p>
      </header>
      <section className={styles.card} aria-labelledby="observed-signers">
        <h2 id="observed-signers">
          <Trans>Signers</Trans>
        </h2>
        <ol className={styles.signers}>
          {data.signatures.map((signature) => (
            <li key={signature.accountEmail} className={styles.signer}>
              <span className={styles.signerWho}>
                <span className={styles.strong}>{signature.name ?? signature.accountEmail}</span>
                {signature.name ? <span className={styles.muted}>{signature.accountEmail}</span> : null}
                {signature.signedAt ? (
                  <span className={styles.muted}>
                    <Trans>Signed {formatDateTime(signature.signedAt, locale)}</Trans>
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section className={styles.card} aria-labelledby="observed-documents">
        <h2 id="observed-documents">
          <Trans>Signed documents</Trans>
        </h2>
        <ul className={styles.files}>
          {data.documents.map((document) => (
            <li key={document.id} className={styles.fileRow}>
              <a href={apiUrl(apiPaths.observedDocumentDownload(data.id, document.id, token))} download>
                {document.title}.pdf
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
