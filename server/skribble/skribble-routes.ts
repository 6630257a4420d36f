import { and, eq } from 'drizzle-orm'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { signatureRequestStatuses, signerStatuses } from '../../contract/signature-request-status.ts'
import {
  maxSignatureRequestPageSize,
  type SignatureRequestView,
  type SignerInvite,
} from '../../contract/signature-requests.ts'
import { accessLogin } from '../api-users/access-login.ts'
import { listRequestCallbacks } from '../api-users/request-callbacks.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { businessMembers } from '../db/schema/businesses.ts'
import { findDocument } from '../documents/find-document.ts'
import { ApiError } from '../http/api-error.ts'
import { type AuthEnv, type Authenticated, authenticate } from '../http/authenticate.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { sendJson } from '../http/send-json.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { addRequestDocument } from '../signature-requests/add-request-document.ts'
import { addSigner } from '../signature-requests/add-signer.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import { createSignatureRequest } from '../signature-requests/create-signature-request.ts'
import { deleteSignatureRequest } from '../signature-requests/delete-signature-request.ts'
import { findAttachment } from '../signature-requests/find-attachment.ts'
import { getRequestReport } from '../signature-requests/get-request-report.ts'
import { getSignatureRequest } from '../signature-requests/get-signature-request.ts'
import { initiateSignatureRequest } from '../signature-requests/initiate-signature-request.ts'
import { listSignatureRequests } from '../signature-requests/list-signature-requests.ts'
import { remindSigners } from '../signature-requests/remind-signers.ts'
import { removeAttachment } from '../signature-requests/remove-attachment.ts'
import { removeRequestDocuments } from '../signature-requests/remove-request-documents.ts'
import { removeSigner } from '../signature-requests/remove-signer.ts'
import { requestReportPdf } from '../signature-requests/request-report-pdf.ts'
import { safeFileName } from '../signature-requests/safe-file-name.ts'
import { sendStoredFile } from '../signature-requests/send-stored-file.ts'
import { updateSignatureRequest } from '../signature-requests/update-signature-request.ts'
import { withdrawSignatureRequest } from '../signature-requests/withdraw-signature-request.ts'
import type { SigningServices } from '../signing/signing-services.ts'
import type { ValidationPool } from '../signing/validate-pool.ts'
import { documentKey } from '../storage/storage-keys.ts'
import { readSkribbleBody } from './skribble-body.ts'
import { createSkribbleDocumentRoutes, uploadSkribbleDocument } from './skribble-document-routes.ts'
import { createSkribblePlatformRoutes, type SkribblePlatformServices } from './skribble-platform-routes.ts'
import { skribbleReport } from './skribble-report.ts'
import {
  type PageHeights,
  pageHeightsOf,
  signerOfV2,
  signetCreate,
  signetGroupId,
  signetInvite,
  signetStandard,
  skribbleCreateSchema,
  skribbleCreateV2Schema,
  skribbleGroupObserver,
  skribbleObserver,
  skribbleObservers,
  skribbleRequest,
  skribbleRequestV2,
  skribbleSignerSchema,
  skribbleSignerV2Schema,
  skribbleUpdateSchema,
} from './skribble-requests.ts'
import { createSkribbleSealRoutes } from './skribble-seal-routes.ts'
import { createSkribbleSendtoRoutes } from './skribble-sendto-routes.ts'
import { createSkribbleValidationRoutes } from './skribble-validation-routes.ts'

/** What the compatibility layer needs: the services of the /api/v3 routes it translates onto. */
export type SkribbleServices = SigningServices &
  SkribblePlatformServices & {
    /** The validation workers of validation v1; absent: its validations answer 503. */
    validator?: ValidationPool | undefined
  }

/** Where Skribble's sign descriptions are served, under /api. */
const signBases = ['/skribble/v2', '/skribble/v3'] as const
const v2 = '/skribble/v2'
const v3 = '/skribble/v3'

const username = v.pipe(v.string(), v.minLength(1), v.maxLength(60))
const apiKey = v.pipe(v.string(), v.minLength(1), v.maxLength(200))
/** Sign v2 and v3 log in with `api-key`, JSON or form-encoded (validation v1: skribble-validation-routes.ts). */
const signLoginSchema = v.object({ username, 'api-key': apiKey })

