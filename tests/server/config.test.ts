import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { toPem } from '../../server/signing/pem.ts'

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

const productionKey = randomBytes(32).toString('base64')

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      dataDir: './data',
      database: { driver: 'pglite', dir: join('./data', 'db') },
      appMode: 'development',
      publicUrl: 'http://localhost:8080',
      logLevel: 'info',
      statusPage: { kind: 'file', path: join('./data', 'status.json') },
      maintenanceBlockingPattern: '^(Signing|Platform)',
      termsVersion: '2026-01',
      errorReporting: null,
    })
  })

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '3000',
        DATA_DIR: '/srv/signet',
        DATABASE_URL: 'postgres://signet:secret@db.internal:5432/signet',
        APP_MODE: 'production',
        PUBLIC_URL: 'https://sign.example.ch/',
        LOG_LEVEL: 'warn',
        STATUS_PAGE_URL: 'https://status.example.ch/api/v2/summary.json',
        MAINTENANCE_BLOCKING_PATTERN: '^Signing$',
        TERMS_VERSION: '2026-06',
        TERMS_URL: 'https://sign.example.ch/terms',
        STAFF_EMAIL_DOMAIN: 'Staff.Example.ch',
        GUIDANCE_TOKEN: 'NX-98ii14b',
        SENTRY_DSN: 'https://key@errors.example.ch/4',
        SENTRY_TRACES_SAMPLE_RATE: '0.25',
        SENTRY_ENVIRONMENT: 'prod-ch',
        TRUSTED_PROXIES: '1',
        JOB_HAND_BACK_SECONDS: '20',
        KEY_ENCRYPTION_KEY: productionKey,
      }),
    ).toEqual({
      port: 3000,
      dataDir: '/srv/signet',
      database: { driver: 'postgres', url: 'postgres://signet:secret@db.internal:5432/signet' },
      appMode: 'production',
      publicUrl: 'https://sign.example.ch',
      logLevel: 'warn',
      statusPage: { kind: 'url', url: 'https://status.example.ch/api/v2/summary.json' },
      maintenanceBlockingPattern: '^Signing$',
      termsVersion: '2026-06',
      termsUrl: 'https://sign.example.ch/terms',
      staffEmailDomain: 'staff.example.ch',
      guidanceToken: 'NX-98ii14b',
      errorReporting: {
        dsn: 'https://key@errors.example.ch/4',
        disabled: false,
        tracesSampleRate: 0.25,
        environment: 'prod-ch',
      },
      trustedProxies: 1,
      jobHandBackMs: 20_000,
      keyEncryptionKey: expect.objectContaining({ type: 'secret', symmetricKeySize: 32 }),
    })
  })

  it('derives the public URL from the port and treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '9090', DATABASE_URL: '', APP_MODE: '' })
    expect(config.publicUrl).toBe('http://localhost:9090')
    expect(config.database.driver).toBe('pglite')
    expect(config.appMode).toBe('development')
  })

  it('renews the issuing CA 1095 days before its end unless ISSUING_CA_RENEWAL_DAYS says otherwise', () => {
    expect(loadConfig({}).issuingCaRenewalDays).toBeUndefined()
    expect(loadConfig({ ISSUING_CA_RENEWAL_DAYS: '760' }).issuingCaRenewalDays).toBe(760)
    expect(loadConfig({ ISSUING_CA_RENEWAL_DAYS: '3285' }).issuingCaRenewalDays).toBe(3285)
  })

  it('renews the root CA 3650 days before its end unless ROOT_CA_RENEWAL_DAYS says otherwise', () => {
    expect(loadConfig({}).rootCaRenewalDays).toBeUndefined()
    expect(
      loadConfig({ ROOT_CA_RENEWAL_DAYS: '790', ISSUING_CA_RENEWAL_DAYS: '760' }).rootCaRenewalDays,
    ).toBe(790)
    expect(loadConfig({ ROOT_CA_RENEWAL_DAYS: '6935' }).rootCaRenewalDays).toBe(6935)
    expect(
      loadConfig({ ROOT_CA_RENEWAL_DAYS: '3315', ISSUING_CA_RENEWAL_DAYS: '3285' }).rootCaRenewalDays,
    ).toBe(3315)
  })

  it('refuses a root CA renewed less than a month sooner than the issuing CA, naming the rule', () => {
    for (const env of [
      { ROOT_CA_RENEWAL_DAYS: '1124' } as Record<string, string>,
      { ROOT_CA_RENEWAL_DAYS: '3314', ISSUING_CA_RENEWAL_DAYS: '3285' },
    ]) {
      const error = configError(env)
      expect(error.variable).toBe('ROOT_CA_RENEWAL_DAYS')
      expect(error.message).toMatch(
        /^Invalid configuration: ROOT_CA_RENEWAL_DAYS must be at least 30 days more than ISSUING_CA_RENEWAL_DAYS \((1095|3285)\), so that the issuing CA is renewed under the new root \(got \d+\)$/,
      )
    }
  })

  it('accepts port 0 (any free port) and postgresql:// URLs', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0)
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/signet' }).database.driver).toBe('postgres')
  })

  it.each([
    ['PORT', 'eighty', /^Invalid configuration: PORT must be an integer from 0 to 65535 \(got "eighty"\)$/],
    ['PORT', '65536', /PORT must be an integer from 0 to 65535/],
    ['PORT', '-1', /PORT must be an integer/],
    ['PORT', '80.5', /PORT must be an integer/],
    [
      'APP_MODE',
      'prod',
      /^Invalid configuration: APP_MODE must be one of development, staging, production \(got "prod"\)$/,
    ],
    [
      'DATABASE_URL',
      'mysql://root@localhost/signet',
      /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    ['DATABASE_URL', 'postgres://', /DATABASE_URL must be a postgres:\/\//],
    ['PUBLIC_URL', 'sign.example.ch', /PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/],
    ['MAINTENANCE_BLOCKING_PATTERN', '(', /MAINTENANCE_BLOCKING_PATTERN must be a regular expression/],
    ['SENTRY_TRACES_SAMPLE_RATE', '2', /SENTRY_TRACES_SAMPLE_RATE must be a number from 0 to 1/],
    ['SENTRY_DISABLED', 'yes', /SENTRY_DISABLED must be true or false/],
    ['TERMS_VERSION', 'June', /TERMS_VERSION must be a date like 2026-01/],
    ['TERMS_URL', 'sign.example.ch/terms', /TERMS_URL must be an http:\/\/ or https:\/\/ URL/],
    ['STAFF_EMAIL_DOMAIN', '@staff.example.ch', /STAFF_EMAIL_DOMAIN must be a domain, e.g. signet.example/],
    ['GUIDANCE_TOKEN', 'NX 98', /GUIDANCE_TOKEN must be the guidance service app token, e.g. NX-98ii14b/],
    ['LOG_LEVEL', 'verbose', /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
    ['TRUSTED_PROXIES', 'yes', /TRUSTED_PROXIES must be a number of proxies from 0 to 9/],
    ['TRUSTED_PROXIES', '10', /TRUSTED_PROXIES must be a number of proxies from 0 to 9/],
    ['FREE_SIGNATURES', 'ten', /FREE_SIGNATURES must be a whole number from 0 to 999999, e.g. 10/],
    ['FREE_SIGNATURES', '1000000', /FREE_SIGNATURES must be a whole number from 0 to 999999, e.g. 10/],
    [
      'ARCHIVE_TIMESTAMP_RENEWAL_DAYS',
      'a year',
      /ARCHIVE_TIMESTAMP_RENEWAL_DAYS must be a whole number of days from 1 to 1800, e.g. 365/,
    ],
    [
      'ARCHIVE_TIMESTAMP_RENEWAL_DAYS',
      '1900',
      /ARCHIVE_TIMESTAMP_RENEWAL_DAYS must be a whole number of days from 1 to 1800, e.g. 365/,
    ],
    [
      'ISSUING_CA_RENEWAL_DAYS',
      'a while',
      /ISSUING_CA_RENEWAL_DAYS must be a whole number of days from 760 \(a certificate the CA issues lasts 730 days, and a month\) to 3285, e.g. 1095/,
    ],
    [
      'ISSUING_CA_RENEWAL_DAYS',
      '759',
      /ISSUING_CA_RENEWAL_DAYS must be a whole number of days from 760 \(a certificate the CA issues lasts 730 days, and a month\) to 3285, e.g. 1095/,
    ],
    [
      'ISSUING_CA_RENEWAL_DAYS',
      '3286',
      /ISSUING_CA_RENEWAL_DAYS must be a whole number of days from 760 \(a certificate the CA issues lasts 730 days, and a month\) to 3285, e.g. 1095/,
    ],
    [
      'ROOT_CA_RENEWAL_DAYS',
      'ten years',
      /ROOT_CA_RENEWAL_DAYS must be a whole number of days from 790 to 6935, e.g. 3650/,
    ],
    ['ROOT_CA_RENEWAL_DAYS', '789', /ROOT_CA_RENEWAL_DAYS must be a whole number of days from 790 to 6935/],
    ['ROOT_CA_RENEWAL_DAYS', '6936', /ROOT_CA_RENEWAL_DAYS must be a whole number of days from 790 to 6935/],
    ['BACKUP_KEEP', '0', /BACKUP_KEEP must be a number of archives from 1 to 999, e.g. 7/],
    ['JOB_HAND_BACK_SECONDS', '1.5', /JOB_HAND_BACK_SECONDS must be a whole number of seconds from 0 to 999/],
  ])('rejects %s=%s naming the variable', (variable, value, message) => {
    const error = configError({ [variable]: value })
    expect(error.variable).toBe(variable)
    expect(error.message).toMatch(message)
  })

  it('backs up each night into BACKUP_DIR when it is set, keeping seven archives unless BACKUP_KEEP says', () => {
    expect(loadConfig({ BACKUP_DIR: '/srv/backups' }).backup).toEqual({ dir: '/srv/backups', keep: 7 })
    expect(loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_KEEP: '30' }).backup).toEqual({
      dir: '/srv/backups',
      keep: 30,
    })
  })

  it('requires the sign-in state key when processes share a PostgreSQL database and SSO is on', () => {
    const clients = JSON.stringify({ 'https://idp.example.ch': { client_id: 'a', client_secret: 'b' } })
    const shared = { DATABASE_URL: 'postgres://localhost/signet', SSO_CLIENTS: clients }
    const error = configError(shared)
    expect(error.variable).toBe('SSO_STATE_SECRET')
    expect(error.message).toMatch(/SSO_STATE_SECRET must be set with SSO_CLIENTS and DATABASE_URL/)
    const secret = 'k'.repeat(32)
    expect(loadConfig({ ...shared, SSO_STATE_SECRET: secret }).ssoStateSecret).toBe(secret)
    // One embedded database is one process: its random key is enough.
    expect(loadConfig({ SSO_CLIENTS: clients }).ssoStateSecret).toBeUndefined()
  })

  it('stores files in an S3-compatible bucket when S3_ENDPOINT is set, and names what is missing', () => {
    const s3 = {
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'signet',
      S3_ACCESS_KEY_ID: 'signet',
      S3_SECRET_ACCESS_KEY: 'very secret',
    }
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'signet',
      accessKeyId: 'signet',
      secretAccessKey: 'very secret',
    })
    expect(loadConfig({ ...s3, S3_REGION: 'eu-central-2' }).s3?.region).toBe('eu-central-2')
    expect(loadConfig({}).s3).toBeUndefined()
    const missing = configError({ ...s3, S3_SECRET_ACCESS_KEY: '' })
    expect(missing.variable).toBe('S3_SECRET_ACCESS_KEY')
    expect(missing.message).toMatch(/S3_SECRET_ACCESS_KEY must be set with S3_ENDPOINT/)
    expect(configError({ ...s3, S3_BUCKET: 'No_Bucket' }).variable).toBe('S3_BUCKET')
  })

  it('takes the referral service from CELLO_PRODUCT_ID and CELLO_PRODUCT_SECRET together (SPEC §7)', () => {
    const cello = { CELLO_PRODUCT_ID: 'signet-ch', CELLO_PRODUCT_SECRET: 'a-product-secret-of-cello' }
    expect(loadConfig(cello).referral).toEqual({
      productId: 'signet-ch',
      productSecret: 'a-product-secret-of-cello',
      sandbox: false,
    })
    expect(loadConfig({ ...cello, CELLO_SANDBOX: 'true' }).referral?.sandbox).toBe(true)
    expect(loadConfig({}).referral).toBeUndefined()
    const missing = configError({ CELLO_PRODUCT_ID: 'signet-ch' })
    expect(missing.variable).toBe('CELLO_PRODUCT_SECRET')
    expect(missing.message).toMatch(/CELLO_PRODUCT_SECRET must be set with CELLO_PRODUCT_ID/)
    // A short secret is refused without being repeated.
    const short = configError({ ...cello, CELLO_PRODUCT_SECRET: 'tiny-secret' })
    expect(short.message).toMatch(/CELLO_PRODUCT_SECRET must be the referral service product secret/)
    expect(short.message).not.toContain('tiny-secret')
    expect(configError({ ...cello, CELLO_PRODUCT_ID: 'signet ch' }).variable).toBe('CELLO_PRODUCT_ID')
    expect(configError({ ...cello, CELLO_SANDBOX: 'yes' }).message).toMatch(
      /CELLO_SANDBOX must be true or false/,
    )
    const production = { ...cello, APP_MODE: 'production', KEY_ENCRYPTION_KEY: productionKey }
    expect(loadConfig(production).referral?.sandbox).toBe(false)
    expect(configError({ ...production, CELLO_SANDBOX: 'true' }).message).toMatch(
      /CELLO_SANDBOX must not be true in production/,
    )
  })

  it('takes the forms service from MARKETING_FORM_URL: a submission URL, or its sandbox outside production', () => {
    const url = 'https://api.hsforms.com/submissions/v3/integration/submit/42/form-1'
    expect(loadConfig({ MARKETING_FORM_URL: url }).marketingFormUrl).toBe(url)
    expect(loadConfig({ MARKETING_FORM_URL: 'sandbox' }).marketingFormUrl).toBe('sandbox')
    expect(loadConfig({}).marketingFormUrl).toBeUndefined()
    expect(configError({ MARKETING_FORM_URL: 'hsforms' }).message).toMatch(
      /MARKETING_FORM_URL must be the forms service’s submission URL \(https:\/\/…\) or sandbox/,
    )
    const production = { APP_MODE: 'production', KEY_ENCRYPTION_KEY: productionKey }
    expect(loadConfig({ ...production, MARKETING_FORM_URL: url }).marketingFormUrl).toBe(url)
    expect(configError({ ...production, MARKETING_FORM_URL: 'sandbox' }).message).toMatch(
      /MARKETING_FORM_URL must not be sandbox in production/,
    )
  })

  it('names the seller of the invoices from SELLER_*, all three together', () => {
    const seller = {
      SELLER_NAME: 'Signet AG',
      SELLER_ADDRESS: 'Bahnhofstrasse 1; 8001 Zürich ;Switzerland',
      SELLER_VAT_NUMBER: 'CHE-123.456.789 MWST',
    }
    expect(loadConfig(seller).seller).toEqual({
      name: 'Signet AG',
      address: ['Bahnhofstrasse 1', '8001 Zürich', 'Switzerland'],
      vatNumber: 'CHE-123.456.789 MWST',
    })
    expect(loadConfig({}).seller).toBeUndefined()
    const missing = configError({ ...seller, SELLER_VAT_NUMBER: '' })
    expect(missing.variable).toBe('SELLER_VAT_NUMBER')
    expect(missing.message).toMatch(/SELLER_VAT_NUMBER must be set with SELLER_NAME and SELLER_ADDRESS/)
    expect(configError({ ...seller, SELLER_VAT_NUMBER: 'DE123456789' }).message).toMatch(
      /SELLER_VAT_NUMBER must be a Swiss VAT number/,
    )
    expect(configError({ ...seller, SELLER_ADDRESS: 'Zürich' }).variable).toBe('SELLER_ADDRESS')
  })

  it('sends SMS through Twilio when TWILIO_ACCOUNT_SID is set, with one sender, and names what is missing', () => {
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'twilio-auth-token-0123',
      TWILIO_FROM: 'Signet',
    }
    expect(loadConfig(twilio).twilio).toEqual({
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: 'twilio-auth-token-0123',
      sender: { from: 'Signet' },
    })
    const messagingServiceSid = `MG${'fedcba9876543210'.repeat(2)}`
    const viaService = { ...twilio, TWILIO_FROM: '', TWILIO_MESSAGING_SERVICE_SID: messagingServiceSid }
    expect(loadConfig(viaService).twilio?.sender).toEqual({ messagingServiceSid })
    const region = { ...twilio, TWILIO_API_URL: 'https://api.dublin.ie1.twilio.com/' }
    expect(loadConfig(region).twilio?.apiUrl).toBe('https://api.dublin.ie1.twilio.com')
    expect(loadConfig({}).twilio).toBeUndefined()
    expect(configError({ ...twilio, TWILIO_AUTH_TOKEN: '' }).variable).toBe('TWILIO_AUTH_TOKEN')
    expect(configError({ ...twilio, TWILIO_FROM: '' }).message).toMatch(
      /needs one sender, TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID/,
    )
    expect(configError({ ...twilio, TWILIO_MESSAGING_SERVICE_SID: messagingServiceSid }).variable).toBe(
      'TWILIO_FROM',
    )
    expect(configError({ ...twilio, TWILIO_FROM: '079 123' }).variable).toBe('TWILIO_FROM')
    const wrongToken = configError({ ...twilio, TWILIO_AUTH_TOKEN: 'short' })
    expect(wrongToken.variable).toBe('TWILIO_AUTH_TOKEN')
    expect(wrongToken.message).not.toContain('short')
  })

  it('runs IDnow for the methods whose company is set, and names the half of a company that is missing', () => {
    const zertesVideo = { IDNOW_ZERTES_VIDEO_COMPANY_ID: 'acmezv', IDNOW_ZERTES_VIDEO_API_KEY: 'secret-key' }
    expect(loadConfig(zertesVideo).idnow).toEqual({
      gatewayUrl: 'https://gateway.idnow.de',
      goUrl: 'https://go.idnow.de',
      companies: { zertes_video: { companyId: 'acmezv', apiKey: 'secret-key' } },
    })
    const test = loadConfig({
      ...zertesVideo,
      IDNOW_EIDAS_ROBO_COMPANY_ID: 'acmeer',
      IDNOW_EIDAS_ROBO_API_KEY: 'other-key',
      IDNOW_GATEWAY_URL: 'https://gateway.test.idnow.de/',
      IDNOW_GO_URL: 'https://go.test.idnow.de',
    }).idnow
    expect(test).toMatchObject({
      gatewayUrl: 'https://gateway.test.idnow.de',
      goUrl: 'https://go.test.idnow.de',
    })
    expect(Object.keys(test?.companies ?? {})).toEqual(['eidas_robo', 'zertes_video'])
    expect(loadConfig({}).idnow).toBeUndefined()
    const missing = configError({ IDNOW_ZERTES_AUTOIDENT_COMPANY_ID: 'acmeza' })
    expect(missing.variable).toBe('IDNOW_ZERTES_AUTOIDENT_API_KEY')
    expect(missing.message).toMatch(
      /IDNOW_ZERTES_AUTOIDENT_API_KEY must be set with IDNOW_ZERTES_AUTOIDENT_COMPANY_ID/,
    )
    const keyOnly = configError({ IDNOW_EIDAS_VIDEO_API_KEY: 'secret-key' })
    expect(keyOnly.variable).toBe('IDNOW_EIDAS_VIDEO_COMPANY_ID')
    expect(keyOnly.message).not.toContain('secret-key')
    expect(configError({ ...zertesVideo, IDNOW_ZERTES_VIDEO_COMPANY_ID: 'acme/zv' }).variable).toBe(
      'IDNOW_ZERTES_VIDEO_COMPANY_ID',
    )
    expect(configError({ ...zertesVideo, IDNOW_GO_URL: 'go.idnow.de' }).variable).toBe('IDNOW_GO_URL')
  })

  it('runs ID Austria when its issuer, client id and secret are set together, and names what is missing', () => {
    const idAustria = {
      ID_AUSTRIA_ISSUER: 'https://eid.oesterreich.gv.at',
      ID_AUSTRIA_CLIENT_ID: 'https://signet.example/id-austria',
      ID_AUSTRIA_CLIENT_SECRET: 'secret-of-the-client',
    }
    expect(loadConfig(idAustria).idAustria).toEqual({
      issuer: 'https://eid.oesterreich.gv.at',
      clientId: 'https://signet.example/id-austria',
      clientSecret: 'secret-of-the-client',
    })
    expect(loadConfig({}).idAustria).toBeUndefined()
    const noIssuer = configError({
      ID_AUSTRIA_CLIENT_ID: idAustria.ID_AUSTRIA_CLIENT_ID,
      ID_AUSTRIA_CLIENT_SECRET: idAustria.ID_AUSTRIA_CLIENT_SECRET,
    })
    expect(noIssuer.variable).toBe('ID_AUSTRIA_ISSUER')
    expect(noIssuer.message).toMatch(
      /ID_AUSTRIA_ISSUER must be set with ID_AUSTRIA_CLIENT_ID and ID_AUSTRIA_CLIENT_SECRET/,
    )
    expect(noIssuer.message).not.toContain('secret-of-the-client')
    expect(configError({ ID_AUSTRIA_CLIENT_SECRET: 'secret-of-the-client' }).variable).toBe(
      'ID_AUSTRIA_ISSUER',
    )
    // ID Austria takes a URL of the app as its client id.
    expect(configError({ ...idAustria, ID_AUSTRIA_CLIENT_ID: 'signet' }).variable).toBe(
      'ID_AUSTRIA_CLIENT_ID',
    )
  })

  it('signs qualified through the QTSP of CSC_* when all four are set, and names what is missing', () => {
    const root = new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01])
    const csc = {
      CSC_BASE_URL: 'https://qtsp.example/csc/v2/',
      CSC_CLIENT_ID: 'signet',
      CSC_CLIENT_SECRET: 'secret-of-the-qtsp-client',
      CSC_TRUST_ANCHORS: toPem('CERTIFICATE', root),
    }
    expect(loadConfig(csc).csc).toEqual({
      baseUrl: 'https://qtsp.example/csc/v2',
      clientId: 'signet',
      clientSecret: 'secret-of-the-qtsp-client',
      trustAnchors: [root],
    })
    expect(loadConfig({}).csc).toBeUndefined()
    const noUrl = configError({ ...csc, CSC_BASE_URL: '' })
    expect(noUrl.variable).toBe('CSC_BASE_URL')
    expect(noUrl.message).toMatch(
      /CSC_BASE_URL must be set with CSC_CLIENT_ID and CSC_CLIENT_SECRET and CSC_TRUST_ANCHORS/,
    )
    expect(noUrl.message).not.toContain('secret-of-the-qtsp-client')
    expect(configError({ ...csc, CSC_BASE_URL: 'qtsp.example' }).variable).toBe('CSC_BASE_URL')
    expect(configError({ ...csc, CSC_TRUST_ANCHORS: 'the root' }).message).toMatch(
      /CSC_TRUST_ANCHORS must hold the QTSP’s root CA certificates as PEM/,
    )
  })

  it('refuses production without KEY_ENCRYPTION_KEY, and reads it and the previous key as 32 bytes', () => {
    const missing = configError({ APP_MODE: 'production' })
    expect(missing.variable).toBe('KEY_ENCRYPTION_KEY')
    expect(missing.message).toBe(
      'Invalid configuration: KEY_ENCRYPTION_KEY must be set in production: 32 random bytes in base64 (openssl rand -base64 32), which seal the private keys at rest',
    )
    const previous = randomBytes(32).toString('base64')
    const config = loadConfig({
      APP_MODE: 'production',
      KEY_ENCRYPTION_KEY: productionKey,
      KEY_ENCRYPTION_KEY_PREVIOUS: previous,
    })
    expect(config.keyEncryptionKey?.export().toString('base64')).toBe(productionKey)
    expect(config.previousKeyEncryptionKey?.export().toString('base64')).toBe(previous)
    // Outside production it may be left to the key file in DATA_DIR.
    expect(loadConfig({ APP_MODE: 'staging' }).keyEncryptionKey).toBeUndefined()
    for (const variable of ['KEY_ENCRYPTION_KEY', 'KEY_ENCRYPTION_KEY_PREVIOUS']) {
      const short = randomBytes(16).toString('base64')
      const error = configError({ [variable]: short })
      expect(error.variable).toBe(variable)
      expect(error.message).toBe(
        `Invalid configuration: ${variable} must be 32 random bytes in base64, e.g. from openssl rand -base64 32`,
      )
    }
  })

  it('never repeats a database URL, which may hold a password', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:hunter2@localhost/signet' })
    expect(error.message).not.toContain('hunter2')
  })
})
