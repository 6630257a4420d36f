import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import * as v from 'valibot'
import { accountPaths } from '../contract/account-paths.ts'
import { appConfigSchema } from '../contract/app-config.ts'
import { userSchema } from '../contract/user.ts'
import { retryDelay } from '../machines/page-loading/retry-delay.ts'
import { selectAccountId, selectDirectSign, selectToken } from '../machines/session/session.selectors.ts'
import { createApiClient } from './api/client.ts'
import { getUserQueryOptions } from './api/user.ts'
import { forceReload } from './app/chunk-reload.ts'
import { directAuth, openDirectSignLink } from './app/direct-sign.ts'
import { startErrorReporting } from './app/error-reporting.ts'
import type { ServerTime } from './app/server-time.ts'
import { startSession } from './app/session.ts'
import { syncTabs } from './app/tab-sync.ts'
import { startUiActors } from './app/ui-actors.ts'
import { watchForNewBuild } from './app/update-prompt.ts'
import { startWebFont } from './app/web-font.ts'
import { fetchStatus } from './features/maintenance/fetch-status.ts'
import { keepInternalCookie } from './features/maintenance/internal-cookie.ts'
import { startMaintenance } from './features/maintenance/maintenance-status.ts'
import { activateLocale, initialLocale } from './i18n/i18n.ts'
import { createAppRouter } from './router.tsx'
import './ui/theme/fonts.css'
import './ui/theme/tokens.css'

// SPEC §8: a chunk that fails to load after a deploy reloads the page (once per 10 s).
window.addEventListener('vite:preloadError', (event) => {
  if (forceReload(window.location, sessionStorage)) event.preventDefault()
})

let router: ReturnType<typeof createAppRouter> | undefined
// The app's one server clock (SPEC §3 Server time), started once the first page shows.
let serverTime: ServerTime | undefined
const api = createApiClient({
  auth: () => {
    const snapshot = session.getSnapshot()
    const direct = selectDirectSign(snapshot)
    if (direct) return directAuth(direct)
    const token = snapshot.context.token
    return token ? { type: 'Bearer', token } : undefined
  },
  // SPEC §8: a 401 signs out and keeps the path; for a signed-in account the route guards then run again and
  // take the user from the protected page to the sign-in, which resumes it. A direct link's page says itself
  // that its link is not valid.
  onUnauthorized: () => {
    const signedIn = selectToken(session.getSnapshot()) !== null
    session.send({ type: 'session.unauthorized', path: window.location.pathname })
    if (signedIn) void router?.invalidate()
  },
  onServerError: () => {
    if (router && router.state.location.pathname !== '/sorry') void router.navigate({ to: '/sorry' })
  },
  onChanged: () => tabs.changed(),
  retryDelay,
  now: () => serverTime?.now() ?? Date.now(),
})
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })
// The user the session loads is the user query's first answer: the guards and screens need not ask again.
const session = startSession(api, sessionStorage, localStorage, {
  keepUser: (answer) => {
    const user = v.safeParse(userSchema, answer)
    if (user.success) queryClient.setQueryData(getUserQueryOptions(api).queryKey, user.output)
  },
})
// What was cached for an account never shows to whoever comes next in the tab: a direct link opened while
// signed in starts without the account's user and requests, and so does the next sign-in after a sign-out or
// a 401.
let account = selectAccountId(session.getSnapshot())
// The server's clock runs once someone is signed in (an account or a direct link): the sign-in page, whose
// code has a budget, neither needs nor loads it.
let serverTimeStarting = false
const keepServerTime = (signedIn: boolean) => {
  if (!signedIn || serverTimeStarting) return
  serverTimeStarting = true
  void import('./app/server-time.ts').then(({ startServerTime }) => {
    serverTime = startServerTime(api)
  })
}
keepServerTime(selectToken(session.getSnapshot()) !== null)
session.subscribe((snapshot) => {
  const next = selectAccountId(snapshot)
  if (account !== null && next !== account) queryClient.clear()
  account = next
  keepServerTime(selectToken(snapshot) !== null)
})
// The other tabs of whoever is signed in here show what this tab changed.
const tabs = syncTabs(queryClient, () => {
  const snapshot = session.getSnapshot()
  return selectAccountId(snapshot) ?? selectDirectSign(snapshot)?.userId ?? null
})
const ui = startUiActors()

async function start() {
  // Started with the app config, so a blocking maintenance is known before the first route guard runs.
  const firstStatusCheck = fetchStatus(api)
  // startMaintenance handles its failure; until it takes the promise, a rejection must not count as unhandled.
  firstStatusCheck.catch(() => {})
  const [appConfig] = await Promise.all([
    api.request(accountPaths.appConfig()).then((body) => v.parse(appConfigSchema, body)),
    activateLocale(initialLocale()),
  ])
  // A direct link's session opens before the maintenance status follows the session, so the status check begun
  // above is the signer's check rather than a visitor's, which their session would repeat at once.
  await openDirectSignLink(session, {
    pathname: window.location.pathname,
    search: Object.fromEntries(new URLSearchParams(window.location.search)),
  })
  const maintenance = startMaintenance({
    fetchStatus: () => fetchStatus(api),
    session,
    blockingGroupPattern: appConfig.maintenanceBlockingPattern,
    firstCheck: firstStatusCheck,
  })
  await maintenance.ready
  keepInternalCookie(session, appConfig.staffEmailDomain)
  void startErrorReporting(appConfig.errorReporting, window.location.host)
  if (!import.meta.env.DEV) watchForNewBuild(ui.snackbars, __BUILD_ID__)
  const appRouter = createAppRouter({ queryClient, api, session, appConfig, maintenance, ui })
  router = appRouter
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  // The first page loads (its guard, its data, its code) before React renders it, and React renders it in a
  // transition: in slices that leave the browser free to paint and answer input, not in one task as long as the
  // whole screen. A page slower than the router's pending time renders meanwhile, to show its loading note.
  const pendingMs = appRouter.options.defaultPendingMs ?? 1000
  await Promise.race([
    // A failed load is the router's to show once rendered: it keeps the failure in its state.
    appRouter.load().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, pendingMs)),
  ])
  const app = createRoot(root)
  startTransition(() =>
    app.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={appRouter} />
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  )
  startWebFont(document.documentElement, localStorage, (show) => {
    const stop = router?.subscribe('onBeforeNavigate', ({ pathChanged }) => {
      if (!pathChanged) return
      show()
      stop?.()
    })
  })
}

void start()
