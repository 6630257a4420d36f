import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import {
  type EmbeddedSession,
  type EmbedMessage,
  embeddedSessionSchema,
  embeddingPaths,
} from '../../../contract/embedding.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { embeddedSigningMachine } from '../../../machines/embedded-signing/embedded-signing.machine.ts'
import {
  selectErrorCode,
  selectSession,
} from '../../../machines/embedded-signing/embedded-signing.selectors.ts'
import { selectDirectSign } from '../../../machines/session/session.selectors.ts'
import type { ApiClient } from '../../api/client.ts'
import { type DirectLink, directLinkStorageKey } from '../../app/direct-sign.ts'
import { inspect } from '../../lib/inspect.ts'
import { StatusPage } from '../../ui/page/status-page.tsx'
import { DirectViewScreen } from './direct-view-screen.tsx'
import { embedErrorMessage } from './embed-messages.ts'

/** Session storage of the session a signing URL opened in this frame, so a reload keeps signing. */
const sessionKey = (token: string) => `embeddedSession:${token}`

/** The session of the signing URL `token`: kept in this frame, else opened once on the server. */
async function openSession(api: ApiClient, token: string): Promise<EmbeddedSession> {
  const kept = v.safeParse(
    embeddedSessionSchema,
    JSON.parse(sessionStorage.getItem(sessionKey(token)) ?? 'null'),
  )
  if (kept.success) return kept.output
  const session = v.parse(
    embeddedSessionSchema,
    await api.request(embeddingPaths.embeddedSessions(), { method: 'POST', body: { token } }),
  )
  sessionStorage.setItem(sessionKey(token), JSON.stringify(session))
  return session
}

/**
 * Posts to the host page, to `origin` only. Before the session names it, the frame's parent is the origin: the
 * page's frame-ancestors admitted no other (Chromium and Safari name it; elsewhere the host hears nothing).
 */
function postToHost(message: EmbedMessage, origin: string | undefined) {
  const target = origin ?? window.location.ancestorOrigins?.[0]
  if (window.parent === window || target === undefined) return
  window.parent.postMessage(message, target)
}

/**
 * /embed/{token}: the signing page a host application shows in a frame (issue 41 §3). It opens the direct-sign
 * session of its signing URL and shows the direct-link signer's page, telling the host `loaded`, then `signed`
 * or `declined`, or `error` when the URL cannot be opened.
 */
export function EmbeddedSigningScreen({ token }: { token: string }) {
  const { i18n } = useLingui()
  const { api, session } = useRouteContext({ from: '__root__' })
  const logic = useMemo(
    () =>
      embeddedSigningMachine.provide({
        actors: { openSession: fromPromise(() => openSession(api, token)) },
        actions: {
          notifyHost: ({ context }, { type }) =>
            postToHost(
              {
                source: 'signet',
                type,
                signatureRequestId: context.session?.signatureRequestId ?? null,
                ...(context.errorCode === null ? {} : { code: context.errorCode }),
              },
              context.session?.origin,
            ),
        },
      }),
    [api, token],
  )
  const actor = useActorRef(logic, { inspect })
  const opened = useSelector(actor, selectSession)
  const errorCode = useSelector(actor, selectErrorCode)
  const direct = useSelector(session, selectDirectSign)

  // The signer signs through the direct-sign session of the link the URL opened, as from a mailed link.
  useEffect(() => {
    if (opened === null) return
    const link: DirectLink = {
      requestId: opened.signatureRequestId,
      userId: opened.signatureId,
      token: opened.token,
    }
    sessionStorage.setItem(directLinkStorageKey, JSON.stringify(link))
    if (direct?.requestId === link.requestId && direct.userId === link.userId) return
    if (direct) session.send({ type: 'session.signOut' })
    session.send({ type: 'session.directSign', userId: link.userId, requestId: link.requestId })
  }, [opened, direct, session])

  // The signer's page reads the request; once it shows them signed or declined, the host hears of it.
  const { data: request } = useQuery<SignatureRequestView>({
    queryKey: ['direct-signature-request', opened?.signatureRequestId],
    enabled: false,
  })
  useEffect(() => {
    if (request?.signatureStatus === 'SIGNED') actor.send({ type: 'request.signed' })
    if (request?.signatureStatus === 'DECLINED') actor.send({ type: 'request.declined' })
  }, [request?.signatureStatus, actor])

  if (errorCode !== null) {
    return (
      <StatusPage title={i18n._(embedErrorMessage(errorCode))}>
        <p>
          <Trans>Please go back to the website that showed this page and start signing again.</Trans>
        </p>
      </StatusPage>
    )
  }
  if (opened === null || direct?.requestId !== opened.signatureRequestId) return null
  return (
    <DirectViewScreen
      requestId={opened.signatureRequestId}
      signatureId={opened.signatureId}
      search={{ token: opened.token }}
    />
  )
}
