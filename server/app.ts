import { Hono } from 'hono'
import type { Logger } from 'pino'
import { apiBase } from '../contract/paths.ts'
import type { AppConfig } from './config.ts'
import type { Database } from './db/open-database.ts'
import { createErrorHandler, notFoundHandler, routeNotFound } from './http/error-handler.ts'
import { rejectMalformedJson } from './http/reject-malformed-json.ts'
import { requestLogger } from './http/request-logger.ts'
import { createStaticFiles } from './http/static-files.ts'
import { createAppConfigRoutes } from './routes/app-config.ts'
import { createDatetimeRoutes } from './routes/datetime.ts'
import { createHealthRoutes } from './routes/health.ts'

/** What the app is composed from. */
export type AppOptions = {
  config: AppConfig
  db: Database
  logger: Logger
  /** Directory of the built browser app. @default 'dist' */
  staticDir?: string
}

/** Composes the API under `/api` and the built browser app for every other path. */
export function createApp({ config, db, logger, staticDir = 'dist' }: AppOptions): Hono {
  const api = new Hono()
  api.use(rejectMalformedJson)
  api.route('/', createHealthRoutes(db))
  api.route('/', createDatetimeRoutes())
  api.route('/', createAppConfigRoutes(config))
  // Registered last, so it only answers paths no route above knows, whatever the method.
  api.all('*', (c) => {
    throw routeNotFound(c)
  })

  const app = new Hono()
  app.use(requestLogger(logger))
  app.onError(createErrorHandler(logger))
  app.notFound(notFoundHandler)
  app.route(apiBase, api)
  app.route('/', createStaticFiles(staticDir))
  return app
}
