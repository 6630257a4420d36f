import { createHash, randomUUID } from 'node:crypto'
import { and, count, eq, gt, gte, isNull, lt } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { findPerson } from '../accounts/find-person.ts'
import { accessLogin } from '../api-users/access-login.ts'
import { skribbleValidations } from '../db/schema/skribble-validations.ts'
import { deleteDocument } from '../documents/delete-document.ts'
import { findDocument } from '../documents/find-document.ts'
import { insertDocument, readPdfUpload } from '../documents/upload-document.ts'
import { ApiError } from '../http/api-error.ts'
import { type AuthEnv, authenticate } from '../http/authenticate.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { sendJson } from '../http/send-json.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import { safeFileName } from '../signature-requests/safe-file-name.ts'
import { etsiValidationReport } from '../signing/etsi-validation-report.ts'
import { sealedValidationReport } from '../signing/seal-validation-report.ts'
import { validatePdfBytes } from '../signing/validate-upload.ts'
import { validationReportFacts } from '../signing/validation-report-facts.ts'
import { documentKey } from '../storage/storage-keys.ts'
import { skribbleValidationLifetimeMs } from './forget-skribble-validations.ts'
import { readSkribbleBody, readSkribbleContent } from './skribble-body.ts'
import { validateCertificate, validateCmsSignature } from './skribble-certificate-validation.ts'
import type { SkribbleServices } from './skribble-routes.ts'
import {
  checkPdf,
  claimedConformance,
  compressPdf,
  isSigned,
  pdfPermissions,
  signatureFields,
  skribbleOptimisations,
} from './skribble-tooling.ts'
import {
  type SkribbleValidationResult,
  skribbleDocumentValidation,
  withInfos,
} from './skribble-validation-answers.ts'

/** Where Skribble's validation API v1 is served, under /api. */
const base = '/skribble/validation/v1'

/** A certificate or a CMS signature is small; anything larger is refused before it is parsed. */
const signatureBytes = 1024 * 1024

/**
 * Credits of each of Skribble's operations that makes something (a validation or a tooling document), per
 * call: Signet counts one credit a call. They count, they cost nothing: Signet charges no validation.
 */
const creditsOf = {
  document: { endpoint: '/validate/document', credits: 1 },
  signature: { endpoint: '/validate/signature', credits: 1 },
  certificate: { endpoint: '/validate/certificate', credits: 1 },
  tooling: { endpoint: '/tooling/upload', credits: 1 },
} as const

const loginSchema = v.object({
  username: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
  apikey: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
})
const flag = v.optional(v.picklist(['true', 'false']))
const validateQuery = v.object({
  quality: v.optional(v.picklist(['SES', 'AES', 'QES'])),
  longTermValidation: flag,
  legislation: v.optional(v.picklist(['WORLD', 'CH', 'EU', 'CH_EU'])),
  rejectVisualDifferences: flag,
  rejectUndefinedChanges: flag,
})
const infosSchema = v.array(v.picklist(['validation', 'format', 'signer']))
const pdfaConformances = [
  'pdfa-1b',
  'pdfa-1a',
  'pdfa-2b',
  'pdfa-2u',
  'pdfa-2a',
  'pdfa-3b',
  'pdfa-3u',
  'pdfa-3a',
]
const checkQuery = v.object({ conform: v.picklist(['claimed', ...pdfaConformances]) })
const conformQuery = v.object({
  conform: v.picklist(['recommendedConformance', ...pdfaConformances]),
  allowdowngrade: flag,
  force: flag,
})
const compressQuery = v.object({ optimise: v.picklist(skribbleOptimisations), force: flag })
const periodQuery = v.object({ period: v.optional(v.pipe(v.string(), v.regex(/^\d{4}(\d{2}(\d{2})?)?$/))) })

/** The query of `c`, by `schema`; a wrong one is 400 naming the parameter. */
function queryOf<T extends v.GenericSchema>(c: Context, schema: T): v.InferOutput<T> {
  const parsed = v.safeParse(schema, c.req.query())
  if (parsed.success) return parsed.output
  const field = String(parsed.issues[0].path?.[0]?.key ?? 'query')
  throw new ApiError(400, 'request.invalid', `${field}: ${parsed.issues[0].message}`, { field })
}

