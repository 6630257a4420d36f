import { Hono } from 'hono'
import type { AppConfig as ClientAppConfig } from '../../contract/app-config.ts'
import { apiPaths } from '../../contract/paths.ts'
import type { AppConfig } from '../config.ts'
import { sendJson } from '../http/send-json.ts'

/** `GET /v1/app-config`: the deployment facts the browser app starts with. */
export function createAppConfigRoutes(config: AppConfig): Hono {
  return new Hono().get(apiPaths.appConfig(), (c) => {
    // Error reporting stays off until SENTRY_DSN is part of the configuration.
    const body: ClientAppConfig = { mode: config.appMode, errorReporting: null }
    return sendJson(c, body)
  })
}
