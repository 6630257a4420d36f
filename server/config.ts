import { createSecretKey, type KeyObject } from 'node:crypto'
import { join } from 'node:path'
import * as v from 'valibot'
import { type AppMode, appModes } from '../contract/app-config.ts'
import { type SignInProvider, signInProviders } from '../contract/sign-in-providers.ts'
import type { Seller } from './billing/seller.ts'
import type { NightlyBackupOptions } from './jobs/nightly-backup.ts'
import type { CscOptions } from './providers/csc/csc-signing-provider.ts'
import type { IdAustriaOptions } from './providers/identification/id-austria-identification-provider.ts'
import { type IdnowOptions, idnowProducts } from './providers/identification/idnow-identification-provider.ts'
import type { TwilioOptions } from './providers/mobile-signing/twilio-mobile-signing-provider.ts'
import type { StatusPageSource } from './providers/status-page/status-page-provider.ts'
import { fromPem } from './signing/pem.ts'
import {
  defaultRootRenewBeforeDays,
  issuingValidDays,
  minIssuingRenewBeforeDays,
  rootRenewalLeadDays,
  rootValidDays,
} from './signing/pki.ts'
import type { S3StorageOptions } from './storage/s3-file-storage.ts'

const maxIssuingRenewBeforeDays = issuingValidDays - 365
const issuingCaRenewalRange = `must be a whole number of days from ${minIssuingRenewBeforeDays} (a certificate the CA issues lasts ${minIssuingRenewBeforeDays - 30} days, and a month) to ${maxIssuingRenewBeforeDays}, e.g. 1095`
// The root is renewed a month sooner than any issuing CA may be, at the least, and a year short of its lifetime at
// the most, so that each root serves a year before the next one.
const minRootRenewBeforeDays = minIssuingRenewBeforeDays + rootRenewalLeadDays
const maxRootRenewBeforeDays = rootValidDays - 365
const rootCaRenewalRange = `must be a whole number of days from ${minRootRenewBeforeDays} to ${maxRootRenewBeforeDays}, e.g. ${defaultRootRenewBeforeDays}`

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** Pino log levels accepted in `LOG_LEVEL`. */
export type LogLevel = (typeof logLevels)[number]

/** Where the data lives: embedded PGlite in a directory, or a PostgreSQL server. */
export type DatabaseConfig = { driver: 'pglite'; dir: string } | { driver: 'postgres'; url: string }