/** `infos`, repeated or comma-separated. */
function infosOf(c: Context): string[] {
  const given = (c.req.queries('infos') ?? []).flatMap((value) => value.split(',')).filter((i) => i !== '')
  const parsed = v.safeParse(infosSchema, given)
  if (!parsed.success) {
    throw new ApiError(400, 'request.invalid', 'infos: validation, format or signer', { field: 'infos' })
  }
  return parsed.output
}

const notFound = () => new ApiError(404, 'route.not_found', 'No such validation of yours')

/** The first and the day after the last day of `period` (YYYY, YYYYMM, YYYYMMDD), in UTC. */
function periodRange(period: string): [Date, Date] {
  const year = Number(period.slice(0, 4))
  if (period.length === 4) return [new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1))]
  const month = Number(period.slice(4, 6)) - 1
  if (period.length === 6) return [new Date(Date.UTC(year, month, 1)), new Date(Date.UTC(year, month + 1, 1))]
  const day = Number(period.slice(6, 8))
  return [new Date(Date.UTC(year, month, day)), new Date(Date.UTC(year, month, day + 1))]
}

const monthOf = (at: Date) => `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`

/**
 * Skribble's validation API v1 (api/skribble/validation_v1) for API users, translated onto Signet's own
 * operations (see each route). What a call makes is a row of `skribble_validations`, its maker's alone:
 * another caller's id is 404, as is one older than Skribble's 10 minutes or deleted.
 *
 * - `POST /access/login`: `accessLogin` of server/api-users, the token as `accesstoken`.
 * - `POST /validate/document`: `validatePdfBytes` (the validation workers of `POST /v1/validate`); its answers
 *   (skribble-validation-answers.ts) and its ETSI TS 119 102-2 report are kept, the PDF is not.
 * - `POST /validate/signature`, `/validate/certificate`: skribble-certificate-validation.ts, against the
 *   platform's PKI.
 * - `/infos/{id}/*`, `/reports/{id}/etsi`, `DELETE /validate/{id}`: what was kept. `/reports/{id}/skribble`:
 *   the facts kept of a document validation as Signet's PDF validation report (`sealedValidationReport`), in
 *   the API user's language, sealed by the platform.
 * - `/tooling/upload`: the checks and storage of Signet's document upload (`readPdfUpload`); the processes run qpdf
 *   (skribble-tooling.ts) on it, and `GET /tooling/{id}` answers what the last one made.
 * - `/billing/credits/*`: the caller's rows counted, one credit each.
 */
