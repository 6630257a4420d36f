import { useLingui } from '@lingui/react/macro'
import { Outlet, useMatches, useRouteContext, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { findRoute } from '../../machines/route-access/find-route.ts'
import { type SessionSnapshot, selectDirectSign } from '../../machines/session/session.selectors.ts'
import { TermsPrompt } from '../features/dialogs/terms-prompt.tsx'
import { MaintenanceBanner } from '../features/maintenance/maintenance-banner.tsx'
import { useMaintenanceRedirect } from '../features/maintenance/use-maintenance-redirect.ts'
import { useActorView } from '../ui/dialog/use-actor-view.ts'
import { Layout } from '../ui/layouts/layout.tsx'
import { TestSystemFrame } from '../ui/test-system/test-system-frame.tsx'
import { AccountNav } from './account-nav.tsx'
import { documentTitle, pageTitle } from './page-title.ts'
import { routeTitles } from './route-titles.ts'
import { UiHosts } from './ui-hosts.tsx'
import { useUserLocale } from './use-user-locale.ts'

const isDirectSign = (snapshot: SessionSnapshot) => selectDirectSign(snapshot) !== null

/** The frame around every screen: Test System frame, the route's layout, the document title. */
export function RootLayout() {
  const { appConfig, ui, session } = useRouteContext({ from: '__root__' })
  const directSign = useActorView(session, isDirectSign)
  const { i18n } = useLingui()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const matches = useMatches()
  useMaintenanceRedirect()
  useUserLocale()
  // A guard's or loader's notFound() marks its match (`_notFound` for the router's global one).
  const notFound = matches.some((m) => m._notFound || m.status === 'notFound')
  const rule = findRoute(notFound ? '/$' : pathname)
  const titleId = rule.title ? routeTitles[rule.title] : undefined
  const title = pageTitle(rule.path, titleId, i18n)
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
  return (
    <>
      <TestSystemFrame mode={appConfig.mode} />
      <MaintenanceBanner />
      <Layout name={rule.layout} nav={<AccountNav />} directSign={directSign}>
        <Outlet />
      </Layout>
      <UiHosts ui={ui} />
      <TermsPrompt />
    </>
  )
}