/** The server's configuration, read once from the environment at start. */
export type AppConfig = {
  /** TCP port to listen on; 0 picks a free one. */
  port: number
  /** Root of everything the server stores on disk. */
  dataDir: string
  database: DatabaseConfig
  /** Anything but production shows the Test System frame and allows sandbox providers. */
  appMode: AppMode
  /** Address users reach the app at, without a trailing slash; used in links sent by mail. */
  publicUrl: string
  logLevel: LogLevel
  /** `smtp://` or `smtps://` URL (may hold credentials); unset: mail goes to the outbox only. */
  smtpUrl?: string
  /** Sender of every mail, e.g. `Signet <no-reply@example.com>`; unset: `no-reply@` the public host. */
  mailFrom?: string
  /** Where the maintenance status comes from: STATUS_PAGE_URL, else the file STATUS_PAGE_FILE. */
  statusPage: StatusPageSource
  /** Version of the general terms users must have accepted; a new one asks everyone again. */
  termsVersion: string
  /** Where the general terms of this deployment can be read; sign-up and signing link to them. */
  termsUrl?: string | undefined
  /** SPEC §6: the staff e-mail domain whose people get the internal cookie, which lets them through a blocking maintenance. */
  staffEmailDomain?: string | undefined
  /** Regular expression naming the status page's component groups whose maintenance blocks the app. */
  maintenanceBlockingPattern: string
  /** SPEC §7 in-app guidance service: its app token; without one the app loads nothing of it. */
  guidanceToken?: string | undefined
  /**
   * SPEC §7, §8 referral service (Cello): the product's credentials, with which the server signs each user's
   * widget token; `sandbox` loads our own stand-in of its script instead of Cello's. Unset: no referral widget.
   */
  referral?: ReferralConfig | undefined
  /**
   * SPEC §7 marketing form submission: the forms service's submission URL of the business signup form, or
   * `sandbox` (never in production) for the stand-in that writes each submission to the development outbox.
   * Unset: nothing is submitted.
   */
  marketingFormUrl?: string | undefined
  /** Browser error reporting (SPEC §9): off unless a DSN is set. */
  errorReporting: { dsn: string; disabled: boolean; tracesSampleRate: number; environment: string } | null
  /** SSO_SANDBOX: serve the sandbox OpenID provider; unset: on outside production, never in production. */
  ssoSandbox?: boolean
  /** SSO_CLIENTS: this app's client credentials at each real OpenID provider, keyed by issuer URL. */
  ssoClients?: Readonly<Record<string, SsoClient>>
  /** SSO_SAML_PROVIDERS: the SAML identity providers companies sign in with, keyed by their entity id. */
  ssoSamlProviders?: Readonly<Record<string, SamlIdentityProviderConfig>>
  /**
   * SIGN_IN_PROVIDERS: the sign-in providers /login offers (SPEC §9), each this app's registration at its
   * OpenID provider; unset outside production with the sandbox on: the sandbox stands in for all of them.
   */
  signInProviders?: Readonly<Partial<Record<SignInProvider, SignInProviderRegistration>>>
  /** SSO_STATE_SECRET: key of the sign-in state cookie; unset: a random key per process. */
  ssoStateSecret?: string
  /**
   * IDENTIFICATION_SANDBOX_SECRET: key the sandbox identification provider signs its webhooks with; unset: a
   * random key per process (its own sandbox page is the only sender).
   */
  identificationSandboxSecret?: string
  /**
   * OPERATOR_TOKEN: the metrics (`/api/metrics`), and outside development the dev outbox, answer only calls that
   * carry it in the `X-Operator-Token` header (the outbox holds every mail: sign-up, reset and direct links,
   * TANs); unset: no one.
   */
  operatorToken?: string
  /** MAX_DOCUMENT_MB: largest uploaded document, in bytes; unset: 40 MB. */
  maxDocumentBytes?: number
  /** MAX_REQUEST_MB: largest total of a request's documents, in bytes; unset: 60 MB. */
  maxRequestBytes?: number
  /** MAX_PAGES: most pages of an uploaded document; unset: 1,000. */
  maxPages?: number
  /** FREE_SIGNATURES: the free signatures a new account starts with (free_signatures_remaining); unset: 10. */
  freeSignatures?: number
  /**
   * ARCHIVE_TIMESTAMP_RENEWAL_DAYS: a completed document's archive timestamp is renewed once its timestamp
   * authority's certificate expires within this many days, and the authority gets a new certificate once its
   * own comes within twice as many; unset: 365.
   */
  archiveRenewalDays?: number
  /**
   * ISSUING_CA_RENEWAL_DAYS: the platform's issuing CA gets a new key and certificate under the root once its
   * certificate ends within this many days; unset: 1095.
   */
  issuingCaRenewalDays?: number
  /**
   * ROOT_CA_RENEWAL_DAYS: the platform gets a new root CA, linked with the one before it, once the newest root's
   * certificate ends within this many days; at least a month more than ISSUING_CA_RENEWAL_DAYS; unset: 3650.
   */
  rootCaRenewalDays?: number
  /**
   * TRUSTED_PROXIES: how many reverse proxies in front of the server add to X-Forwarded-For, so that the
   * client's address is read from it; unset: 0, the socket's peer is the client.
   */
  trustedProxies?: number
  /**
   * JOB_HAND_BACK_SECONDS: how long a stopping server lets its jobs under way finish before it hands them back
   * to the database, due at once for the next process; unset: 10 s.
   */
  jobHandBackMs?: number
  /**
   * STRIPE_*: the real card and subscription provider (issue 14); unset: the sandbox outside production,
   * and no billing in production.
   */
  stripe?: { secretKey: string; webhookSecret: string; publishableKey: string }
  /**
   * TWILIO_*: the real SMS gateway of qualified signing and mobile registration (issue 16); unset: the sandbox
   * outside production, and no SMS in production.
   */
  twilio?: TwilioOptions
  /**
   * IDNOW_*: the real identification provider (issue 16) for the methods whose company is set; unset: the
   * sandbox outside production, and no identification in production.
   */
  idnow?: IdnowOptions
  /**
   * ID_AUSTRIA_*: the real provider of the Austrian eID (issue 16); unset: the sandbox outside production, and
   * no Austrian eID in production.
   */
  idAustria?: IdAustriaOptions
  /**
   * CSC_*: the qualified trust service provider whose CSC API v2 makes qualified signatures, in any mode (one
   * for every legislation); unset: the platform's demo CA outside production, and none in production.
   */
  csc?: CscOptions
  /** S3_*: the S3-compatible bucket files are stored in; unset: local disk under DATA_DIR/files. */
  s3?: S3StorageOptions
  /**
   * SELLER_*: who issues the invoices the server draws (name, address, VAT number); unset: a test seller
   * outside production, and no invoice PDFs of our own in production.
   */
  seller?: Seller
  /** BACKUP_DIR, BACKUP_KEEP: a backup archive each night into this folder, keeping the last few; unset: none. */
  backup?: NightlyBackupOptions
  /**
   * KEY_ENCRYPTION_KEY: the 32-byte key the private keys are sealed with at rest (server/keys/); required in
   * production, else unset: a key file in DATA_DIR, for testing.
   */
  keyEncryptionKey?: KeyObject
  /** KEY_ENCRYPTION_KEY_PREVIOUS: the key before KEY_ENCRYPTION_KEY, which still opens what it sealed. */
  previousKeyEncryptionKey?: KeyObject
}

/** How this app is registered at an OpenID provider. */
export type SsoClient = { clientId: string; clientSecret: string }