const withdrawSchema = v.object({ message: v.optional(v.pipe(v.string(), v.maxLength(2000)), '') })
const observerSchema = v.object({
  type: v.picklist(['USER', 'GROUP']),
  email: v.optional(v.pipe(v.string(), v.maxLength(320))),
  user_id: v.optional(v.pipe(v.string(), v.maxLength(100))),
  group_id: v.optional(v.pipe(v.string(), v.maxLength(100))),
})
const documentContentSchema = v.object({
  title: v.optional(v.pipe(v.string(), v.maxLength(200))),
  content_type: v.optional(v.pipe(v.string(), v.maxLength(100))),
  content: v.pipe(v.string(), v.minLength(1), v.base64('must be base64')),
})

/**
 * Skribble's public API (api/skribble/: sign v2, sign v3, validation v1) for a business's API users, as a layer
 * that only translates each operation onto the module function the matching /api/v3 route calls. Skribble's
 * operation, then what it calls (server/signature-requests/ unless named):
 *
 * - `POST /access/login`: `accessLogin` of server/api-users (the token as text/plain).
 * - validation v1: see skribble-validation-routes.ts.
 * - v3 `POST /signature-requests`: `createSignatureRequest` (qualities SES, AES, AES_MINIMAL, QES, DEMO onto
 *   ses, aes, aes, qes, none; positions measured from the top onto Signet's from the bottom); `GET`:
 *   `listSignatureRequests`, every page, as an array; `PUT`: `updateSignatureRequest`, and `addSigner` /
 *   `removeSigner` for the signers added to or left out of `signatures`.
 * - v3 `GET|DELETE /signature-requests/{id}`: `getSignatureRequest`, `deleteSignatureRequest`; `POST .../initiate`,
 *   `.../withdraw`, `.../remind`: `initiateSignatureRequest`, `withdrawSignatureRequest`, `remindSigners`.
 * - v3 `POST .../signatures`, `DELETE .../signatures/{sid}`: `addSigner`, `removeSigner`.
 * - v3 `POST .../documents` (base64 `content`), `DELETE .../documents/{id}`: `addRequestDocument` (the content
 *   as its multipart upload), `removeRequestDocuments`.
 * - v3 `.../observers`: the request's observers (`cc_email_addresses`, and `observer_group_ids` for a GROUP
 *   observer) through `getSignatureRequest` and `updateSignatureRequest`; an observer's id is its address, or
 *   the group's id; one by `user_id` is a member of the caller's business, by their address.
 * - v3 signers with `signer_group_id` (Skribble's `gr_…` or Signet's UUID): Signet's signer invite `group_id`.
 * - v2 `POST /signature-requests`: the document through `uploadDocument` (unless `document_id`), then
 *   `createSignatureRequest` and `initiateSignatureRequest` (v2 sends at once); v2 answers v2's shape (one
 *   `document_id`, `cc_email_addresses`), and its other request operations are v3's below at v2's paths.
 * - v2 and v3 `/documents`: see skribble-document-routes.ts.
 * - v2 and v3 `/management/health`, `/user/signature-qualities`, `/activities/signatures`: see
 *   skribble-platform-routes.ts.
 * - v3 `GET .../attachments`: `getSignatureRequest` (its `attachments`); `GET .../attachments/{aid}/content`,
 *   `DELETE .../attachments/{aid}`: `findAttachment` (its stored file), `removeAttachment`; `GET .../report`:
 *   `requestReportPdf` (PDF), or `getRequestReport` and `getSignatureRequest` as Skribble's JSON report
 *   (skribble-report.ts: its signer groups as `groupName` and `signerGroupName`).
 * - `POST .../callbacks` (Skribble's listing is a POST): `listRequestCallbacks` of server/api-users, for the
 *   request's sender.
 * - `POST /seal`: see skribble-seal-routes.ts; `/sendto`: see skribble-sendto-routes.ts.
 *
 * Signet's 409 (a request in the wrong state) is Skribble's 403 when only the sender may do it and 400
 * otherwise; Signet's 413, 415 and 422 (a refused file) are 400 (see `translateErrors`).
 */
