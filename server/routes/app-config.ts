import { Hono } from 'hono'
import type { AppConfig as ClientAppConfig } from '../../contract/app-config.ts'
import { appConfigSchema } from '../../contract/app-config.ts'
import { ok } from '../../contract/openapi/operation.ts'
import { apiPaths } from '../../contract/paths.ts'
import { signInProviders } from '../../contract/sign-in-providers.ts'
import type { AppConfig } from '../config.ts'
import { describeRoute } from '../http/describe-route.ts'
import { sendJson } from '../http/send-json.ts'
import { signetRelease } from '../release.ts'
import { ssoSettings } from '../sso/sso-settings.ts'

/** `GET /v1/app-config`: the deployment facts the browser app starts with. */
export function createAppConfigRoutes(config: AppConfig): Hono {
  const { providers } = ssoSettings(config)
  const body: ClientAppConfig = {
    mode: config.appMode,
    maintenanceBlockingPattern: config.maintenanceBlockingPattern,
    termsVersion: config.termsVersion,
    ...(config.termsUrl === undefined ? {} : { termsUrl: config.termsUrl }),
    ...(config.staffEmailDomain === undefined ? {} : { staffEmailDomain: config.staffEmailDomain }),
    ...(config.guidanceToken === undefined ? {} : { guidanceToken: config.guidanceToken }),
    errorReporting: config.errorReporting && { ...config.errorReporting, release: signetRelease },
    signInProviders: signInProviders.filter((provider) => providers[provider] !== undefined),
  }
  return new Hono().get(
    apiPaths.appConfig(),
    describeRoute({
      summary: 'What the browser app needs to know about the deployment',
      tag: 'Platform',
      auth: 'none',
      answers: [ok(appConfigSchema)],
    }),
    (c) => sendJson(c, body),
  )
}
