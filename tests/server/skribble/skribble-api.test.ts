import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUserPaths } from '../../../contract/api-users.ts'
import { businessPaths } from '../../../contract/businesses.ts'
import { sealPaths } from '../../../contract/seals.ts'
import { openDatabase } from '../../../server/db/open-database.ts'
import { forgetSkribbleValidations } from '../../../server/skribble/forget-skribble-validations.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { putSeal, sealCall } from '../seals/seal-client.ts'
import {
  makePdf,
  pdfsig,
  pdftotext,
  pemBlocks,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'
import { type DescribedOperation, describedOperations } from './skribble-descriptions.ts'

/**
 * Issue 43: every operation of Skribble's three descriptions (api/skribble/), called with the description's
 * own examples against the real server, each answer checked against the description's schema for its status.
 * An operation the compatibility layer does not serve yet is a `todo`, and the last line printed counts the
 * operations that answer as described.
 */

/** What the calls made so far: ids by the name of the path parameter that takes them, and the bearer token. */
type World = Record<string, string>

/** How the harness calls one served operation beyond what its description gives. */
type Scenario = {
  /** Makes what the call needs (a fresh request to delete, say). */
  before?: (world: World) => Promise<void>
  /** Keeps what the answer made for the calls after it. */
  remember?: (answer: unknown, world: World) => void
  /** The call sends the API user's token where the description needs none (Signet's Send-To has a sender). */
  bearer?: true
  /** Examples of the description that Signet cannot answer, with why (the report of issue 43 lists them). */
  unserved?: Record<string, string>
}

/** A description's example values that stand for things the harness makes: the example value, the world's key. */
const standIns: [string, string][] = [
  ['add_your_api_name_here', 'username'],
  ['please_enter_your_password_here', 'apiKey'],
  ['Customer_A', 'username'],
  ['00000000-0000-0000-0000-000000000000', 'apiKey'],
  ['3648f61d-4194-455c-a0bc-1c438d2cd11b', 'DOC_1'],
  ['14f65d46-6653-c33c-81a8-260bd5aba3c5', 'DOC_2'],
  ['4f43614a-de50-bfe1-2df3-4c881fc7840e', 'SR_ID'],
  ['U29tZUJhc2U2NEVuY29kZWRJbWFnZQ==', 'PDF_BASE64'],
  ['SGVsbG8gd29ybGQh', 'PDF_BASE64'],
  ['https://www.w3.org/WAI/ER/tests/xhtml/testfiles/resources/pdf/dummy.pdf', 'PDF_URL'],
  ['ais_demo_seal', 'SEAL_NAME'],
  ['3fa85f64-5717-4562-b3fc-2c963f66afa6', 'ACCESS_CODE'],
  // Signer groups of the business (Skribble's ids `gr_` and 32 hex digits; Signet's a UUID, either is taken).
  ['gr_9feb51ba97444c539261b64294f33225', 'GROUP_ID'],
  ['gr_456', 'OBSERVER_GROUP_ID'],
  // Validation v1's `content` (a PDF, a CMS signature or a certificate, as the operation's `before` sets it).
  ['MIICjDCCAfWgAwIBAgIJANJczGLGyD...', 'CONTENT'],
]

const operations = describedOperations()
const keyOf = (op: DescribedOperation) => `${op.description} ${op.method} ${op.path}`

describe.each(featureDrivers)('Skribble’s API on %s', (driver) => {
  let api: SigningClient
  let files: Server | undefined
  const world: World = {}
  /** Per operation: how many of its examples must answer as described, and how many did. */
  const answered = new Map<string, { examples: number; passed: number }>()
  let dir: string

  /** A call as a Skribble client makes it: the base URL changed to Signet's, its bearer token. */
  const skribbleCall = (op: DescribedOperation, path: string, body?: EncodedBody) =>
    fetch(`${api.server.url}/api${op.base}${path}`, {
      method: op.method,
      headers: {
        ...(isPublic(op) && scenarios[keyOf(op)]?.bearer === undefined
          ? {}
          : { authorization: `Bearer ${world.token}` }),
        ...requiredHeaders(op, world),
        // A multipart body's type carries its boundary, which fetch writes.
        ...(body === undefined || body.data instanceof FormData ? {} : { 'content-type': body.type }),
      },
      ...(body === undefined ? {} : { body: body.data }),
    })

  /** A fresh document of the API user's, uploaded as Skribble's `POST /documents` takes it; answers its id. */
  const uploadDocument = async (): Promise<string> => {
    const response = await fetch(`${api.server.url}/api/skribble/v3/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Fresh', content: world.PDF_BASE64 }),
    })
    return String((await readJson(response)).id)
  }

  /** The login of each description: its token is what the calls after it send. */
  const login: Scenario = {
    remember: (answer, world) => {
      world.token =
        typeof answer === 'string' ? answer : String((answer as { accesstoken: string }).accesstoken)
    },
  }
  const idOf = (key: string) => (answer: unknown, world: World) => {
    world[key] = String((answer as { id: string }).id)
  }
  /** A file attached to the request through Signet's own API (Skribble's has no call that attaches one). */
  const attach = async (world: World) => {
    const form = new FormData()
    form.set('title', 'terms.pdf')
    form.set('file', new Blob([Buffer.from(world.PDF_BASE64 ?? '', 'base64')]), 'terms.pdf')
    const response = await fetch(`${api.server.url}/api/v3/signature-requests/${world.SR_ID}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.token}` },
      body: form,
    })
    world.ATTACHMENT_ID = String((await readJson(response, 201)).id)
  }
  /** A document sent to be signed: its id and access code. */
  const sendto = (answer: unknown, world: World) => {
    const { id, access_code } = answer as { id: string; access_code: string }
    world.SEND_TO_ID = id
    world.ACCESS_CODE = access_code
  }
  /** A sealed document: its content is the sealed PDF. */
  const sealed = (answer: unknown, world: World) => {
    world.SEALED_ID = String((answer as { document_id: string }).document_id)
  }
  /** A document of its own for a call that deletes it. */
  const fresh = async (world: World) => {
    world.DOC_ID = await uploadDocument()
  }
  /** Validation v1 names every id `{id}`: the one the world kept as `key`. */
  const use = (key: string) => async (world: World) => {
    world.id = world[key] ?? ''
  }
  /** What validation v1's `content` is for the call: a signed PDF, its CMS signature, a CA's certificate or a PDF. */
  const content =
    (key: 'SIGNED_PDF' | 'SIGNATURE' | 'CERTIFICATE' | 'PDF_BASE64') => async (world: World) => {
      if (world.SIGNED_PDF === undefined) {
        const response = await fetch(
          `${api.server.url}/api/skribble/v3/documents/${world.SEALED_ID}/content`,
          {
            headers: { authorization: `Bearer ${world.token}` },
          },
        )
        world.SIGNED_PDF = String((await readJson(response)).content)
        const pdf = Buffer.from(world.SIGNED_PDF, 'base64')
        // The seal's CMS signature, as its /Contents holds it (padded with zeros, which DER readers stop before).
        const hex = pdf.toString('latin1').match(/\/Contents\s*<([0-9a-fA-F]{1000,})>/)?.[1] ?? ''
        world.SIGNATURE = Buffer.from(hex, 'hex').toString('base64')
        const pem = await (await fetch(`${api.server.url}/api/pki/ca.pem`)).text()
        world.CERTIFICATE = Buffer.from(pemBlocks(pem).at(-1) ?? '').toString('base64')
      }
      world.CONTENT = world[key] ?? ''
    }
  const scenarios: Record<string, Scenario> = {
    'sign_v3 POST /access/login': login,
    'sign_v3 POST /documents': {
      remember: (answer, world) => {
        const { id } = answer as { id: string }
        world.DOC_ID = id
        world[world.DOC_1 === undefined ? 'DOC_1' : 'DOC_2'] = id
      },
    },
    'sign_v3 GET /documents/{DOC_ID}': {},
    'sign_v3 GET /documents/{DOC_ID}/content': {},
    'sign_v3 GET /documents': {},
    'sign_v3 GET /documents/{DOC_ID}/pages/{PAGE_ID}': {},
    'sign_v3 DELETE /documents/{DOC_ID}': { before: fresh },
    'sign_v3 POST /signature-requests': { remember: idOf('SR_ID') },
    'sign_v3 GET /signature-requests/{SR_ID}': {},
    'sign_v3 GET /signature-requests': {},
    'sign_v3 PUT /signature-requests': {},
    'sign_v3 POST /signature-requests/{SR_ID}/signatures': {
      remember: (answer, world) => {
        const signatures = (answer as { signatures: { sid: string }[] }).signatures
        world.SID = String(signatures.at(-1)?.sid)
      },
    },
    'sign_v3 DELETE /signature-requests/{SR_ID}/signatures/{SID}': {},
    'sign_v3 POST /signature-requests/{SR_ID}/documents': { remember: idOf('DOC_ID') },
    'sign_v3 DELETE /signature-requests/{SR_ID}/documents/{DOC_ID}': {},
    'sign_v3 POST /signature-requests/{SR_ID}/observers': { remember: idOf('OBSERVER_ID') },
    'sign_v3 GET /signature-requests/{SR_ID}/observers': {},
    'sign_v3 GET /signature-requests/{SR_ID}/observers/{OBSERVER_ID}': {},
    'sign_v3 DELETE /signature-requests/{SR_ID}/observers/{OBSERVER_ID}': {},
    'sign_v3 POST /signature-requests/{SR_ID}/initiate': {},
    'sign_v3 GET /signature-requests/{SR_ID}/attachments': {},
    'sign_v3 GET /signature-requests/{SR_ID}/attachments/{ATTACHMENT_ID}/content': { before: attach },
    'sign_v3 DELETE /signature-requests/{SR_ID}/attachments/{ATTACHMENT_ID}': {},
    'sign_v3 POST /signature-requests/{SR_ID}/callbacks': {},
    'sign_v3 POST /signature-requests/{SR_ID}/remind': {},
    'sign_v3 GET /signature-requests/{SR_ID}/report': {},
    'sign_v3 POST /signature-requests/{SR_ID}/withdraw': {},
    'sign_v3 DELETE /signature-requests/{SR_ID}': {},
    'sign_v3 POST /seal': { remember: sealed },
    'sign_v3 POST /sendto': { bearer: true, remember: sendto },
    'sign_v3 GET /sendto/{SEND_TO_ID}/track': {},
    'sign_v3 GET /sendto/{SEND_TO_ID}/download': {},
    'sign_v3 DELETE /sendto/{SEND_TO_ID}': {},
    'sign_v3 GET /management/health': {},
    'sign_v3 GET /user/signature-qualities': {},
    'sign_v3 GET /activities/signatures': {},
    'sign_v2 POST /access/login': login,
    'sign_v2 POST /documents': { remember: idOf('DOC_ID') },
    'sign_v2 GET /documents/{DOC_ID}': {},
    'sign_v2 GET /documents/{DOC_ID}/content': {},
    'sign_v2 GET /documents': {},
    'sign_v2 GET /documents/{DOC_ID}/pages/{PAGE_ID}': {},
    'sign_v2 DELETE /documents/{DOC_ID}': { before: fresh },
    'sign_v2 POST /signature-requests': { remember: idOf('SR_ID') },
    'sign_v2 GET /signature-requests/{SR_ID}': {},
    'sign_v2 GET /signature-requests': {},
    // Its example changes the quality of a sent request (v2 sends at once): nobody has signed it yet.
    'sign_v2 PUT /signature-requests': {},
    'sign_v2 POST /signature-requests/{SR_ID}/signatures': {
      remember: (answer, world) => {
        const signatures = (answer as { signatures: { sid: string }[] }).signatures
        world.SID = String(signatures.at(-1)?.sid)
      },
    },
    'sign_v2 DELETE /signature-requests/{SR_ID}/signatures/{SID}': {},
    'sign_v2 GET /signature-requests/{SR_ID}/attachments': {},
    'sign_v2 GET /signature-requests/{SR_ID}/attachments/{ATTACHMENT_ID}/content': { before: attach },
    'sign_v2 DELETE /signature-requests/{SR_ID}/attachments/{ATTACHMENT_ID}': {},
    'sign_v2 POST /signature-requests/{SR_ID}/callbacks': {},
    'sign_v2 POST /signature-requests/{SR_ID}/remind': {},
    'sign_v2 GET /signature-requests/{SR_ID}/report': {},
    'sign_v2 POST /signature-requests/{SR_ID}/withdraw': {},
    'sign_v2 DELETE /signature-requests/{SR_ID}': {},
    'sign_v2 POST /seal': { remember: sealed },
    'sign_v2 POST /sendto': { bearer: true, remember: sendto },
    'sign_v2 GET /sendto/{SEND_TO_ID}/track': {},
    'sign_v2 GET /sendto/{SEND_TO_ID}/download': {},
    'sign_v2 DELETE /sendto/{SEND_TO_ID}': {},
    'sign_v2 GET /management/health': {},
    'sign_v2 GET /user/signature-qualities': {},
    'sign_v2 GET /activities/signatures': {},
    'validation_v1 POST /access/login': login,
    'validation_v1 POST /validate/document': {
      before: content('SIGNED_PDF'),
      remember: idOf('VALIDATION_ID'),
    },
    'validation_v1 GET /infos/{id}/validation': { before: use('VALIDATION_ID') },
    'validation_v1 GET /infos/{id}/signers': { before: use('VALIDATION_ID') },
    'validation_v1 GET /infos/{id}/format': { before: use('VALIDATION_ID') },
    'validation_v1 GET /reports/{id}/etsi': { before: use('VALIDATION_ID') },
    'validation_v1 GET /reports/{id}/skribble': { before: use('VALIDATION_ID') },
    'validation_v1 POST /validate/signature': {
      before: content('SIGNATURE'),
      remember: idOf('VALIDATION_ID'),
    },
    'validation_v1 POST /validate/certificate': { before: content('CERTIFICATE') },
    'validation_v1 DELETE /validate/{id}': { before: use('VALIDATION_ID') },
    'validation_v1 POST /tooling/upload': { before: content('PDF_BASE64'), remember: idOf('UPLOAD_ID') },
    'validation_v1 POST /tooling/process/{id}/check': { before: use('UPLOAD_ID') },
    'validation_v1 POST /tooling/process/{id}/conform': { before: use('UPLOAD_ID') },
    'validation_v1 POST /tooling/process/{id}/compress': { before: use('UPLOAD_ID') },
    'validation_v1 POST /tooling/process/{id}/spotsigners': { before: use('UPLOAD_ID') },
    'validation_v1 GET /tooling/{id}': { before: use('UPLOAD_ID') },
    'validation_v1 DELETE /tooling/{id}': { before: use('UPLOAD_ID') },
    'validation_v1 GET /billing/credits/infos': {},
    'validation_v1 GET /billing/credits/usage': {},
    'validation_v1 GET /billing/credits/invoiced': {},
  }

  beforeAll(async () => {
    api = await startSigningClient(driver)
    dir = temporaryDirectory('skribble-api')
    const admin = await api.signUp('admin@acme.example')
    const business = await readJson(
      await api.call('POST', businessPaths.businesses(), {
        token: admin,
        body: {
          name: 'Acme AG',
          email: 'office@acme.example',
          billing: { address1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'ch' },
        },
      }),
      201,
    )
    const key = await readJson(
      await api.call('POST', apiUserPaths.apiUsers(String(business.id)), {
        token: admin,
        body: { username: 'api_demo_example', description: 'The ERP' },
      }),
      201,
    )
    world.ADMIN_TOKEN = admin
    world.username = 'api_demo_example'
    world.PAGE_ID = '0'
    world.apiKey = String(key.apiKey)
    const admins = await readJson(
      await api.call('GET', businessPaths.businessAdmins(String(business.id)), { token: admin }),
    )
    world.MEMBER_ID = String((admins.people as { id: string }[])[0]?.id)
    // Two signer groups of the business, with its admin as their member: one signs, one observes.
    for (const [key, name] of [
      ['GROUP_ID', 'Signatories'],
      ['OBSERVER_GROUP_ID', 'Group 1'],
    ] as const) {
      const group = await readJson(
        await api.call('POST', businessPaths.signerGroups(String(business.id)), {
          token: admin,
          body: { name },
        }),
        201,
      )
      world[key] = String(group.id)
      await readJson(
        await api.call('POST', businessPaths.signerGroupMembers(String(business.id), world[key]), {
          token: admin,
          body: { user_id: world.MEMBER_ID },
        }),
      )
    }
    // A second API user of the business, whose validations the first may not see.
    const other = await readJson(
      await api.call('POST', apiUserPaths.apiUsers(String(business.id)), {
        token: admin,
        body: { username: 'api_other_example', description: 'The CRM' },
      }),
      201,
    )
    world.OTHER_KEY = String(other.apiKey)
    // The business's seal, which its API user may seal with.
    const businessId = String(business.id)
    world.SEAL_NAME = 'acme-seal'
    const seal = await putSeal(api, admin, businessId, world.SEAL_NAME, 'Acme AG')
    await sealCall(api, 'POST', sealPaths.sealMembers(businessId, world.SEAL_NAME), admin, {
      members: [seal.candidates.find((c) => c.name === world.username)?.id],
    })
    world.token = String(
      (
        await readJson(
          await api.call('POST', apiUserPaths.accessLogin(), {
            body: { username: world.username, api_key: world.apiKey },
          }),
        )
      ).token,
    )
    // Two pages: an example places a seal on the second.
    const pdf = await makePdf(2)
    world.PDF_BASE64 = Buffer.from(pdf).toString('base64')
    // Where a `file_url` points: a server of the test's own (outside production internal addresses are allowed).
    files = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf)
    })
    await new Promise<void>((done) => files?.listen(0, '127.0.0.1', done))
    world.PDF_URL = `http://127.0.0.1:${(files.address() as AddressInfo).port}/contract.pdf`
  })

  afterAll(async () => {
    removeTemporaryDirectories()
    const served = [...answered.values()].filter((a) => a.examples > 0 && a.passed === a.examples).length
    console.info(`${served} of ${operations.length} operations answer as described`)
    await api?.server.stop()
    files?.close()
  })

  it('refuses a wrong key with 401 and a body without `api-key` with 400, JSON or form-encoded', async () => {
    const url = `${api.server.url}/api/skribble/v3/access/login`
    const wrong = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: world.username ?? '', 'api-key': 'demo_wrong' }).toString(),
    })
    expect(wrong.status).toBe(401)
    const missing = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: world.username, api_key: world.apiKey }),
    })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ code: 'request.invalid', field: 'api-key' })
  })

  const ordered = [
    ...Object.keys(scenarios).map((key) => operations.find((op) => keyOf(op) === key)),
    ...operations.filter((op) => scenarios[keyOf(op)] === undefined),
  ].filter((op) => op !== undefined)

  for (const op of ordered) {
    const scenario = scenarios[keyOf(op)]
    const name = `${keyOf(op)} (${op.operationId})`
    if (scenario === undefined) {
      it.todo(`${name}: not served yet`)
      continue
    }
    const examples = requestExamples(op)
    for (const [exampleName, reason] of Object.entries(scenario.unserved ?? {})) {
      it.todo(`${name} with example ${exampleName}: ${reason}`)
    }
    const served = examples.filter((e) => scenario.unserved?.[e.name] === undefined)
    it.each(served.map((e) => [e.name, e]))(`${name} with example %s`, async (_, example) => {
      await scenario.before?.(world)
      const path = op.path.replace(/\{(\w+)\}/g, (_, param: string) => encodeURIComponent(world[param] ?? ''))
      const query = requiredQuery(op)
      const { value } = example
      const binaryFields = Object.entries((value ?? {}) as object)
        .filter(([, item]) => item === binaryStandIn)
        .map(([key]) => key)
      const body =
        value === undefined
          ? undefined
          : encodeBody(example.type, substitute(value, world) as object, binaryFields)
      const response = await skribbleCall(op, `${path}${query}`, body)
      const answer = await checkAnswer(op, response)
      scenario.remember?.(answer, world)
      const tally = answered.get(keyOf(op))
      if (tally !== undefined) tally.passed++
    })
    // An operation with an example Signet cannot answer does not answer as described.
    const unserved = Object.keys(scenario.unserved ?? {}).length
    answered.set(keyOf(op), { examples: unserved > 0 ? 0 : served.length, passed: 0 })
  }

  // After the operations, which made the documents it names.
  it('answers bad input and wrong states with 4xx as Skribble lists them, never 500', async () => {
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${api.server.url}/api/skribble/v3${path}`, {
        method,
        headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const documents = [{ id: world.DOC_1 }]
    const quality = await call('POST', '/signature-requests', { title: 'T', documents, quality: 'ses' })
    expect(quality.status).toBe(400)
    expect(await quality.json()).toMatchObject({ field: 'quality' })
    // A group id that names no group of the business (a malformed one, another business's) is 404.
    const group = await call('POST', '/signature-requests', {
      title: 'T',
      documents,
      signatures: [{ signer_group_id: 'gr_1' }],
    })
    expect(group.status).toBe(404)
    expect(await group.json()).toMatchObject({
      code: 'signer_group.not_found',
      field: 'signatures.0.signer_group_id',
    })
    const elsewhere = await call('POST', '/signature-requests', {
      title: 'T',
      documents,
      signatures: [{ signer_group_id: `gr_${crypto.randomUUID().replaceAll('-', '')}` }],
    })
    expect(elsewhere.status).toBe(404)
    const both = await call('POST', '/signature-requests', {
      title: 'T',
      documents,
      signatures: [{ signer_group_id: world.GROUP_ID, account_email: 'a@b.example' }],
    })
    expect(both.status).toBe(400)
    // A group signer answers with its group, Skribble's way or Signet's.
    const grouped = (await (
      await call('POST', '/signature-requests', {
        title: 'T',
        documents,
        signatures: [{ signer_group_id: `gr_${(world.GROUP_ID ?? '').replaceAll('-', '')}` }],
      })
    ).json()) as { signatures: { signer_group_id?: string; account_email?: string }[] }
    expect(grouped.signatures).toEqual([expect.objectContaining({ signer_group_id: world.GROUP_ID })])
    expect(grouped.signatures[0]?.account_email).toBeUndefined()
    const draft = (await (
      await call('POST', '/signature-requests', {
        title: 'T',
        documents,
        quality: 'AES',
        legislation: 'ZERTES',
      })
    ).json()) as { id: string; quality: string; legislation: string }
    expect(draft).toMatchObject({ quality: 'AES', legislation: 'ZERTES' })
    // An observer by user id is a member of the caller's business; no other id is.
    const stranger = await call('POST', `/signature-requests/${draft.id}/observers`, {
      type: 'USER',
      user_id: crypto.randomUUID(),
    })
    expect(stranger.status).toBe(400)
    expect(await stranger.json()).toMatchObject({ field: 'user_id' })
    // Signet's 409 (only an open request is withdrawn) is Skribble's 400.
    const withdrawn = await call('POST', `/signature-requests/${draft.id}/withdraw`, { message: 'no' })
    expect(withdrawn.status).toBe(400)
    expect(await withdrawn.json()).toMatchObject({ code: 'signature_request.not_open' })
    expect((await call('GET', '/signature-requests?page_size=x')).status).toBe(400)
    const missing = await call('POST', '/documents', {
      title: 'T',
      file_url: `${world.PDF_URL}`.replace(/:\d+\//, ':1/'),
    })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ field: 'file_url' })
    const notPdf = await call('POST', '/documents', { title: 'T', content: 'SGVsbG8gd29ybGQh' })
    expect(notPdf.status).toBe(400)
    expect(await notPdf.json()).toMatchObject({ code: 'document.not_pdf' })
    expect((await call('GET', '/signature-requests/not-a-uuid')).status).toBe(404)
    // A seal the caller may not seal with stores nothing.
    const listed = async () => ((await (await call('GET', '/documents')).json()) as unknown[]).length
    const before = await listed()
    const noSeal = await call('POST', '/seal', { account_name: 'no-such-seal', content: world.PDF_BASE64 })
    expect(noSeal.status).toBe(404)
    expect(await noSeal.json()).toMatchObject({ code: 'seal.not_found' })
    expect(await listed()).toBe(before)
  })

  it('names the signer group in the JSON report, and the group its member signed for', async () => {
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${api.server.url}/api/skribble/v3${path}`, {
        method,
        headers: {
          authorization: `Bearer ${world.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const created = (await (
      await call('POST', '/signature-requests', {
        title: 'Signed for the group',
        documents: [{ id: await uploadDocument() }],
        signatures: [{ signer_group_id: world.GROUP_ID }],
      })
    ).json()) as { id: string }
    const initiated = await call('POST', `/signature-requests/${created.id}/initiate`)
    expect(initiated.status, await initiated.clone().text()).toBe(200)
    // The business's admin, a member of the group, signs for it.
    const [result] = await api.signed(world.ADMIN_TOKEN ?? '', [{ signature_request_id: created.id }])
    expect(result?.result).toBe('complete')
    const op = operations.find((o) => keyOf(o) === 'sign_v2 GET /signature-requests/{SR_ID}/report')
    if (op === undefined) throw new Error('the v2 report is not described')
    const response = await fetch(
      `${api.server.url}/api/skribble/v2/signature-requests/${created.id}/report?type=JSON`,
      { headers: { authorization: `Bearer ${world.token}` } },
    )
    const report = (await checkAnswer(op, response)) as {
      header: { status: string; signatureCount: number; signatureCountSigned: number }
      userList: {
        id: string
        email: string | null
        groupName: string
        userActions: { name: string; signerGroupName: string | null; signerGroupsAdded: string[] }[]
      }[]
    }
    expect(report.header).toMatchObject({ status: 'SIGNED', signatureCount: 1, signatureCountSigned: 1 })
    const member = report.userList.find((user) => user.email === 'admin@acme.example')
    expect(member).toMatchObject({ groupName: 'Signatories' })
    expect(member?.userActions.find((action) => action.name === 'SIGNED')).toMatchObject({
      signerGroupName: 'Signatories',
    })
    // The sender signs for no group; it invited the group.
    const sender = report.userList.find((user) => user.id === world.username)
    expect(sender).toMatchObject({ groupName: '' })
    expect(sender?.userActions.some((action) => action.signerGroupsAdded.includes('Signatories'))).toBe(true)
  })

  it('validates as Signet does, keeps each validation its maker’s, and counts them', async () => {
    const v1 = `${api.server.url}/api/skribble/validation/v1`
    const call = (method: string, path: string, token: string | undefined, body?: unknown) =>
      fetch(`${v1}${path}`, {
        method,
        headers: {
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const loginAs = async (username: string, apikey: string) =>
      String(
        (await readJson(await call('POST', '/access/login', undefined, { username, apikey }))).accesstoken,
      )
    const token = await loginAs(world.username ?? '', world.apiKey ?? '')
    const otherToken = await loginAs('api_other_example', world.OTHER_KEY ?? '')
    const usage = async () => await readJson(await call('GET', '/billing/credits/usage', token))
    const before = await usage()

    // The sealed PDF: its seal is intact and the platform's, a demo certificate's (advanced, not qualified).
    const validated = await readJson(
      await call('POST', '/validate/document?infos=signer,validation,format', token, {
        content: world.SIGNED_PDF,
      }),
    )
    expect(validated).toMatchObject({
      valid: true,
      signatures: 1,
      validSignatures: 1,
      undefinedChanges: false,
    })
    const additional = validated.additionalInfos as {
      signer: { certificate: object; signer: string }[]
      format: object
    }
    expect(additional.format).toEqual({ fileType: 'PDF' })
    expect(additional.signer).toHaveLength(1)
    expect(additional.signer[0]?.certificate).toMatchObject({ issuer: expect.stringContaining('CN=') })
    const id = String(validated.id)
    expect(await readJson(await call('GET', `/infos/${id}/validation`, token))).toMatchObject({
      indication: 'TOTAL-PASSED',
    })
    const etsi = await call('GET', `/reports/${id}/etsi`, token)
    expect(await etsi.text()).toContain('urn:etsi:019102:mainindication:total-passed')
    // The PDF report says the same, sealed by the platform: pdfsig validates the seal, the text names the signer.
    const report = await call('GET', `/reports/${id}/skribble`, token)
    expect(report.status).toBe(200)
    expect(report.headers.get('content-type')).toBe('application/pdf')
    const reportPdf = new Uint8Array(await report.arrayBuffer())
    const nssDir = trustStore(dir, await (await fetch(`${api.server.url}/api/pki/ca.pem`)).text())
    expect(await pdfsig(dir, reportPdf, nssDir)).toEqual([
      { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
    ])
    const text = pdftotext(dir, reportPdf).replace(/\s+/g, ' ')
    const signerName = additional.signer[0]?.signer ?? ''
    expect(signerName).not.toBe('')
    expect(text).toContain(signerName)
    expect(text).toContain('Valid (TOTAL-PASSED)')
    expect(text).toContain('Signature validation report')
    // Asking for more than it has makes it invalid, and says why.
    const strict = await readJson(
      await call('POST', '/validate/document?quality=QES&infos=validation', token, {
        content: world.SIGNED_PDF,
      }),
    )
    expect(strict).toMatchObject({ valid: false, validSignatures: 1 })
    expect(JSON.stringify(strict.additionalInfos)).toContain('No valid signature has the quality QES')
    const unsigned = await readJson(
      await call('POST', '/validate/document', token, { content: world.PDF_BASE64 }),
    )
    expect(unsigned).toMatchObject({ valid: false, signatures: 0, validSignatures: 0 })

    // A CMS signature without its content cannot be checked; a certificate of the platform's CA is valid.
    const signature = await readJson(
      await call('POST', '/validate/signature?infos=validation', token, { content: world.SIGNATURE }),
    )
    expect(signature).toMatchObject({
      valid: false,
      signatures: 1,
      validSignatures: 0,
      additionalInfos: {
        validation: { indication: 'INDETERMINATE', subIndication: 'SIGNED_DATA_NOT_FOUND' },
      },
    })
    expect(
      await readJson(await call('POST', '/validate/certificate', token, { content: world.CERTIFICATE })),
    ).toMatchObject({ valid: true })
    const notCms = await call('POST', '/validate/signature', token, { content: world.PDF_BASE64 })
    expect(notCms.status).toBe(400)
    const notPdf = await call('POST', '/validate/document', token, { content: 'SGVsbG8gd29ybGQh' })
    expect(notPdf.status).toBe(415)
    expect(await notPdf.json()).toMatchObject({ code: 'document.not_pdf' })
    expect((await call('POST', '/validate/document', undefined, { content: world.PDF_BASE64 })).status).toBe(
      401,
    )
    const form = new FormData()
    form.set('file', new Blob([Buffer.from(world.PDF_BASE64 ?? '', 'base64')]), 'contract.pdf')
    const wrongPart = await fetch(`${v1}/validate/document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    expect(wrongPart.status).toBe(400)
    expect(await wrongPart.json()).toMatchObject({ field: 'content' })

    // Another API user's validations and tooling documents are not there for it.
    const upload = await readJson(await call('POST', '/tooling/upload', token, { content: world.SIGNED_PDF }))
    for (const [method, path] of [
      ['GET', `/infos/${id}/signers`],
      ['GET', `/reports/${id}/etsi`],
      ['GET', `/reports/${id}/skribble`],
      ['DELETE', `/validate/${id}`],
      ['GET', `/tooling/${upload.id}`],
      ['POST', `/tooling/process/${upload.id}/check?conform=claimed`],
      ['DELETE', `/tooling/${upload.id}`],
    ] as const) {
      expect((await call(method, path, otherToken)).status, `${method} ${path}`).toBe(404)
    }
    expect((await readJson(await call('GET', '/billing/credits/usage', otherToken))).requests).toBe(0)

    // Tooling: qpdf's lossless rewrite, the seal's field spotted, no PDF/A pretended.
    // Rewriting a signed PDF breaks its signatures: only when forced.
    const signed = await call('POST', `/tooling/process/${upload.id}/compress?optimise=size`, token)
    expect(signed.status).toBe(422)
    expect(await signed.json()).toMatchObject({ field: 'force' })
    expect(upload.permissions).toMatchObject({ canCompress: false })
    const compressed = await readJson(
      await call('POST', `/tooling/process/${upload.id}/compress?optimise=size&force=true`, token),
    )
    expect(compressed).toMatchObject({
      status: 'success',
      originalSize: (upload.properties as { size: number }).size,
    })
    const download = await call('GET', `/tooling/${upload.id}`, token)
    expect((await download.arrayBuffer()).byteLength).toBe(compressed.newSize)
    const spotted = await readJson(await call('POST', `/tooling/process/${upload.id}/spotsigners`, token))
    expect((spotted.results as { signatures: unknown[] }).signatures).toHaveLength(1)
    const pdfa = await call(
      'POST',
      `/tooling/process/${upload.id}/conform?conform=pdfa-2b&allowdowngrade=true`,
      token,
    )
    expect(pdfa.status).toBe(422)
    expect(await pdfa.json()).toMatchObject({ field: 'conform' })
    expect((await call('POST', `/tooling/process/${upload.id}/check?conform=pdfa-2b`, token)).status).toBe(
      422,
    )

    // Deleted is gone, and still counted: four validations and an upload, a credit each.
    expect((await call('DELETE', `/validate/${id}`, token)).status).toBe(204)
    expect((await call('GET', `/infos/${id}/validation`, token)).status).toBe(404)
    expect((await call('DELETE', `/tooling/${upload.id}`, token)).status).toBe(204)
    expect((await call('GET', `/tooling/${upload.id}`, token)).status).toBe(404)
    const after = await usage()
    expect(Number(after.requests) - Number(before.requests)).toBe(6)
    expect(Number(after.credits) - Number(before.credits)).toBe(6)
    expect((await call('GET', '/billing/credits/invoiced?period=2024', token)).status).toBe(200)
    expect((await call('GET', '/billing/credits/invoiced?period=24', token)).status).toBe(400)

    // Ten minutes on, what was not deleted is gone: answers at once, a tooling document at the upkeep.
    const kept = await readJson(await call('POST', '/tooling/upload', token, { content: world.PDF_BASE64 }))
    // Tooling documents, as the sign API lists the API user's documents (named `Document`, as JSON names none).
    const toolingDocuments = async () => {
      const response = await fetch(`${api.server.url}/api/skribble/v3/documents`, {
        headers: { authorization: `Bearer ${token}` },
      })
      return ((await response.json()) as { title: string }[]).filter((d) => d.title === 'Document').length
    }
    expect(await toolingDocuments()).toBeGreaterThan(0)
    api.clock.advance(10 * 60_000 + 1000)
    expect((await call('GET', `/tooling/${kept.id}`, token)).status).toBe(404)
    const handle = await openDatabase(api.server.database)
    try {
      expect(await forgetSkribbleValidations(handle.db, api.clock.now())).toBeGreaterThan(0)
    } finally {
      await handle.close()
    }
    expect(await toolingDocuments()).toBe(0)
  })

  it('takes a document larger than the JSON limit as base64 on its document routes only', async () => {
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${api.server.url}/api/skribble/v3${path}`, {
        method,
        headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    // 1.5 MB of PDF, 2 MB as base64: over the 1 MB every other JSON body is held to.
    const pdf = withLargeStream(Buffer.from(world.PDF_BASE64 ?? '', 'base64'), 1_500_000)
    const large = await call('POST', '/documents', { title: 'Large', content: pdf.toString('base64') })
    expect(large.status, await large.clone().text()).toBe(200)
    expect(await large.json()).toMatchObject({ size: pdf.byteLength })
    const elsewhere = await call('PUT', '/signature-requests', {
      id: world.SR_ID,
      message: 'x'.repeat(1_100_000),
    })
    expect(elsewhere.status).toBe(400)
    expect(await elsewhere.json()).toMatchObject({ code: 'request.too_large' })
  })
})

/**
 * `pdf` with an incremental update that adds an unreferenced stream of `size` bytes: a valid PDF that large.
 */
function withLargeStream(pdf: Buffer, size: number): Buffer {
  const text = pdf.toString('latin1')
  const root = text.match(/\/Root (\d+ \d+ R)/)?.[1]
  const previous = [...text.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1]
  const object = `\n999 0 obj\n<< /Length ${size} >>\nstream\n${'x'.repeat(size)}\nendstream\nendobj\n`
  const objectAt = pdf.byteLength + 1
  const xrefAt = pdf.byteLength + object.length
  const update = `${object}xref\n999 1\n${String(objectAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 1000 /Root ${root} /Prev ${previous} >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')])
}

const isPublic = (op: DescribedOperation) =>
  Array.isArray(op.operation.security) &&
  (op.operation.security as object[]).every((s) => Object.keys(s).length === 0)

type Content = Record<
  string,
  { schema?: object; example?: unknown; examples?: Record<string, { value: unknown }> }
>

/**
 * The bodies the description gives the operation, for each media type it takes: each named example, or the
 * type's single example, or else one built from the `example` of each property of its schema; one call without
 * a body when it takes none.
 */
function requestExamples(op: DescribedOperation): { name: string; type: string; value: unknown }[] {
  const content = (op.operation.requestBody as { content?: Content } | undefined)?.content
  // sign v2's GET .../attachments describes a body, which no client sends with a GET.
  if (content === undefined || op.method === 'GET') return [{ name: 'none', type: '', value: undefined }]
  return Object.entries(content).flatMap(([type, media]) => {
    if (media.examples !== undefined) {
      return Object.entries(media.examples).map(([name, e]) => ({
        name: `${type} ${name}`,
        type,
        value: e.value,
      }))
    }
    if (media.example !== undefined) return [{ name: type, type, value: media.example }]
    type Property = { example?: unknown; format?: string }
    type Schema = { title?: string; properties?: Record<string, Property>; oneOf?: Schema[] }
    // A file part without an example is the stand-in of validation v1's content, sent as a file.
    const exampleOf = (p: Property) =>
      p.example ?? (p.format === 'binary' && type === 'multipart/form-data' ? binaryStandIn : undefined)
    const examplesOf = (schema: Schema | undefined) =>
      Object.entries(schema?.properties ?? {})
        .map(([k, p]): [string, { example?: unknown }] => [k, { example: exampleOf(p) }])
        .filter(([, p]) => p.example !== undefined)
    const schema = media.schema as Schema | undefined
    // A body of several shapes (content or file_url): one built per shape.
    const shapes = schema?.oneOf?.map((shape) => ({
      name: shape.title ?? '',
      entries: examplesOf(shape),
    })) ?? [{ name: '', entries: [] }]
    return shapes.map((shape) => {
      const built = [...examplesOf(schema), ...shape.entries]
      return {
        name: `${type} built${shape.name === '' ? '' : ` ${shape.name}`}`,
        type,
        value: built.length === 0 ? undefined : Object.fromEntries(built.map(([k, p]) => [k, p.example])),
      }
    })
  })
}

/** A body as the harness sends it. */
type EncodedBody = { type: string; data: string | FormData }

/** The example that stands for a file part: it is replaced by the world's CONTENT, base64. */
const binaryStandIn = 'MIICjDCCAfWgAwIBAgIJANJczGLGyD...'

const json = (value: unknown) => ({ type: 'application/json', data: JSON.stringify(value) })

/**
 * The example as the media type sends it: form-encoded, multipart when it carries a file (`binaryFields`, its
 * base64 sent as the file's bytes), else JSON (sign v2's multipart examples are JSON objects).
 */
function encodeBody(type: string, value: object, binaryFields: string[]): EncodedBody {
  if (type === 'application/x-www-form-urlencoded') {
    return { type, data: new URLSearchParams(value as Record<string, string>).toString() }
  }
  if (type === 'multipart/form-data' && binaryFields.length > 0) {
    const form = new FormData()
    for (const [key, item] of Object.entries(value)) {
      if (binaryFields.includes(key)) {
        form.set(key, new Blob([Buffer.from(String(item), 'base64')]), 'document.pdf')
      } else form.set(key, String(item))
    }
    return { type, data: form }
  }
  return json(value)
}

/** The required query parameters with their examples. */
function requiredQuery(op: DescribedOperation): string {
  const parameters = (op.operation.parameters ?? []) as {
    in: string
    name: string
    required?: boolean
    example?: unknown
    schema?: { example?: unknown; default?: unknown }
  }[]
  const query = new URLSearchParams()
  for (const p of parameters) {
    if (p.in !== 'query' || p.required !== true) continue
    query.set(p.name, String(p.example ?? p.schema?.example ?? p.schema?.default ?? ''))
  }
  const text = query.toString()
  return text === '' ? '' : `?${text}`
}

/** The required header parameters with their examples, each stand-in replaced by what the world made. */
function requiredHeaders(op: DescribedOperation, world: World): Record<string, string> {
  const parameters = (op.operation.parameters ?? []) as {
    in: string
    name: string
    required?: boolean
    example?: unknown
  }[]
  return Object.fromEntries(
    parameters
      .filter((p) => p.in === 'header' && p.required === true)
      .map((p) => [p.name, String(substitute(String(p.example ?? ''), world))]),
  )
}

/** Example values that stand for what the harness makes only where they are the whole value. */
const wholeStandIns: Record<string, string> = {
  // An observer by user id: a member of the API user's business.
  '123': 'MEMBER_ID',
}

/** The example with each stand-in value replaced by what the world made for it (in URLs too). */
function substitute(value: unknown, world: World): unknown {
  const whole = typeof value === 'string' ? wholeStandIns[value] : undefined
  if (whole !== undefined) return world[whole] ?? value
  if (typeof value === 'string') {
    return standIns.reduce((text, [example, key]) => text.replaceAll(example, world[key] ?? example), value)
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, world))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, world)]))
  }
  return value
}

