import { createFileRoute, notFound } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { ComponentTestScreen } from '../features/component-test/component-test-screen.tsx'
import { loadMessages } from '../i18n/i18n.ts'
import { NotFoundPage } from '../ui/page/not-found-page.tsx'

export const Route = createFileRoute('/component-test')({
  staticData: { access: access.componentTest() },
  // A test page: production has none (SPEC §2: no access control).
  beforeLoad: ({ context }) => {
    if (context.appConfig.mode === 'production') throw notFound()
  },
  loader: () => loadMessages('component-test'),
  component: ComponentTestScreen,
  notFoundComponent: NotFoundPage,
})