export function createSkribbleValidationRoutes(services: SkribbleServices): Hono<AuthEnv> {
  const { db, now, production } = services
  const requireAuth = authenticate(services)
  const loginLimit = rateLimit({ db, name: 'access-login', limit: 20, windowMs: 60_000, now })
  const routes = new Hono<AuthEnv>()

  /** The caller's row `id` of one of `kinds`, alive. */
  const find = async (c: Context<AuthEnv>, kinds: (typeof skribbleValidations.$inferSelect.kind)[]) => {
    const id = c.req.param('id') ?? ''
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound()
    const [row] = await db
      .select()
      .from(skribbleValidations)
      .where(
        and(
          eq(skribbleValidations.id, id),
          eq(skribbleValidations.userId, c.get('auth').userId),
          isNull(skribbleValidations.deletedAt),
          gt(skribbleValidations.createdAt, new Date(now().getTime() - skribbleValidationLifetimeMs)),
        ),
      )
    if (row === undefined || !kinds.includes(row.kind)) throw notFound()
    return row
  }
  const validations = ['document', 'signature', 'certificate'] as const
  const resultOf = async (c: Context<AuthEnv>) =>
    (await find(c, [...validations])).result as unknown as SkribbleValidationResult
  const store = async (
    c: Context<AuthEnv>,
    row: Omit<typeof skribbleValidations.$inferInsert, 'userId' | 'createdAt'>,
  ) => {
    await db.insert(skribbleValidations).values({ ...row, userId: c.get('auth').userId, createdAt: now() })
  }
  const judge = () => ({ db, pki: services.platform?.pki, now: now() })

  /** `POST /validate/document`: the PDF validated by the workers; its answers and ETSI report kept. */
  const validateDocument = async (c: Context<AuthEnv>) => {
    const query = queryOf(c, validateQuery)
    const infos = infosOf(c)
    const bytes = await readSkribbleContent(c, services.limits.documentBytes)
    const report = await validatePdfBytes(
      { validator: services.validator, maxBytes: bytes.byteLength },
      bytes,
    )
    const id = randomUUID()
    const result = skribbleDocumentValidation(id, report, {
      quality: query.quality,
      longTermValidation: query.longTermValidation === 'true',
      legislation: query.legislation,
      rejectUndefinedChanges: query.rejectUndefinedChanges === 'true',
    })
    const facts = validationReportFacts(bytes, report, now())
    await store(c, {
      id,
      kind: 'document',
      result: { ...result, facts },
      etsiReport: etsiValidationReport(report, now()),
    })
    return sendJson(c, withInfos(result, infos))
  }

  routes.post(`${base}/access/login`, loginLimit, async (c) => {
    const body = await readSkribbleBody(c, loginSchema)
    const { token } = await accessLogin(
      db,
      c,
      { username: body.username, apiKey: body.apikey },
      now(),
      production,
    )
    return sendJson(c, { accesstoken: token })
  })

  routes
    .post(`${base}/validate/document`, requireAuth, (c) => {
      // Busy workers refuse before the upload is read.
      services.validator?.assertRoom()
      return validateDocument(c)
    })
    .post(`${base}/validate/signature`, requireAuth, async (c) => {
      queryOf(c, validateQuery)
      const infos = infosOf(c)
      const id = randomUUID()
      const result = await validateCmsSignature(judge(), id, await readSkribbleContent(c, signatureBytes))
      await store(c, { id, kind: 'signature', result })
      return sendJson(c, withInfos(result, infos))
    })
    .post(`${base}/validate/certificate`, requireAuth, async (c) => {
      const id = randomUUID()
      const result = await validateCertificate(judge(), id, await readSkribbleContent(c, signatureBytes))
      await store(c, { id, kind: 'certificate', result })
      return sendJson(c, result.summary)
    })
    .delete(`${base}/validate/:id`, requireAuth, async (c) => {
      const row = await find(c, [...validations])
      await db
        .update(skribbleValidations)
        .set({ deletedAt: now(), result: null, etsiReport: null })
        .where(eq(skribbleValidations.id, row.id))
      return c.body(null, 204)
    })
    .get(`${base}/infos/:id/validation`, requireAuth, async (c) =>
      sendJson(c, (await resultOf(c)).validation),
    )
    .get(`${base}/infos/:id/signers`, requireAuth, async (c) => sendJson(c, (await resultOf(c)).signer))
    .get(`${base}/infos/:id/format`, requireAuth, async (c) => sendJson(c, (await resultOf(c)).format))
    .get(`${base}/reports/:id/etsi`, requireAuth, async (c) => {
      const row = await find(c, [...validations])
      if (row.etsiReport === null) {
        throw new ApiError(404, 'route.not_found', 'An ETSI report is made of a document validation only')
      }
      return c.body(row.etsiReport, 200, { 'Content-Type': 'application/xml; charset=utf-8' })
    })
    .get(`${base}/reports/:id/skribble`, requireAuth, async (c) => {
      const { facts } = await resultOf(c)
      if (facts === undefined) {
        throw new ApiError(
          404,
          'route.not_found',
          'A validation report is made of a document validation only',
        )
      }
      const person = await findPerson(db, { userId: c.get('auth').userId })
      const locale = pickMailLocale(person?.attributes.lang?.[0], c.req.header('accept-language'))
      const pdf = await sealedValidationReport(services, facts, locale)
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="validation-report.pdf"',
      })
    })

  /** The tooling document of row `id` and its bytes. */
  const toolingDocument = async (c: Context<AuthEnv>) => {
    const row = await find(c, ['tooling'])
    if (row.documentId === null) throw notFound()
    const document = await findDocument(db, callerOf(c), row.documentId)
    const bytes = await services.storage.getBytes(documentKey(document.sha256))
    if (bytes === undefined) throw notFound()
    return { row, document, bytes }
  }
  /**
   * Stores `bytes` as a document of the caller's through the checks and storage of Signet's upload. Tooling
   * documents are never shown, so no page images are rendered for them (nor race their deletion).
   */
  const storeDocument = async (c: Context<AuthEnv>, bytes: Uint8Array, title: string) => {
    const form = new FormData()
    form.set('title', title)
    form.set(
      'file',
      new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      'document.pdf',
    )
    const request = new Request(c.req.url, { method: 'POST', body: form })
    const upload = await readPdfUpload(services, request, services.limits.documentBytes)
    return insertDocument(db, upload, c.get('auth').userId, now())
  }
  /** Keeps `bytes` as the tooling row's current document, in place of `previous`. */
  const keepProcessed = async (c: Context<AuthEnv>, rowId: string, previous: string, bytes: Uint8Array) => {
    const { title } = await findDocument(db, callerOf(c), previous)
    const document = await storeDocument(c, bytes, title)
    await db
      .update(skribbleValidations)
      .set({ documentId: document.id })
      .where(eq(skribbleValidations.id, rowId))
    await removeDocument(c, previous)
    return document
  }
  /** A tooling document goes unless a request of the caller's holds it now. */
  const removeDocument = async (c: Context<AuthEnv>, id: string) => {
    try {
      await deleteDocument(services, callerOf(c), id)
    } catch (error) {
      if (!(error instanceof ApiError && [404, 409].includes(error.status))) throw error
    }
  }

  routes
    .post(`${base}/tooling/upload`, requireAuth, async (c) => {
      const bytes = await readSkribbleContent(c, services.limits.documentBytes)
      const document = await storeDocument(c, bytes, 'Document')
      const id = randomUUID()
      await store(c, { id, kind: 'tooling', documentId: document.id })
      return sendJson(c, {
        id,
        name: document.title,
        properties: {
          sha1: createHash('sha1').update(bytes).digest('hex'),
          size: bytes.byteLength,
          pages: document.pageCount,
          claimedConformance: claimedConformance(bytes),
        },
        permissions: await pdfPermissions(services.tempDir, bytes),
      })
    })
    .post(`${base}/tooling/process/:id/check`, requireAuth, async (c) => {
      const { conform } = queryOf(c, checkQuery)
      const { bytes } = await toolingDocument(c)
      const claimed = claimedConformance(bytes)
      const target = conform === 'claimed' ? claimed : conform
      if (target.startsWith('pdfa-')) {
        throw new ApiError(
          422,
          'request.invalid',
          `conform: Signet cannot check PDF/A conformance (${target}); it checks a PDF's structure (conform=claimed of a PDF that claims no PDF/A)`,
          { field: 'conform' },
        )
      }
      const { sound, details } = await checkPdf(services.tempDir, bytes)
      return sendJson(c, {
        status: sound ? 'success' : 'failed',
        ...(sound ? { conformance: claimed } : {}),
        claimedConformance: claimed,
        recommendedConformance: claimed,
        details,
      })
    })
    .post(`${base}/tooling/process/:id/conform`, requireAuth, async (c) => {
      const { conform } = queryOf(c, conformQuery)
      const { bytes } = await toolingDocument(c)
      const claimed = claimedConformance(bytes)
      if (conform !== 'recommendedConformance') {
        throw new ApiError(
          422,
          'request.invalid',
          `conform: Signet cannot convert a document to ${conform}; its recommended conformance is the one it has (${claimed})`,
          { field: 'conform' },
        )
      }
      const { sound, details } = await checkPdf(services.tempDir, bytes)
      return sendJson(c, {
        status: sound ? 'success' : 'failed',
        ...(sound ? { conformance: claimed } : {}),
        downgraded: false,
        claimedConformance: claimed,
        details: sound
          ? ['The document has its recommended conformance already: nothing was converted']
          : details,
      })
    })
    .post(`${base}/tooling/process/:id/compress`, requireAuth, async (c) => {
      const { optimise, force } = queryOf(c, compressQuery)
      const { row, document, bytes } = await toolingDocument(c)
      if (isSigned(bytes) && force !== 'true') {
        throw new ApiError(
          422,
          'request.invalid',
          'force: the PDF is signed, and rewriting it breaks its signatures; force=true compresses it anyway',
          { field: 'force' },
        )
      }
      const { pdf, details } = await compressPdf(services.tempDir, bytes, optimise)
      if (pdf === undefined) return sendJson(c, { status: 'failed', optimisation: optimise, details })
      // A rewrite that is not smaller is not kept, unless it was for the web (linearized).
      const kept = pdf.byteLength < bytes.byteLength || optimise === 'web' ? pdf : bytes
      if (kept !== bytes) await keepProcessed(c, row.id, document.id, kept)
      return sendJson(c, {
        status: 'success',
        optimisation: optimise,
        claimedConformance: claimedConformance(kept),
        pages: document.pageCount,
        originalSize: bytes.byteLength,
        newSize: kept.byteLength,
        compressionRatio: bytes.byteLength / kept.byteLength,
        spaceSaving: 1 - kept.byteLength / bytes.byteLength,
        details: [...details, 'Lossless: no image was resampled'],
      })
    })
    .post(`${base}/tooling/process/:id/spotsigners`, requireAuth, async (c) => {
      const { bytes } = await toolingDocument(c)
      const fields = await signatureFields(services.tempDir, bytes)
      return sendJson(c, {
        status: 'success',
        results: {
          signers: [],
          signatures: fields.map((field) => ({
            signer: field.name,
            positions: [
              { page: field.page, height: field.height, width: field.width, x: field.x, y: field.y },
            ],
          })),
          observers: [],
        },
        details: [
          'Signature fields of the PDF form only: Signet reads no text tags and guesses no signers, and leaves the document as it is',
        ],
      })
    })
    .get(`${base}/tooling/:id`, requireAuth, async (c) => {
      const { document, bytes } = await toolingDocument(c)
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${safeFileName(document.title, 'document')}"`,
      })
    })
    .delete(`${base}/tooling/:id`, requireAuth, async (c) => {
      const row = await find(c, ['tooling'])
      await db
        .update(skribbleValidations)
        .set({ deletedAt: now(), documentId: null })
        .where(eq(skribbleValidations.id, row.id))
      if (row.documentId !== null) await removeDocument(c, row.documentId)
      return c.body(null, 204)
    })

  /** The caller's calls that made something in [from, to), counted per operation. */
  const usage = async (c: Context<AuthEnv>, from: Date, to: Date) => {
    const counted = await db
      .select({ kind: skribbleValidations.kind, requests: count() })
      .from(skribbleValidations)
      .where(
        and(
          eq(skribbleValidations.userId, c.get('auth').userId),
          gte(skribbleValidations.createdAt, from),
          lt(skribbleValidations.createdAt, to),
        ),
      )
      .groupBy(skribbleValidations.kind)
    const lines = counted.map(({ kind, requests }) => ({
      endpoint: creditsOf[kind].endpoint,
      requests,
      credits: requests * creditsOf[kind].credits,
    }))
    return {
      usage: lines,
      requests: lines.reduce((sum, line) => sum + line.requests, 0),
      credits: lines.reduce((sum, line) => sum + line.credits, 0),
    }
  }
  routes
    .get(`${base}/billing/credits/infos`, (c) =>
      sendJson(c, {
        consumptions: Object.values(creditsOf).map(({ endpoint, credits }) => ({ endpoint, credits })),
      }),
    )
    .get(`${base}/billing/credits/usage`, requireAuth, async (c) => {
      const period = monthOf(now())
      return sendJson(c, { period, ...(await usage(c, ...periodRange(period))) })
    })
    // Signet invoices no credits: the invoiced period is a period closed (the month before, unless named).
    .get(`${base}/billing/credits/invoiced`, requireAuth, async (c) => {
      const at = now()
      const period =
        queryOf(c, periodQuery).period ??
        monthOf(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1)))
      return sendJson(c, { period, ...(await usage(c, ...periodRange(period))) })
    })
  return routes
}
