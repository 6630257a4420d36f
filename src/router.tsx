import { createRouter } from '@tanstack/react-router'
import type { RouteAccess } from '../machines/route-access/route-access.types.ts'
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
  interface StaticDataRouteOption {
    /** Who may see the route (SPEC §2, §6); every route file declares it, and the root route's guard reads it. */
    access?: RouteAccess
    /**
     * Starts loading the page's data while the session restored with the page still loads its user, so the data
     * does not wait for the guard (src/app/guard.ts); the route's loader then joins what is on its way. The guard
     * ignores its failures: the loader and the screen deal with them when they ask again.
     */
    earlyLoad?: (context: RouterContext, params: Record<string, string>) => Promise<void>
  }
}