export function createSkribbleRoutes(services: SkribbleServices): Hono<AuthEnv> {
  const { db, now, production } = services
  const requireAuth = authenticate(services)
  const routes = new Hono<AuthEnv>()
  for (const base of signBases) routes.use(`${base}/*`, translateErrors)
  const loginLimit = rateLimit({ db, name: 'access-login', limit: 20, windowMs: 60_000, now })
  const login = (c: Context, credentials: { username: string; apiKey: string }) =>
    accessLogin(db, c, credentials, now(), production)
  for (const base of signBases) {
    routes.route('/', createSkribblePlatformRoutes(base, services))
    routes.route('/', createSkribbleDocumentRoutes(base, services))
    routes.route('/', createSkribbleSealRoutes(base, services))
    routes.route('/', createSkribbleSendtoRoutes(base, services))
    routes.post(`${base}/access/login`, loginLimit, async (c) => {
      const body = await readSkribbleBody(c, signLoginSchema, { form: true })
      return c.text((await login(c, { username: body.username, apiKey: body['api-key'] })).token)
    })
  }
  routes.route('/', createSkribbleValidationRoutes(services))

  /** How Skribble names the sender: the API user's username, else the account's address. */
  const ownerOf = (c: Context<AuthEnv>) => c.get('auth').apiUser?.username ?? c.get('auth').email
  /** A request as the description of the call's version answers it. */
  const shaped = (c: Context<AuthEnv>, view: SignatureRequestView) => {
    const options = { publicUrl: services.publicUrl, production, owner: ownerOf(c) }
    return c.req.path.includes(`/api${v2}/`)
      ? skribbleRequestV2(view, options)
      : skribbleRequest(view, options)
  }
  const answer = (c: Context<AuthEnv>, view: SignatureRequestView) => sendJson(c, shaped(c, view))
  const read = (c: Context<AuthEnv>) => getSignatureRequest(services, callerOf(c), c.req.param('id') ?? '')
  /** Page heights of the documents Skribble's signers name, read as the caller may see them. */
  const heightsOf = async (
    c: Context<AuthEnv>,
    signers: { document_signatures?: { document_id: string }[] }[],
  ) => {
    const heights: PageHeights = new Map()
    for (const id of new Set(
      signers.flatMap((s) => (s.document_signatures ?? []).map((d) => d.document_id)),
    )) {
      heights.set(
        id,
        (await findDocument(db, callerOf(c), id)).pageSizes.map((size) => size.height),
      )
    }
    return heights
  }

  // v2 sends at once: the document (content, file_url or an uploaded one), the draft, then its initiation.
  routes.post(`${v2}/signature-requests`, requireAuth, async (c) => {
    const body = await readSkribbleBody(c, skribbleCreateV2Schema, {
      documentBytes: services.limits.documentBytes,
    })
    const caller = callerOf(c)
    const documentId =
      body.document_id ??
      (
        await uploadSkribbleDocument(c, services, {
          title: body.title,
          content: body.content,
          file_url: body.file_url,
        })
      ).id
    const signers = (body.signatures ?? []).map((signer) => signerOfV2(signer, documentId))
    const input = signetCreate(
      { ...body, documents: [{ id: documentId }], signatures: signers },
      await heightsOf(c, signers),
      production,
    )
    const draft = await createSignatureRequest(services, caller, {
      ...input,
      ccEmailAddresses: (body.cc_email_addresses ?? []).map((email) => email.trim().toLowerCase()),
    })
    return answer(c, await initiateSignatureRequest(services, caller, draft.id))
  })
  for (const base of signBases) {
    routes
      .get(`${base}/signature-requests`, requireAuth, async (c) => {
        const query = v.safeParse(listQuerySchema, c.req.query())
        if (!query.success) {
          const field = query.issues[0].path?.[0]?.key
          throw new ApiError(400, 'request.invalid', `${String(field)}: ${query.issues[0].message}`, {
            field: String(field),
          })
        }
        const { page_number, page_size, status_overall, signature_status, account_email, search } =
          query.output
        if (status_overall === 'ERROR' || signature_status === 'ERROR') return sendJson(c, [])
        const params = {
          ...(status_overall === undefined ? {} : { status_overall: [status_overall] }),
          ...(signature_status === undefined ? {} : { signature_status }),
          ...(account_email === undefined ? {} : { account_email }),
          ...(search === undefined ? {} : { title: search }),
          sort: 'created_at,desc' as const,
        }
        const caller = callerOf(c)
        const views: SignatureRequestView[] = []
        if (page_number !== undefined) {
          const size = Math.min(page_size ?? 50, maxSignatureRequestPageSize)
          views.push(
            ...(await listSignatureRequests(services, caller, { ...params, page: page_number, size })).items,
          )
        } else {
          // Skribble lists every request unless asked for a page.
          for (let page = 0; ; page++) {
            const found = await listSignatureRequests(services, caller, {
              ...params,
              page,
              size: maxSignatureRequestPageSize,
            })
            views.push(...found.items)
            if (found.items.length < maxSignatureRequestPageSize || views.length >= found.total) break
          }
        }
        return sendJson(
          c,
          // v2 knows no drafts: it sends at once.
          views
            .filter((view) => base !== v2 || view.statusOverall !== 'DRAFT')
            .map((view) => shaped(c, view)),
        )
      })
      .put(`${base}/signature-requests`, requireAuth, async (c) => {
        const body = await readSkribbleBody(c, skribbleUpdateSchema)
        const caller = callerOf(c)
        const current = await getSignatureRequest(services, caller, body.id)
        const standard =
          body.quality === undefined ? {} : signetStandard(body.quality, body.legislation, production)
        const changes = {
          ...(body.title === undefined ? {} : { title: body.title }),
          ...(body.message === undefined ? {} : { message: body.message }),
          ...standard,
        }
        if (Object.keys(changes).length > 0) await updateSignatureRequest(services, caller, body.id, changes)
        if (body.signatures !== undefined && body.signatures !== null) {
          const heights = pageHeightsOf(current)
          const wanted = body.signatures.map((s, index) => signetInvite(s, `signatures.${index}`, heights))
          // A signer is its address, or its signer group.
          const emailOf = (invite: SignerInvite) =>
            invite.groupId === undefined
              ? (invite.accountEmail ?? invite.signerIdentityData?.emailAddress ?? '')
              : `group:${invite.groupId}`
          const keyOf = (signature: SignatureRequestView['signatures'][number]) =>
            signature.group === null ? signature.accountEmail : `group:${signature.group.id}`
          const wantedEmails = new Set(wanted.map(emailOf))
          for (const signature of current.signatures) {
            if (!wantedEmails.has(keyOf(signature)))
              await removeSigner(services, caller, body.id, signature.id)
          }
          const present = new Set(current.signatures.map(keyOf))
          for (const invite of wanted) {
            if (!present.has(emailOf(invite))) await addSigner(services, caller, body.id, invite)
          }
        }
        return answer(c, await getSignatureRequest(services, caller, body.id))
      })
      .get(`${base}/signature-requests/:id`, requireAuth, async (c) => answer(c, await read(c)))
      .delete(`${base}/signature-requests/:id`, requireAuth, async (c) => {
        await deleteSignatureRequest(services, callerOf(c), c.req.param('id'))
        return c.body(null, 200)
      })
      .post(`${base}/signature-requests/:id/withdraw`, requireAuth, async (c) => {
        const { message } =
          (await c.req.text()) === '' ? { message: '' } : await readSkribbleBody(c, withdrawSchema)
        return answer(c, await withdrawSignatureRequest(services, callerOf(c), c.req.param('id'), message))
      })
      .post(`${base}/signature-requests/:id/remind`, requireAuth, async (c) => {
        await remindSigners(services, callerOf(c), c.req.param('id'))
        return c.body(null, 200)
      })
      .post(`${base}/signature-requests/:id/signatures`, requireAuth, async (c) => {
        const view = await read(c)
        const signer =
          base === v2
            ? signerOfV2(await readSkribbleBody(c, skribbleSignerV2Schema), view.documents[0]?.id)
            : await readSkribbleBody(c, skribbleSignerSchema)
        const invite = signetInvite(signer, 'body', pageHeightsOf(view))
        return answer(c, await addSigner(services, callerOf(c), c.req.param('id'), invite))
      })
      .delete(`${base}/signature-requests/:id/signatures/:sid`, requireAuth, async (c) => {
        await removeSigner(services, callerOf(c), c.req.param('id'), c.req.param('sid'))
        return c.body(null, 200)
      })
      .get(`${base}/signature-requests/:id/attachments`, requireAuth, async (c) => answer(c, await read(c)))
      .get(`${base}/signature-requests/:id/attachments/:aid/content`, requireAuth, async (c) => {
        const { attachment } = await findAttachment(db, callerOf(c), c.req.param('id'), c.req.param('aid'))
        return sendStoredFile(c, services.storage, documentKey(attachment.sha256), {
          contentType: 'application/octet-stream',
          size: attachment.size,
          filename: safeFileName(attachment.title, 'attachment'),
        })
      })
      .delete(`${base}/signature-requests/:id/attachments/:aid`, requireAuth, async (c) => {
        await removeAttachment(services, callerOf(c), c.req.param('id'), c.req.param('aid'))
        return c.body(null, 200)
      })
      .post(`${base}/signature-requests/:id/callbacks`, requireAuth, async (c) => {
        const view = await read(c)
        // A request's callbacks are its sender's, as the URLs they gave.
        if (!view.isOwner)
          throw new ApiError(403, 'signature_request.not_owner', 'Only the sender reads the callbacks')
        const owner = ownerOf(c)
        return sendJson(
          c,
          (await listRequestCallbacks(db, view.id)).map((post) => ({
            signature_request_id: view.id,
            ...(post.kind === undefined ? {} : { type: post.kind.toUpperCase() }),
            state: callbackState[post.state],
            url: post.url,
            attempts: post.attempts,
            messages: post.lastError === null || post.state === 'done' ? [] : [post.lastError],
            owner,
            read_access: [owner],
            write_access: [owner],
            created_at: post.createdAt.toISOString(),
            updated_at: (post.finishedAt ?? post.createdAt).toISOString(),
          })),
        )
      })
      .get(`${base}/signature-requests/:id/report`, requireAuth, async (c) => {
        const type = (c.req.query('type') ?? 'PDF').toUpperCase()
        if (type === 'JSON') {
          const report = await getRequestReport(services, callerOf(c), c.req.param('id'))
          const view = await read(c)
          // Skribble's report keys are camelCase, as its description writes them.
          return c.json(skribbleReport(report, view, ownerOf(c)))
        }
        if (type !== 'PDF') {
          throw new ApiError(400, 'request.invalid', 'type: PDF or JSON', { field: 'type' })
        }
        const { pdf } = await requestReportPdf(
          services,
          callerOf(c),
          c.req.param('id'),
          pickMailLocale(undefined),
        )
        return c.body(pdf as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/pdf' })
      })
  }
  routes
    .post(`${v3}/signature-requests`, requireAuth, async (c) => {
      const body = await readSkribbleBody(c, skribbleCreateSchema)
      const input = signetCreate(body, await heightsOf(c, body.signatures ?? []), production)
      return answer(c, await createSignatureRequest(services, callerOf(c), input))
    })
    .post(`${v3}/signature-requests/:id/initiate`, requireAuth, async (c) =>
      answer(c, await initiateSignatureRequest(services, callerOf(c), c.req.param('id'))),
    )
    .post(`${v3}/signature-requests/:id/documents`, requireAuth, async (c) => {
      const body = await readSkribbleBody(c, documentContentSchema, {
        documentBytes: services.limits.documentBytes,
      })
      const form = new FormData()
      form.set('title', body.title ?? 'document.pdf')
      form.set(
        'file',
        new Blob([Buffer.from(body.content, 'base64')], { type: 'application/pdf' }),
        'document.pdf',
      )
      // The content goes through the same upload as Signet's own: its limits, checks and storage.
      const upload = new Request(c.req.url, { method: 'POST', body: form })
      const document = await addRequestDocument(services, callerOf(c), c.req.param('id'), upload)
      return sendJson(c, { id: document.id, name: document.title })
    })
    .delete(`${v3}/signature-requests/:id/documents/:documentId`, requireAuth, async (c) => {
      await removeRequestDocuments(services, callerOf(c), c.req.param('id'), [c.req.param('documentId')])
      return c.body(null, 200)
    })
    .get(`${v3}/signature-requests/:id/observers`, requireAuth, async (c) => {
      return sendJson(c, skribbleObservers(await read(c), ownerOf(c)))
    })
    .post(`${v3}/signature-requests/:id/observers`, requireAuth, async (c) => {
      const body = await readSkribbleBody(c, observerSchema)
      if (body.type === 'GROUP') {
        if (body.group_id === undefined || body.email !== undefined || body.user_id !== undefined) {
          throw new ApiError(400, 'request.invalid', 'group_id: a group observer has group_id alone', {
            field: 'group_id',
          })
        }
        const groupId = signetGroupId(body.group_id, 'group_id')
        const view = await read(c)
        const groupIds = view.observerGroups.map((g) => g.id)
        const changed = await updateSignatureRequest(services, callerOf(c), view.id, {
          observerGroupIds: groupIds.includes(groupId) ? groupIds : [...groupIds, groupId],
        })
        const group = changed.observerGroups.find((g) => g.id === groupId)
        if (group === undefined) throw new Error('the group observer was not kept')
        return sendJson(c, skribbleGroupObserver(group, ownerOf(c)))
      }
      if ((body.email === undefined) === (body.user_id === undefined)) {
        throw new ApiError(400, 'request.invalid', 'email: send email or user_id, not both', {
          field: 'email',
        })
      }
      const email =
        body.user_id === undefined
          ? (body.email ?? '').trim().toLowerCase()
          : await memberEmail(db, c.get('auth'), body.user_id)
      const view = await read(c)
      const emails = view.ccEmailAddresses.includes(email)
        ? view.ccEmailAddresses
        : [...view.ccEmailAddresses, email]
      const changed = await updateSignatureRequest(services, callerOf(c), view.id, {
        ccEmailAddresses: emails,
      })
      return sendJson(c, skribbleObserver(changed, email, ownerOf(c)))
    })
    .get(`${v3}/signature-requests/:id/observers/:observerId`, requireAuth, async (c) => {
      const view = await read(c)
      const id = c.req.param('observerId').toLowerCase()
      const group = view.observerGroups.find((g) => g.id === id)
      if (group !== undefined) return sendJson(c, skribbleGroupObserver(group, ownerOf(c)))
      if (!view.ccEmailAddresses.includes(id)) throw observerNotFound()
      return sendJson(c, skribbleObserver(view, id, ownerOf(c)))
    })
    .delete(`${v3}/signature-requests/:id/observers/:observerId`, requireAuth, async (c) => {
      const view = await read(c)
      const id = c.req.param('observerId').toLowerCase()
      if (view.observerGroups.some((g) => g.id === id)) {
        await updateSignatureRequest(services, callerOf(c), view.id, {
          observerGroupIds: view.observerGroups.flatMap((g) => (g.id === id ? [] : [g.id])),
        })
        return c.body(null, 200)
      }
      if (!view.ccEmailAddresses.includes(id)) throw observerNotFound()
      await updateSignatureRequest(services, callerOf(c), view.id, {
        ccEmailAddresses: view.ccEmailAddresses.filter((e) => e !== id),
      })
      return c.body(null, 200)
    })
  // Described as a GET answering the request (whose `attachments` list them).
  return routes
}

const intQuery = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,7}$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  )