/** A sign-in provider: its OpenID issuer and this app's registration there. */
export type SignInProviderRegistration = SsoClient & { issuer: string }

/** A SAML identity provider: where browsers sign in (HTTP-Redirect binding) and the certificate it signs with. */
type SamlIdentityProviderConfig = { entryPoint: string; certificate: string }

/** A configuration variable is missing or wrong; the message names it and says what is expected. */
export class ConfigError extends Error {
  readonly variable: string

  constructor(variable: string, message: string) {
    super(message)
    this.name = 'ConfigError'
    this.variable = variable
  }
}

// Values of these variables may hold credentials, so error messages never repeat them.
const secretVariables = new Set([
  'DATABASE_URL',
  'CELLO_PRODUCT_SECRET',
  'SMTP_URL',
  'SSO_CLIENTS',
  'SIGN_IN_PROVIDERS',
  'SSO_STATE_SECRET',
  'IDENTIFICATION_SANDBOX_SECRET',
  'OPERATOR_TOKEN',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'TWILIO_AUTH_TOKEN',
  'ID_AUSTRIA_CLIENT_SECRET',
  'CSC_CLIENT_SECRET',
  'KEY_ENCRYPTION_KEY',
  'KEY_ENCRYPTION_KEY_PREVIOUS',
  ...idnowProducts.map((product) => idnowVariables(product).apiKey),
])

/** The variables of an IDnow product's company: `IDNOW_ZERTES_VIDEO_COMPANY_ID`, `…_API_KEY`. */
function idnowVariables(product: string) {
  const prefix = `IDNOW_${product.toUpperCase()}`
  return { companyId: `${prefix}_COMPANY_ID`, apiKey: `${prefix}_API_KEY` }
}

const isRegExp = (source: string) => {
  try {
    new RegExp(source)
    return true
  } catch {
    return false
  }
}

const megabytes = v.pipe(
  v.string(),
  v.regex(/^\d{1,5}(\.\d{1,6})?$/, 'must be a number of megabytes, e.g. 40'),
  v.transform((mb) => Math.round(Number(mb) * 1024 * 1024)),
  v.minValue(1, 'must be more than 0'),
)

/** An http(s) address. */
const httpUrl = v.pipe(
  v.string(),
  v.regex(/^https?:\/\//, 'must be an http:// or https:// URL'),
  v.url('must be an http:// or https:// URL'),
)

/** An http(s) address that paths are appended to: without its trailing slashes. */
const baseUrl = v.pipe(
  httpUrl,
  v.transform((url) => url.replace(/\/+$/, '')),
)

/** 32 bytes in base64, as `openssl rand -base64 32` prints them. */
const keyEncryptionKey = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 random bytes in base64, e.g. from openssl rand -base64 32'),
  v.transform((base64) => createSecretKey(Buffer.from(base64, 'base64'))),
)

const signInProvidersShape = `must be JSON keyed by ${signInProviders.join(', ')}: {"google": {"issuer": "https://...", "client_id": "...", "client_secret": "..."}}`

const samlProvidersShape =
  'must be JSON: {"<entity id>": {"entry_point": "https://...", "certificate": "MII..."}}'

const envSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'must be an integer from 0 to 65535'),
      v.transform(Number),
      v.maxValue(65535, 'must be an integer from 0 to 65535'),
    ),
    '8080',
  ),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^postgres(ql)?:\/\/\S+$/,
        'must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)',
      ),
      v.url('must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)'),
    ),
  ),
  APP_MODE: v.optional(v.picklist(appModes, `must be one of ${appModes.join(', ')}`), 'development'),
  PUBLIC_URL: v.optional(baseUrl),
  LOG_LEVEL: v.optional(v.picklist(logLevels, `must be one of ${logLevels.join(', ')}`), 'info'),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL'),
      v.url('must be an smtp:// or smtps:// URL'),
    ),
  ),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.regex(/@/, 'must be an e-mail address, e.g. Signet <no-reply@example.com>')),
  ),
  STATUS_PAGE_URL: v.optional(httpUrl),
  STATUS_PAGE_FILE: v.optional(v.string()),
  TERMS_URL: v.optional(httpUrl),
  STAFF_EMAIL_DOMAIN: v.optional(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.regex(
        /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'must be a domain, e.g. signet.example',
      ),
    ),
  ),
  TERMS_VERSION: v.optional(
    v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/, 'must be a date like 2026-01')),
    '2026-01',
  ),
  MAINTENANCE_BLOCKING_PATTERN: v.optional(
    v.pipe(v.string(), v.check(isRegExp, 'must be a regular expression')),
    '^(Signing|Platform)',
  ),
  GUIDANCE_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the guidance service app token, e.g. NX-98ii14b'),
    ),
  ),
  CELLO_PRODUCT_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be the referral service product id')),
  ),
  CELLO_PRODUCT_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.minLength(16, 'must be the referral service product secret (16 characters or more)'),
    ),
  ),
  MARKETING_FORM_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => value === 'sandbox' || (/^https?:\/\//.test(value) && URL.canParse(value)),
        'must be the forms service’s submission URL (https://…) or sandbox',
      ),
    ),
  ),
  CELLO_SANDBOX: v.optional(v.picklist(['true', 'false'], 'must be true or false'), 'false'),
  SENTRY_DSN: v.optional(v.pipe(v.string(), v.url('must be a Sentry DSN URL'))),
  SENTRY_DISABLED: v.optional(v.picklist(['true', 'false'], 'must be true or false'), 'false'),
  SENTRY_TRACES_SAMPLE_RATE: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number from 0 to 1'),
      v.transform(Number),
    ),
    '0.1',
  ),
  SENTRY_ENVIRONMENT: v.optional(v.string()),
  SSO_SANDBOX: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
  SSO_CLIENTS: v.optional(
    v.pipe(
      v.string(),
      v.parseJson(undefined, 'must be JSON: {"<issuer url>": {"client_id": "...", "client_secret": "..."}}'),
      v.record(
        v.pipe(v.string(), v.url('must be keyed by issuer URLs')),
        v.object({ client_id: v.pipe(v.string(), v.minLength(1)), client_secret: v.string() }),
        'must be JSON: {"<issuer url>": {"client_id": "...", "client_secret": "..."}}',
      ),
    ),
  ),
  SIGN_IN_PROVIDERS: v.optional(
    v.pipe(
      v.string(),
      v.parseJson(undefined, signInProvidersShape),
      v.record(
        v.picklist(signInProviders, signInProvidersShape),
        v.object(
          {
            issuer: v.pipe(v.string(), v.url('must have an issuer URL')),
            client_id: v.pipe(v.string(), v.minLength(1, 'must have a client_id')),
            client_secret: v.string(),
          },
          signInProvidersShape,
        ),
        signInProvidersShape,
      ),
    ),
  ),
  SSO_SAML_PROVIDERS: v.optional(
    v.pipe(
      v.string(),
      v.parseJson(undefined, samlProvidersShape),
      v.record(
        v.pipe(v.string(), v.minLength(1, 'must be keyed by entity ids')),
        v.object({
          entry_point: v.pipe(v.string(), v.url('must have an entry_point URL')),
          certificate: v.pipe(
            v.string(),
            v.regex(/^[-\sA-Za-z0-9+/=]+$/, 'must have the PEM or base64 certificate'),
            v.minLength(100, 'must have the PEM or base64 certificate'),
          ),
        }),
        samlProvidersShape,
      ),
    ),
  ),
  SSO_STATE_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  IDENTIFICATION_SANDBOX_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')),
  ),
  OPERATOR_TOKEN: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  MAX_DOCUMENT_MB: v.optional(megabytes),
  MAX_REQUEST_MB: v.optional(megabytes),
  MAX_PAGES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,4}$/, 'must be a whole number from 1 to 99999, e.g. 1000'),
      v.transform(Number),
    ),
  ),
  FREE_SIGNATURES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'must be a whole number from 0 to 999999, e.g. 10'),
      v.transform(Number),
    ),
  ),
  // The timestamp authority's certificate is valid ten years and is replaced at twice this: less than half.
  ARCHIVE_TIMESTAMP_RENEWAL_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,3}$/, 'must be a whole number of days from 1 to 1800, e.g. 365'),
      v.transform(Number),
      v.maxValue(1800, 'must be a whole number of days from 1 to 1800, e.g. 365'),
    ),
  ),
  // Never less than a certificate the CA issues lasts and a month, so none outlives its CA; at most a year short
  // of the CA's lifetime, so that each CA issues a year before the next one.
  ISSUING_CA_RENEWAL_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, issuingCaRenewalRange),
      v.transform(Number),
      v.minValue(minIssuingRenewBeforeDays, issuingCaRenewalRange),
      v.maxValue(maxIssuingRenewBeforeDays, issuingCaRenewalRange),
    ),
  ),
  ROOT_CA_RENEWAL_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, rootCaRenewalRange),
      v.transform(Number),
      v.minValue(minRootRenewBeforeDays, rootCaRenewalRange),
      v.maxValue(maxRootRenewBeforeDays, rootCaRenewalRange),
    ),
  ),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('must be an http:// or https:// URL'))),
  S3_BUCKET: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
  ),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  S3_REGION: v.optional(v.string()),
  STRIPE_SECRET_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key')),
  ),
  STRIPE_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.startsWith('whsec_', 'must be a Stripe webhook secret')),
  ),
  STRIPE_PUBLISHABLE_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^pk_(test|live)_/, 'must be a Stripe publishable key')),
  ),
  TWILIO_ACCOUNT_SID: v.optional(
    v.pipe(v.string(), v.regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account SID (AC and 32 hex digits)')),
  ),
  TWILIO_AUTH_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be a Twilio auth token'))),
  TWILIO_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
        'must be a number such as +41791234567 or an alphanumeric sender ID of up to 11 characters',
      ),
    ),
  ),
  TWILIO_MESSAGING_SERVICE_SID: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^MG[0-9a-f]{32}$/, 'must be a Twilio messaging service SID (MG and 32 hex digits)'),
    ),
  ),
  TWILIO_API_URL: v.optional(baseUrl),
  IDNOW_GATEWAY_URL: v.optional(baseUrl, 'https://gateway.idnow.de'),
  IDNOW_GO_URL: v.optional(baseUrl, 'https://go.idnow.de'),
  // The issuer is compared as it is with the one its discovery document names: no slash trimmed.
  ID_AUSTRIA_ISSUER: v.optional(httpUrl),
  ID_AUSTRIA_CLIENT_ID: v.optional(httpUrl),
  ID_AUSTRIA_CLIENT_SECRET: v.optional(v.string()),
  CSC_BASE_URL: v.optional(baseUrl),
  CSC_CLIENT_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  CSC_CLIENT_SECRET: v.optional(v.string()),
  CSC_TRUST_ANCHORS: v.optional(
    v.pipe(
      v.string(),
      v.transform((pem) => fromPem('CERTIFICATE', pem)),
      v.minLength(1, 'must hold the QTSP’s root CA certificates as PEM (-----BEGIN CERTIFICATE-----…)'),
    ),
  ),
  SELLER_NAME: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must be the name invoices are issued in'),
      v.maxLength(200, 'must be at most 200 characters'),
    ),
  ),
  SELLER_ADDRESS: v.optional(
    v.pipe(
      v.string(),
      v.transform((address) => address.split(';').map((line) => line.trim())),
      v.check(
        (lines) => lines.length >= 2 && lines.every((line) => line !== '' && line.length <= 200),
        'must be the address lines separated by ";", e.g. Bahnhofstrasse 1; 8001 Zürich; Switzerland',
      ),
    ),
  ),
  SELLER_VAT_NUMBER: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^CHE-\d{3}\.\d{3}\.\d{3} (MWST|TVA|IVA)$/,
        'must be a Swiss VAT number, e.g. CHE-123.456.789 MWST',
      ),
    ),
  ),
  BACKUP_DIR: v.optional(v.string()),
  BACKUP_KEEP: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,2}$/, 'must be a number of archives from 1 to 999, e.g. 7'),
      v.transform(Number),
    ),
    '7',
  ),
  TRUSTED_PROXIES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d$/, 'must be a number of proxies from 0 to 9, e.g. 1'),
      v.transform(Number),
    ),
  ),
  JOB_HAND_BACK_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'must be a whole number of seconds from 0 to 999, e.g. 10'),
      v.transform((seconds) => Number(seconds) * 1000),
    ),
  ),
  KEY_ENCRYPTION_KEY: v.optional(keyEncryptionKey),
  KEY_ENCRYPTION_KEY_PREVIOUS: v.optional(keyEncryptionKey),
})

