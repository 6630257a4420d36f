import { createRootRouteWithContext } from '@tanstack/react-router'
import type { RouterContext } from '../app/context.ts'
import { guardRoute } from '../app/guard.ts'
import { RootLayout } from '../app/root-layout.tsx'
import { RouteError } from '../app/route-error.tsx'
import { AppLoading } from '../ui/page/app-loading.tsx'
import { NotFoundPage } from '../ui/page/not-found-page.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location, matches }) => guardRoute(context, location, matches),
  component: RootLayout,
  pendingComponent: AppLoading,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
})
