import { createRootRouteWithContext } from '@tanstack/react-router'
import type { RouterContext } from '../app/context.ts'
import { RootLayout } from '../app/root-layout.tsx'
import { RouteError } from '../app/route-error.tsx'
import { NotFoundPage } from '../ui/page/not-found-page.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
})