/** Variables that go together: one set without the others names the first missing and the ones set. */
function setTogether(variables: Record<string, unknown>): void {
  const entries = Object.entries(variables)
  const set = entries.filter(([, value]) => value !== undefined).map(([variable]) => variable)
  if (set.length === 0) return
  const missing = entries.find(([, value]) => value === undefined)?.[0]
  if (missing !== undefined)
    throw new ConfigError(missing, `Invalid configuration: ${missing} must be set with ${set.join(' and ')}`)
}

/** The referral service's credentials (SPEC §7 CELLO_PRODUCT_ID, CELLO_PRODUCT_SECRET) and CELLO_SANDBOX. */
export type ReferralConfig = { productId: string; productSecret: string; sandbox: boolean }

/**
 * Reads the configuration from environment variables; an empty variable counts as unset. Throws a
 * {@link ConfigError} naming the first wrong variable.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const result = v.safeParse(envSchema, present)
  if (!result.success) {
    const issue = result.issues[0]
    const variable = String(issue.path?.[0]?.key ?? 'environment')
    const got = secretVariables.has(variable) ? '' : ` (got ${JSON.stringify(issue.input)})`
    throw new ConfigError(variable, `Invalid configuration: ${variable} ${issue.message}${got}`)
  }
  if (result.output.APP_MODE === 'production' && result.output.KEY_ENCRYPTION_KEY === undefined) {
    throw new ConfigError(
      'KEY_ENCRYPTION_KEY',
      'Invalid configuration: KEY_ENCRYPTION_KEY must be set in production: 32 random bytes in base64 (openssl rand -base64 32), which seal the private keys at rest',
    )
  }
  if (result.output.APP_MODE === 'production' && result.output.MARKETING_FORM_URL === 'sandbox') {
    throw new ConfigError(
      'MARKETING_FORM_URL',
      'Invalid configuration: MARKETING_FORM_URL must not be sandbox in production',
    )
  }
  if (result.output.APP_MODE === 'production' && result.output.CELLO_SANDBOX === 'true') {
    throw new ConfigError(
      'CELLO_SANDBOX',
      'Invalid configuration: CELLO_SANDBOX must not be true in production',
    )
  }
  if (result.output.APP_MODE === 'production' && result.output.SSO_SANDBOX === 'true') {
    throw new ConfigError('SSO_SANDBOX', 'Invalid configuration: SSO_SANDBOX must not be true in production')
  }
  // On PostgreSQL several processes may share the work; a sign-in begun on one and ended on another needs
  // the key of its state cookie to be the same everywhere.
  const shared = result.output
  if (shared.DATABASE_URL && (shared.SSO_CLIENTS || shared.SIGN_IN_PROVIDERS) && !shared.SSO_STATE_SECRET) {
    throw new ConfigError(
      'SSO_STATE_SECRET',
      `Invalid configuration: SSO_STATE_SECRET must be set with ${shared.SSO_CLIENTS ? 'SSO_CLIENTS' : 'SIGN_IN_PROVIDERS'} and DATABASE_URL, the same in every server process`,
    )
  }
  const { PORT, DATA_DIR, DATABASE_URL, APP_MODE, PUBLIC_URL, LOG_LEVEL, SMTP_URL, MAIL_FROM } = result.output
  const { STATUS_PAGE_URL, STATUS_PAGE_FILE, MAINTENANCE_BLOCKING_PATTERN, TERMS_VERSION, TERMS_URL } =
    result.output
  const { STAFF_EMAIL_DOMAIN, GUIDANCE_TOKEN, CELLO_PRODUCT_ID, CELLO_PRODUCT_SECRET, CELLO_SANDBOX } =
    result.output
  const { SENTRY_DSN, SENTRY_DISABLED, SENTRY_TRACES_SAMPLE_RATE, SENTRY_ENVIRONMENT } = result.output
  const { SSO_SANDBOX, SSO_CLIENTS, SSO_STATE_SECRET, MAX_DOCUMENT_MB, MAX_REQUEST_MB } = result.output
  const { SSO_SAML_PROVIDERS, SIGN_IN_PROVIDERS } = result.output
  const bothProtocols = Object.keys(SSO_SAML_PROVIDERS ?? {}).find((issuer) => SSO_CLIENTS?.[issuer])
  if (bothProtocols !== undefined) {
    throw new ConfigError(
      'SSO_SAML_PROVIDERS',
      'Invalid configuration: SSO_SAML_PROVIDERS must not name an issuer of SSO_CLIENTS',
    )
  }
  const { FREE_SIGNATURES, TRUSTED_PROXIES, OPERATOR_TOKEN, JOB_HAND_BACK_SECONDS } = result.output
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = result.output
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY } = result.output
  if (STRIPE_SECRET_KEY !== undefined) {
    for (const [variable, value] of Object.entries({ STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY })) {
      if (value === undefined)
        throw new ConfigError(
          variable,
          `Invalid configuration: ${variable} must be set with STRIPE_SECRET_KEY`,
        )
    }
  }
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_MESSAGING_SERVICE_SID, TWILIO_API_URL } =
    result.output
  if (TWILIO_ACCOUNT_SID !== undefined && TWILIO_AUTH_TOKEN === undefined)
    throw new ConfigError(
      'TWILIO_AUTH_TOKEN',
      'Invalid configuration: TWILIO_AUTH_TOKEN must be set with TWILIO_ACCOUNT_SID',
    )
  const twilioSender =
    TWILIO_FROM !== undefined
      ? { from: TWILIO_FROM }
      : TWILIO_MESSAGING_SERVICE_SID !== undefined
        ? { messagingServiceSid: TWILIO_MESSAGING_SERVICE_SID }
        : undefined
  if (
    TWILIO_ACCOUNT_SID !== undefined &&
    (twilioSender === undefined || (TWILIO_FROM !== undefined && TWILIO_MESSAGING_SERVICE_SID !== undefined))
  )
    throw new ConfigError(
      'TWILIO_FROM',
      'Invalid configuration: TWILIO_ACCOUNT_SID needs one sender, TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
    )
  const idnowCompanies = idnowProducts.flatMap((product) => {
    const variables = idnowVariables(product)
    const companyId = present[variables.companyId]
    const apiKey = present[variables.apiKey]
    if (companyId === undefined && apiKey === undefined) return []
    if (companyId === undefined || apiKey === undefined) {
      const missing = companyId === undefined ? variables.companyId : variables.apiKey
      const other = companyId === undefined ? variables.apiKey : variables.companyId
      throw new ConfigError(missing, `Invalid configuration: ${missing} must be set with ${other}`)
    }
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(companyId))
      throw new ConfigError(
        variables.companyId,
        `Invalid configuration: ${variables.companyId} must be an IDnow company id (got ${JSON.stringify(companyId)})`,
      )
    return [[product, { companyId, apiKey }] as const]
  })
  const { ID_AUSTRIA_ISSUER, ID_AUSTRIA_CLIENT_ID, ID_AUSTRIA_CLIENT_SECRET } = result.output
  const idAustria = { ID_AUSTRIA_ISSUER, ID_AUSTRIA_CLIENT_ID, ID_AUSTRIA_CLIENT_SECRET }
  setTogether(idAustria)
  const { CSC_BASE_URL, CSC_CLIENT_ID, CSC_CLIENT_SECRET, CSC_TRUST_ANCHORS } = result.output
  setTogether({ CSC_BASE_URL, CSC_CLIENT_ID, CSC_CLIENT_SECRET, CSC_TRUST_ANCHORS })
  const { SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_NUMBER } = result.output
  const { ISSUING_CA_RENEWAL_DAYS, ROOT_CA_RENEWAL_DAYS } = result.output
  // The default root margin exceeds the largest issuing one: only a configured one can be too short.
  const issuingRenewalDays = ISSUING_CA_RENEWAL_DAYS ?? 1095
  if (ROOT_CA_RENEWAL_DAYS !== undefined && ROOT_CA_RENEWAL_DAYS < issuingRenewalDays + rootRenewalLeadDays) {
    throw new ConfigError(
      'ROOT_CA_RENEWAL_DAYS',
      `Invalid configuration: ROOT_CA_RENEWAL_DAYS must be at least ${rootRenewalLeadDays} days more than ISSUING_CA_RENEWAL_DAYS (${issuingRenewalDays}), so that the issuing CA is renewed under the new root (got ${ROOT_CA_RENEWAL_DAYS})`,
    )
  }
  setTogether({ SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_NUMBER })
  setTogether({ CELLO_PRODUCT_ID, CELLO_PRODUCT_SECRET })
  if (S3_ENDPOINT !== undefined) {
    for (const [variable, value] of Object.entries({ S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY })) {
      if (value === undefined)
        throw new ConfigError(variable, `Invalid configuration: ${variable} must be set with S3_ENDPOINT`)
    }
  }
  return {
    port: PORT,
    dataDir: DATA_DIR,
    database: DATABASE_URL
      ? { driver: 'postgres', url: DATABASE_URL }
      : { driver: 'pglite', dir: join(DATA_DIR, 'db') },
    appMode: APP_MODE,
    publicUrl: PUBLIC_URL ?? `http://localhost:${PORT}`,
    logLevel: LOG_LEVEL,
    ...(SMTP_URL === undefined ? {} : { smtpUrl: SMTP_URL }),
    ...(MAIL_FROM === undefined ? {} : { mailFrom: MAIL_FROM }),
    statusPage: STATUS_PAGE_URL
      ? { kind: 'url', url: STATUS_PAGE_URL }
      : { kind: 'file', path: STATUS_PAGE_FILE ?? join(DATA_DIR, 'status.json') },
    maintenanceBlockingPattern: MAINTENANCE_BLOCKING_PATTERN,
    termsVersion: TERMS_VERSION,
    termsUrl: TERMS_URL,
    staffEmailDomain: STAFF_EMAIL_DOMAIN,
    guidanceToken: GUIDANCE_TOKEN,
    marketingFormUrl: result.output.MARKETING_FORM_URL,
    referral:
      CELLO_PRODUCT_ID === undefined || CELLO_PRODUCT_SECRET === undefined
        ? undefined
        : {
            productId: CELLO_PRODUCT_ID,
            productSecret: CELLO_PRODUCT_SECRET,
            sandbox: CELLO_SANDBOX === 'true',
          },
    errorReporting: SENTRY_DSN
      ? {
          dsn: SENTRY_DSN,
          disabled: SENTRY_DISABLED === 'true',
          tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE,
          environment: SENTRY_ENVIRONMENT ?? APP_MODE,
        }
      : null,
    ...(SSO_SANDBOX === undefined ? {} : { ssoSandbox: SSO_SANDBOX === 'true' }),
    ...(SSO_CLIENTS === undefined
      ? {}
      : {
          ssoClients: Object.fromEntries(
            Object.entries(SSO_CLIENTS).map(([issuer, client]) => [
              issuer,
              { clientId: client.client_id, clientSecret: client.client_secret },
            ]),
          ),
        }),
    ...(SIGN_IN_PROVIDERS === undefined
      ? {}
      : {
          signInProviders: Object.fromEntries(
            Object.entries(SIGN_IN_PROVIDERS).map(([provider, registration]) => [
              provider,
              {
                issuer: registration.issuer,
                clientId: registration.client_id,
                clientSecret: registration.client_secret,
              },
            ]),
          ),
        }),
    ...(SSO_SAML_PROVIDERS === undefined
      ? {}
      : {
          ssoSamlProviders: Object.fromEntries(
            Object.entries(SSO_SAML_PROVIDERS).map(([entityId, provider]) => [
              entityId,
              { entryPoint: provider.entry_point, certificate: provider.certificate },
            ]),
          ),
        }),
    ...(SSO_STATE_SECRET === undefined ? {} : { ssoStateSecret: SSO_STATE_SECRET }),
    ...(result.output.IDENTIFICATION_SANDBOX_SECRET === undefined
      ? {}
      : { identificationSandboxSecret: result.output.IDENTIFICATION_SANDBOX_SECRET }),
    ...(OPERATOR_TOKEN === undefined ? {} : { operatorToken: OPERATOR_TOKEN }),
    ...(MAX_DOCUMENT_MB === undefined ? {} : { maxDocumentBytes: MAX_DOCUMENT_MB }),
    ...(MAX_REQUEST_MB === undefined ? {} : { maxRequestBytes: MAX_REQUEST_MB }),
    ...(result.output.MAX_PAGES === undefined ? {} : { maxPages: result.output.MAX_PAGES }),
    ...(FREE_SIGNATURES === undefined ? {} : { freeSignatures: FREE_SIGNATURES }),
    ...(result.output.ARCHIVE_TIMESTAMP_RENEWAL_DAYS === undefined
      ? {}
      : { archiveRenewalDays: result.output.ARCHIVE_TIMESTAMP_RENEWAL_DAYS }),
    ...(ISSUING_CA_RENEWAL_DAYS === undefined ? {} : { issuingCaRenewalDays: ISSUING_CA_RENEWAL_DAYS }),
    ...(ROOT_CA_RENEWAL_DAYS === undefined ? {} : { rootCaRenewalDays: ROOT_CA_RENEWAL_DAYS }),
    ...(TRUSTED_PROXIES === undefined ? {} : { trustedProxies: TRUSTED_PROXIES }),
    ...(JOB_HAND_BACK_SECONDS === undefined ? {} : { jobHandBackMs: JOB_HAND_BACK_SECONDS }),
    ...(STRIPE_SECRET_KEY === undefined || !STRIPE_WEBHOOK_SECRET || !STRIPE_PUBLISHABLE_KEY
      ? {}
      : {
          stripe: {
            secretKey: STRIPE_SECRET_KEY,
            webhookSecret: STRIPE_WEBHOOK_SECRET,
            publishableKey: STRIPE_PUBLISHABLE_KEY,
          },
        }),
    ...(TWILIO_ACCOUNT_SID === undefined || TWILIO_AUTH_TOKEN === undefined || twilioSender === undefined
      ? {}
      : {
          twilio: {
            accountSid: TWILIO_ACCOUNT_SID,
            authToken: TWILIO_AUTH_TOKEN,
            sender: twilioSender,
            ...(TWILIO_API_URL === undefined ? {} : { apiUrl: TWILIO_API_URL }),
          },
        }),
    ...(idnowCompanies.length === 0
      ? {}
      : {
          idnow: {
            gatewayUrl: result.output.IDNOW_GATEWAY_URL,
            goUrl: result.output.IDNOW_GO_URL,
            companies: Object.fromEntries(idnowCompanies),
          },
        }),
    ...(ID_AUSTRIA_ISSUER === undefined || !ID_AUSTRIA_CLIENT_ID || !ID_AUSTRIA_CLIENT_SECRET
      ? {}
      : {
          idAustria: {
            issuer: ID_AUSTRIA_ISSUER,
            clientId: ID_AUSTRIA_CLIENT_ID,
            clientSecret: ID_AUSTRIA_CLIENT_SECRET,
          },
        }),
    ...(CSC_BASE_URL === undefined ||
    CSC_CLIENT_ID === undefined ||
    CSC_CLIENT_SECRET === undefined ||
    CSC_TRUST_ANCHORS === undefined
      ? {}
      : {
          csc: {
            baseUrl: CSC_BASE_URL,
            clientId: CSC_CLIENT_ID,
            clientSecret: CSC_CLIENT_SECRET,
            trustAnchors: CSC_TRUST_ANCHORS,
          },
        }),
    ...(S3_ENDPOINT === undefined || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY
      ? {}
      : {
          s3: {
            endpoint: S3_ENDPOINT,
            bucket: S3_BUCKET,
            accessKeyId: S3_ACCESS_KEY_ID,
            secretAccessKey: S3_SECRET_ACCESS_KEY,
            ...(S3_REGION === undefined ? {} : { region: S3_REGION }),
          },
        }),
    ...(SELLER_NAME === undefined || SELLER_ADDRESS === undefined || SELLER_VAT_NUMBER === undefined
      ? {}
      : { seller: { name: SELLER_NAME, address: SELLER_ADDRESS, vatNumber: SELLER_VAT_NUMBER } }),
    ...(result.output.BACKUP_DIR === undefined
      ? {}
      : { backup: { dir: result.output.BACKUP_DIR, keep: result.output.BACKUP_KEEP } }),
    ...(result.output.KEY_ENCRYPTION_KEY === undefined
      ? {}
      : { keyEncryptionKey: result.output.KEY_ENCRYPTION_KEY }),
    ...(result.output.KEY_ENCRYPTION_KEY_PREVIOUS === undefined
      ? {}
      : { previousKeyEncryptionKey: result.output.KEY_ENCRYPTION_KEY_PREVIOUS }),
  }
}
