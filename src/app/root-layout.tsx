import { useLingui } from '@lingui/react/macro'
import { Outlet, useMatches, useRouteContext, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { findRoute } from '../../machines/route-access/find-route.ts'
import { Layout } from '../ui/layouts/layout.tsx'
import { TestSystemFrame } from '../ui/test-system/test-system-frame.tsx'
import { documentTitle, pageTitle } from './page-title.ts'
import { routeTitles } from './route-titles.ts'
import { UpdatePrompt } from './update-prompt.tsx'

/** The frame around every screen: Test System frame, the route's layout, the document title. */
export function RootLayout() {
  const { appConfig } = useRouteContext({ from: '__root__' })
  const { i18n } = useLingui()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const matches = useMatches()
  // Only the root matches when no route does (global not found); a loader's notFound() marks its match.
  const notFound = matches.at(-1)?.routeId === '__root__' || matches.some((m) => m.status === 'notFound')
  const rule = findRoute(notFound ? '/$' : pathname)
  const titleId = rule.title ? routeTitles[rule.title] : undefined
  const title = pageTitle(rule.path, titleId, i18n)
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
  return (
    <>
      <TestSystemFrame mode={appConfig.mode} />
      <Layout name={rule.layout}>
        <Outlet />
      </Layout>
      <UpdatePrompt />
    </>
  )
}
