import * as v from 'valibot'
import { signInProviders } from './sign-in-providers.ts'

/** The product's name, kept in one place: document titles read `<title> - Signet`. */
export const productName = 'Signet'

/** Deployment modes; anything but production shows the Test System frame. */
export const appModes = ['development', 'staging', 'production'] as const
export type AppMode = (typeof appModes)[number]

/** SPEC §3 error-reporting settings; absent when no DSN is configured. */
export const errorReportingSchema = v.object({
  dsn: v.string(),
  disabled: v.boolean(),
  tracesSampleRate: v.number(),
  environment: v.string(),
  release: v.string(),
})

/** What the browser app needs to know about the deployment, from `GET /api/v1/app-config`. */
export const appConfigSchema = v.object({
  mode: v.picklist(appModes),
  /** Status-page component groups whose maintenance blocks the app (SPEC §4 Maintenance). */
  maintenanceBlockingPattern: v.string(),
  /** The general terms' current version; a user who accepted an older one is asked again (SPEC §6). */
  termsVersion: v.string(),
  /** Where the general terms can be read; absent when the deployment names none. */
  termsUrl: v.optional(v.string()),
  errorReporting: v.nullable(errorReportingSchema),
  /** SPEC §7: the in-app guidance service's app token; absent when the deployment has none (nothing loads). */
  guidanceToken: v.optional(v.string()),
  /** SPEC §6: the staff e-mail domain whose people get the internal cookie; absent when the deployment has none. */
  staffEmailDomain: v.optional(v.string()),
  /** SPEC §9: the sign-in providers /login offers, in its order; empty when the deployment offers none. */
  signInProviders: v.array(v.picklist(signInProviders)),
})
export type AppConfig = v.InferOutput<typeof appConfigSchema>
export type ErrorReportingSettings = v.InferOutput<typeof errorReportingSchema>
