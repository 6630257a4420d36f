import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import { getDirectUserQueryOptions } from '../../api/direct-user.ts'
import { errorCode } from '../../api/error-messages.ts'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { directLinkOf, holdsAsked } from './direct-request-standard.ts'
import { FlowLink } from './flow-link.tsx'
import { getDirectRequestQueryOptions } from './identification-calls.ts'
import { identificationErrorMessage, legislationTitles } from './identification-messages.ts'
import { DirectLinkMissing, IdentificationPage } from './identification-screens.tsx'
import { LegislationChoice } from './legislation-screen.tsx'
import styles from './signature-standards.module.css'

/**
 * /direct-sign/identification/{id}/{userid}: where a direct-link signer lands when their request asks for an
 * advanced or qualified signature they do not hold yet. It says what is needed, offers a look at the
 * documents first, and the legislation to identify under; `primaryAction=refresh` reads the status again.
 */
export function DirectLandingScreen({
  requestId,
  userId,
  refresh,
}: {
  requestId: string
  userId: string
  refresh: boolean
}) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const link = directLinkOf(requestId, userId)
  const token = link?.token ?? ''
  const request = useQuery({ ...getDirectRequestQueryOptions(api, requestId, token), enabled: link !== null })
  const user = useQuery({ ...getDirectUserQueryOptions(api, token), enabled: link !== null })
  const reread = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: getDirectRequestQueryOptions(api, requestId, token).queryKey,
        }),
        queryClient.invalidateQueries({ queryKey: getDirectUserQueryOptions(api, token).queryKey }),
      ]),
    [queryClient, api, requestId, token],
  )

  // On arrival with primaryAction=refresh: the status is read afresh, not taken from the cache.
  useEffect(() => {
    if (refresh) void reread()
  }, [refresh, reread])

  if (link === null) return <DirectLinkMissing />
  const failure = request.error ?? user.error
  if (failure) return <FormAlert>{i18n._(identificationErrorMessage(errorCode(failure)))}</FormAlert>
  if (!request.data || !user.data)
    return (
      <p role="status" className={styles.lead}>
        <Trans>Loading the request…</Trans>
      </p>
    )

  const data = request.data
  const held = user.data.attributes.signature_qualities ?? []
  const viewHref = `/view/${encodeURIComponent(requestId)}/${encodeURIComponent(userId)}`
  const previewHref = `/direct-sign/identification/${encodeURIComponent(requestId)}/${encodeURIComponent(userId)}/preview`
  const law = data.legislation ? i18n._(legislationTitles[data.legislation]) : undefined
  return (
    <IdentificationPage title={<Trans>Identification for “{data.title}”</Trans>}>
      <section className={styles.card} aria-labelledby="needed">
        <h2 id="needed">
          <Trans>What is needed</Trans>
        </h2>
        <p className={styles.lead} data-testid="asked-standard">
          {data.quality === 'qes' ? (
            law ? (
              <Trans>This request asks for a qualified electronic signature (QES) under {law}.</Trans>
            ) : (
              <Trans>This request asks for a qualified electronic signature (QES).</Trans>
            )
          ) : data.quality === 'aes' ? (
            law ? (
              <Trans>This request asks for an advanced electronic signature (AES) under {law}.</Trans>
            ) : (
              <Trans>This request asks for an advanced electronic signature (AES).</Trans>
            )
          ) : (
            <Trans>This request asks for a simple electronic signature.</Trans>
          )}
        </p>
        {holdsAsked(data, held) ? (
          <>
            <p role="status">
              <Trans>You hold this standard: you can sign the request.</Trans>
            </p>
            <div className={styles.actions}>
              <FlowLink className={buttonClass({})} href={viewHref}>
                <Trans>Back to the request</Trans>
              </FlowLink>
            </div>
          </>
        ) : (
          <>
            <p className={styles.lead}>
              <Trans>
                Identify yourself once with an identification provider; it takes a few minutes and an ID
                document.
              </Trans>
            </p>
            <div className={styles.actions}>
              <FlowLink className={buttonClass({ variant: 'secondary' })} href={previewHref}>
                <Trans>Look at the documents first</Trans>
              </FlowLink>
              <Button variant="secondary" onClick={() => void reread()}>
                <Trans>Check again</Trans>
              </Button>
            </div>
          </>
        )}
      </section>
      {holdsAsked(data, held) ? null : <LegislationChoice base="direct" only={data.legislation} />}
    </IdentificationPage>
  )
}
