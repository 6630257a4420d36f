import type { MessageDescriptor } from '@lingui/core'
import { createRouter } from '@tanstack/react-router'
import type { RouterContext } from './app/context.ts'
import { routeTree } from './routeTree.gen.ts'
import type { LayoutName } from './ui/layouts/layout-name.ts'

/** Builds the app's router around its context (session, API client, query client, app config). */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** The route's layout (SPEC §2). */
    layout?: LayoutName
    /** The route's meta title; without it the title comes from the path (SPEC §2). */
    title?: MessageDescriptor
  }
}
