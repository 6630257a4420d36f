import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type ReactNode, useMemo } from 'react'
import type {
  IdentificationMethod,
  Legislation,
} from '../../../machines/identification/identification.types.ts'
import { getDirectUserQueryOptions } from '../../api/direct-user.ts'
import { readDirectLink } from '../../app/direct-sign.ts'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { StatusPage } from '../../ui/page/status-page.tsx'
import { FlowLink } from './flow-link.tsx'
import type { IdentificationAccess } from './identification-calls.ts'
import { identificationDialogs } from './identification-dialogs.ts'
import { IdentificationFlow } from './identification-flow.tsx'
import { legislationTitles } from './identification-messages.ts'
import { identificationPath } from './identification-routes.ts'
import { hasPersonalDetails, personalDetailsOf, savePersonalDetails } from './personal-details.ts'
import styles from './signature-standards.module.css'

/** The query of the account's flow routes (SPEC §2): the request being signed, and the provider's return. */
export interface AccountIdentificationSearch {
  signatureRequestId?: string
  identification?: 'returned'
}

const accountAccess: IdentificationAccess = { kind: 'account' }

/** The heading and back link every page of the flow shares. */
export function IdentificationPage({
  title,
  back,
  children,
}: {
  title: ReactNode
  back?: { href: string; label: ReactNode }
  children: ReactNode
}) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {back ? (
          <FlowLink className={styles.back} href={back.href}>
            {back.label}
          </FlowLink>
        ) : null}
        <h1>{title}</h1>
      </header>
      {children}
    </div>
  )
}

/** `?signatureRequestId=` of the account's flow, kept on the links between its routes. */
export function requestQuery(signatureRequestId: string | undefined): string {
  return signatureRequestId ? `?signatureRequestId=${encodeURIComponent(signatureRequestId)}` : ''
}

/**
 * /profile/signature-standards/{eidas,zertes}[/{method}] and id-austria-success: the identification flow of a
 * signed-in user; once identified they go back to the request they were signing, else to their standards.
 */
export function AccountIdentificationScreen({
  legislation,
  method,
  search,
}: {
  legislation: Legislation
  method?: IdentificationMethod
  search: AccountIdentificationSearch
}) {
  const { i18n } = useLingui()
  const query = requestQuery(search.signatureRequestId)
  const requestId = search.signatureRequestId
  return (
    <IdentificationPage
      title={<Trans>Identify yourself: {i18n._(legislationTitles[legislation])}</Trans>}
      back={{
        href: identificationPath('account', `${method ? legislation : 'legislation'}${query}`),
        label: method ? <Trans>All methods</Trans> : <Trans>Choose the legislation</Trans>,
      }}
    >
      <IdentificationFlow
        key={`${legislation}-${method ?? ''}-${search.identification ?? ''}`}
        base="account"
        access={accountAccess}
        legislation={legislation}
        method={method}
        returned={search.identification === 'returned' || method === 'id-austria'}
        signatureRequestId={requestId}
        done={
          requestId
            ? { href: `/view/${encodeURIComponent(requestId)}`, label: 'request' }
            : { href: identificationPath('account', ''), label: 'standards' }
        }
        query={query}
      />
    </IdentificationPage>
  )
}

/** The query of the direct-link signer's flow routes: the provider's return. */
export interface DirectIdentificationSearch {
  identification?: 'returned'
}

/** Shown when this tab holds no direct link: the flow needs the link's token. */
export function DirectLinkMissing() {
  return (
    <StatusPage title={<Trans>This link is not valid</Trans>}>
      <p>
        <Trans>Please open the link from the latest e-mail again to continue.</Trans>
      </p>
    </StatusPage>
  )
}

/**
 * /direct-sign/identification/{eidas,zertes}[/{method}] and id-austria-success: the same flow for a direct-link
 * signer, with the direct calls and the link kept in this tab; once identified they go back to their request.
 */
export function DirectIdentificationFlowScreen({
  legislation,
  method,
  search,
}: {
  legislation: Legislation
  method?: IdentificationMethod
  search: DirectIdentificationSearch
}) {
  const { i18n } = useLingui()
  const link = readDirectLink()
  if (link === null) return <DirectLinkMissing />
  const landing = `/direct-sign/identification/${encodeURIComponent(link.requestId)}/${encodeURIComponent(link.userId)}`
  return (
    <IdentificationPage
      title={<Trans>Identify yourself: {i18n._(legislationTitles[legislation])}</Trans>}
      back={{
        href: method ? identificationPath('direct', legislation) : landing,
        label: method ? <Trans>All methods</Trans> : <Trans>Back</Trans>,
      }}
    >
      <DirectFlow link={link} legislation={legislation} method={method} search={search} />
    </IdentificationPage>
  )
}

function DirectFlow({
  link,
  legislation,
  method,
  search,
}: {
  link: { requestId: string; userId: string; token: string }
  legislation: Legislation
  method?: IdentificationMethod
  search: DirectIdentificationSearch
}) {
  const access = useMemo<IdentificationAccess>(() => ({ kind: 'direct', token: link.token }), [link.token])
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  // The ZertES provider needs the signer's personal details (SPEC §2 supply eID data) before it starts.
  const beforeStart = async () => {
    const user = await queryClient.fetchQuery({ ...getDirectUserQueryOptions(api, link.token), staleTime: 0 })
    if (hasPersonalDetails(user)) return true
    return openDialog(ui, identificationDialogs.supplyEidData, {
      props: { initial: personalDetailsOf(user) },
      action: async ({ value }) => {
        await savePersonalDetails(api, link.token, value)
        await queryClient.invalidateQueries({ queryKey: getDirectUserQueryOptions(api, link.token).queryKey })
      },
    })
  }
  return (
    <IdentificationFlow
      key={`${legislation}-${method ?? ''}-${search.identification ?? ''}`}
      base="direct"
      access={access}
      legislation={legislation}
      method={method}
      returned={search.identification === 'returned' || method === 'id-austria'}
      signatureRequestId={link.requestId}
      done={{
        href: `/view/${encodeURIComponent(link.requestId)}/${encodeURIComponent(link.userId)}`,
        label: 'request',
      }}
      query=""
      beforeStart={legislation === 'zertes' ? beforeStart : undefined}
    />
  )
}
