import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import type { FunctionComponent } from 'react'
import { createRoot } from 'react-dom/client'
import { onTestFinished, vi } from 'vitest'
import type { AppConfig } from '../../contract/app-config.ts'
import { toSnakeCase } from '../../contract/case.ts'
import { createApiClient } from '../../src/api/client.ts'
import type { RouterContext } from '../../src/app/context.ts'
import { startSession } from '../../src/app/session.ts'
import { startUiActors } from '../../src/app/ui-actors.ts'
import { UiHosts } from '../../src/app/ui-hosts.tsx'
import { fetchStatus } from '../../src/features/maintenance/fetch-status.ts'
import { startMaintenance } from '../../src/features/maintenance/maintenance-status.ts'
import type { CatalogPart } from '../../src/i18n/catalog-parts.ts'
import { activateLocale, loadMessages } from '../../src/i18n/i18n.ts'
import '../../src/ui/theme/tokens.css'
import { MemoryStorage } from '../src/features/signing/memory-storage.ts'

/** One call the screen made, as the server would have received it. */
export interface ApiCall {
  method: string
  /** The path under /api with its query, e.g. `/v1/validate?type=xml`. */
  path: string
  request: Request
}

/** Answers a call the screen makes, or undefined to leave it to the next handler. */
export type ApiHandler = (call: ApiCall) => Response | undefined | Promise<Response | undefined>

/** A JSON answer, its keys in snake_case as the server sends them. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(toSnakeCase(body)), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

/** An API error answer (SPEC §7: a stable code, a message and the field that was wrong). */
export function refusal(status: number, code: string, field?: string): Response {
  return json({ code, message: code, field }, status)
}

/**
 * The server for one test, at the fetch level: every call the app makes goes through `handlers` in order (the
 * app's own client, case conversion and retries run as in production); a call no handler answers fails the
 * test. Returns the calls made so far.
 */
export function serveApi(...handlers: ApiHandler[]): ApiCall[] {
  const calls: ApiCall[] = []
  const unanswered: string[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const call = {
      method: request.method,
      path: `${url.pathname.replace(/^\/api/, '')}${url.search}`,
      request,
    }
    calls.push(call)
    for (const handler of handlers) {
      const answer = await handler(call)
      if (answer) return answer
    }
    unanswered.push(`${call.method} ${call.path}`)
    return refusal(404, 'test.unanswered')
  })
  onTestFinished(() => {
    vi.unstubAllGlobals()
    if (unanswered.length > 0) throw new Error(`Calls no handler answered: ${unanswered.join(', ')}`)
  })
  return calls
}

/** The status page with nothing planned, which the app's maintenance check asks for. */
export const noMaintenance: ApiHandler = ({ method, path }) =>
  method === 'GET' && path === '/v1/status'
    ? json({ incidents: [], scheduledMaintenances: [], components: [] })
    : undefined

const appConfig: AppConfig = {
  mode: 'staging',
  maintenanceBlockingPattern: '^$',
  termsVersion: '2026-01',
  errorReporting: null,
  signInProviders: [],
}

/**
 * Renders `screen` at `path` as the app does: the app's API client, session, maintenance status, dialog and
 * snackbar hosts in the router context, Lingui in British English with the screen's catalog part, and a
 * TanStack Query client. The route is the screen's own path, so its `getRouteApi` and links resolve.
 */
export async function renderScreen(
  path: string,
  screen: FunctionComponent,
  { messages = [] }: { messages?: CatalogPart[] } = {},
): Promise<RouterContext> {
  await activateLocale('en-gb')
  await loadMessages(...messages)
  const api = createApiClient({
    auth: () => ({ type: 'Bearer', token: 'test-token' }),
    onUnauthorized: () => {},
    onServerError: () => {},
    retryDelay: () => 0,
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const session = startSession(api, new MemoryStorage(), new MemoryStorage())
  const maintenance = startMaintenance({
    fetchStatus: () => fetchStatus(api),
    session,
    blockingGroupPattern: appConfig.maintenanceBlockingPattern,
  })
  const ui = startUiActors()
  const context: RouterContext = { queryClient, api, session, appConfig, maintenance, ui }

  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        <Outlet />
        <UiHosts ui={ui} />
      </>
    ),
  })
  const screenRoute = createRoute({ getParentRoute: () => rootRoute, path, component: screen })
  const router = createRouter({
    routeTree: rootRoute.addChildren([screenRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context,
  })
  await router.load()

  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  root.render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  onTestFinished(() => {
    root.unmount()
    container.remove()
    queryClient.clear()
    maintenance.stop()
    session.stop()
    for (const actor of Object.values(ui)) actor.stop()
  })
  return context
}
