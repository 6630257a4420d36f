import { useLingui } from '@lingui/react/macro'
import { Outlet, useMatches, useRouteContext } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Layout } from '../ui/layouts/layout.tsx'
import { TestSystemFrame } from '../ui/test-system/test-system-frame.tsx'
import { documentTitle, pageTitle } from './page-title.ts'
import { UpdatePrompt } from './update-prompt.tsx'

/** The frame around every screen: Test System frame, the route's layout, the document title. */
export function RootLayout() {
  const { appConfig } = useRouteContext({ from: '__root__' })
  const { i18n, t } = useLingui()
  const matches = useMatches()
  const leaf = matches.at(-1)
  // Only the root matches when no route does (global not found); a loader's notFound() marks its match.
  const notFound = leaf?.routeId === '__root__' || matches.some((m) => m.status === 'notFound')
  const title = notFound ? t`Page Not Found` : leaf && pageTitle(leaf.fullPath, leaf.staticData.title, i18n)
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
  return (
    <>
      <TestSystemFrame mode={appConfig.mode} />
      <Layout name={notFound ? 'main' : (leaf?.staticData.layout ?? 'main')}>
        <Outlet />
      </Layout>
      <UpdatePrompt />
    </>
  )
}