/** Query of sign v3's `GET /signature-requests`. */
const listQuerySchema = v.object({
  account_email: v.optional(v.pipe(v.string(), v.maxLength(320))),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
  signature_status: v.optional(v.picklist([...signerStatuses, 'ERROR'])),
  status_overall: v.optional(v.picklist([...signatureRequestStatuses, 'ERROR'])),
  page_number: v.optional(intQuery(0, 1_000_000)),
  page_size: v.optional(intQuery(1, 1000)),
})

/** Skribble's state of a callback of Signet's job: it has failed for good only when the job has. */
const callbackState = { waiting: 'OPEN', running: 'OPEN', done: 'COMPLETED', failed: 'RESIGNATED' } as const

/**
 * The address of the member `userId` of the caller's business (an API user's, else the one the caller belongs
 * to): Skribble's observer by user id, who observes by their address as every observer of Signet's. Another
 * business's account, or an unknown id, is 400 naming `user_id`.
 */
async function memberEmail(db: Database, auth: Authenticated, userId: string): Promise<string> {
  const unknown = new ApiError(400, 'request.invalid', 'user_id: no member of your business has this id', {
    field: 'user_id',
  })
  if (!uuidPattern.test(userId)) throw unknown
  const [own] =
    auth.apiUser === null
      ? await db
          .select({ businessId: businessMembers.businessId })
          .from(businessMembers)
          .where(eq(businessMembers.userId, auth.userId))
      : [{ businessId: auth.apiUser.businessId }]
  if (own === undefined) throw unknown
  const [member] = await db
    .select({ email: users.email })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.userId, userId), eq(businessMembers.businessId, own.businessId)))
  if (member === undefined) throw unknown
  return member.email
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const observerNotFound = () =>
  new ApiError(404, 'signature_request.not_found', 'No such observer of this request')

/**
 * Signet's errors as Skribble's sign descriptions list them: 409 (the wrong state) is 403 when only the sender
 * may do it and 400 otherwise; 413, 415 and 422 (a file too large, not a PDF, refused) are 400; the body stays Signet's, with its code and message. The app's
 * error handler has answered by the time `next` returns, so its answer is rewritten.
 */
const translateErrors: MiddlewareHandler = async (c, next) => {
  await next()
  const error = c.error
  if (!(error instanceof ApiError) || ![409, 413, 415, 422].includes(error.status)) return
  const status = error.status === 409 && error.code.endsWith('not_owner') ? 403 : 400
  const translated = new ApiError(status, error.code, error.message, { field: error.field })
  c.res = new Response(JSON.stringify(translated.toBody(c.req.path)), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}