const ajv = new Ajv2020({ strict: false, allErrors: true })
const formats: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  email: /^[^\s@]+@[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:\S*$/i,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  byte: /^[A-Za-z0-9+/]*={0,2}$/,
}
for (const [name, pattern] of Object.entries(formats)) ajv.addFormat(name, pattern)
for (const name of ['int32', 'int64', 'float', 'double', 'binary', 'password']) ajv.addFormat(name, true)

/**
 * Expects the first 2xx status the description gives, and an answer its schema accepts: JSON validated, text a
 * string, a file of the media type it names. Answers the parsed JSON (or undefined).
 */
async function checkAnswer(op: DescribedOperation, response: Response): Promise<unknown> {
  const responses = op.operation.responses as Record<string, { content?: Content }>
  const status = Object.keys(responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort()[0]
  const text = response.headers.get('content-type')?.startsWith('application/json')
    ? await response.clone().text()
    : `${response.headers.get('content-type')}`
  expect(response.status, text).toBe(Number(status))
  const content = responses[String(status)]?.content
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? ''
  // An answer the description leaves without content may still carry what was made (a signer's id).
  if (content === undefined) return type === 'application/json' ? response.json() : undefined
  const described = content[type]
  expect(described, `answered ${type}, described ${Object.keys(content).join(', ')}`).toBeDefined()
  if (type === 'application/json') {
    const answer: unknown = await response.json()
    const validate = ajv.compile(described?.schema ?? {})
    expect(validate(answer) ? [] : validate.errors, JSON.stringify(answer).slice(0, 2000)).toEqual([])
    return answer
  }
  if (type === 'text/plain') {
    const answer = await response.text()
    expect(answer.length).toBeGreaterThan(0)
    return answer
  }
  expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0)
  return undefined
}
