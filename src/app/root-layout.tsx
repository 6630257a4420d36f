import { useLingui } from '@lingui/react/macro'
import { Outlet, useMatches, useRouteContext, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { notFoundRule } from '../../machines/route-access/route-access.ts'
import { type SessionSnapshot, selectDirectSign } from '../../machines/session/session.selectors.ts'
import { MaintenanceBanner } from '../features/maintenance/maintenance-banner.tsx'
import { useMaintenanceRedirect } from '../features/maintenance/use-maintenance-redirect.ts'
import { Layout } from '../ui/layouts/layout.tsx'
import { SkipLink } from '../ui/layouts/skip-link.tsx'
import { TestSystemFrame } from '../ui/test-system/test-system-frame.tsx'
import { AccountNav } from './account-nav.tsx'
import { BusinessNav } from './business-nav.tsx'
import { matchedRule } from './guard.ts'
import { documentTitle, pageTitle } from './page-title.ts'
import { routeTitles } from './route-titles.ts'
import { UiHosts } from './ui-hosts.tsx'
import { useDirectSignerLocale } from './use-direct-signer-locale.ts'
import { useUserLocale } from './use-user-locale.ts'

const isDirectSign = (snapshot: SessionSnapshot) => selectDirectSign(snapshot) !== null
const isSignedIn = (snapshot: SessionSnapshot) => snapshot.matches('signedIn')

const AccountPrompts = lazy(async () => ({ default: (await import('./account-prompts.tsx')).AccountPrompts }))
// SPEC §7: only a deployment with a guidance token loads anything of the guidance service.
const Guidance = lazy(async () => ({ default: (await import('./guidance.tsx')).Guidance }))

/** The frame around every screen: Test System frame, the route's layout, the document title. */
export function RootLayout() {
  const { appConfig, ui, session } = useRouteContext({ from: '__root__' })
  const directSign = useSelector(session, isDirectSign)
  const signedIn = useSelector(session, isSignedIn)
  const { i18n } = useLingui()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const matches = useMatches()
  useMaintenanceRedirect()
  useUserLocale()
  useDirectSignerLocale()
  // A guard's or loader's notFound() marks its match (`_notFound` for the router's global one).
  const notFound = matches.some((m) => m._notFound || m.status === 'notFound')
  const rule = notFound ? notFoundRule : matchedRule(matches)
  const titleId = rule.title ? routeTitles[rule.title] : undefined
  const title = pageTitle(rule.path, titleId, i18n)
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
  // A dialog or overlay belongs to the page it was opened on: going elsewhere (Back included) closes it.
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    ui.dialogs.send({ type: 'route.leave' })
    ui.overlays.send({ type: 'route.leave' })
  }, [pathname, ui])
  return (
    <>
      <SkipLink />
      <TestSystemFrame mode={appConfig.mode} />
      <MaintenanceBanner />
      <Layout name={rule.layout} nav={<AccountNav />} sidebar={<BusinessNav />} directSign={directSign}>
        <Outlet />
      </Layout>
      <UiHosts ui={ui} />
      {signedIn ? (
        <Suspense fallback={null}>
          <AccountPrompts />
        </Suspense>
      ) : null}
      {appConfig.guidanceToken ? (
        <Suspense fallback={null}>
          <Guidance token={appConfig.guidanceToken} />
        </Suspense>
      ) : null}
    </>
  )
}
