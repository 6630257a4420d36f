import { createRouter } from '@tanstack/react-router'
import type { RouterContext } from './app/context.ts'
import { routeTree } from './routeTree.gen.ts'

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
}
