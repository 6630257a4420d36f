import { createHmac } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUserPaths } from '../../../contract/api-users.ts'
import { sealPaths } from '../../../contract/seals.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { openBusiness } from '../businesses/business-client.ts'
import { putSeal, sealCall } from '../seals/seal-client.ts'
import { makePdf } from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'

/**
 * Issue 43, "Done when": a client written for Skribble's API, with only its base URL changed, creates, sends,
 * seals and downloads against Signet. No Skribble SDK can be installed here, so {@link SkribbleClient} is one
 * written from Skribble's documentation (api/skribble/): it knows nothing of Signet.
 */
class SkribbleClient {
  private token: string | undefined
  private readonly baseUrl: string
  private readonly username: string
  private readonly apiKey: string

  constructor(baseUrl: string, username: string, apiKey: string) {
    this.baseUrl = baseUrl
    this.username = username
    this.apiKey = apiKey
  }

  /** `POST /access/login`: the JWT, as text, that every later call sends as its bearer token. */
  async login(): Promise<void> {
    const response = await fetch(`${this.baseUrl}/access/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: this.username, 'api-key': this.apiKey }),
    })
    if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`)
    this.token = await response.text()
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    const text = await response.text()
    return (text === '' ? undefined : JSON.parse(text)) as T
  }

  uploadDocument(title: string, pdf: Uint8Array) {
    return this.call<{ id: string; page_count: number }>('POST', '/documents', {
      title,
      content: Buffer.from(pdf).toString('base64'),
    })
  }

  createSignatureRequest(body: object) {
    return this.call<SkribbleRequest>('POST', '/signature-requests', body)
  }

  initiate(id: string) {
    return this.call<SkribbleRequest>('POST', `/signature-requests/${id}/initiate`)
  }

  getSignatureRequest(id: string) {
    return this.call<SkribbleRequest>('GET', `/signature-requests/${id}`)
  }

  sendto(title: string, pdf: Uint8Array) {
    return this.call<{ url: string; id: string; access_code: string }>('POST', '/sendto', {
      title,
      content: Buffer.from(pdf).toString('base64'),
    })
  }

  /** A Send-To call with its access code: the answer as it comes. */
  sendtoCall(method: string, path: string, accessCode: string): Promise<Response> {
    return fetch(`${this.baseUrl}/sendto/${path}`, { method, headers: { 'X-Accesscode': accessCode } })
  }

  seal(pdf: Uint8Array, accountName?: string) {
    return this.call<{ document_id: string }>('POST', '/seal', {
      content: Buffer.from(pdf).toString('base64'),
      ...(accountName === undefined ? {} : { account_name: accountName }),
      visual_signature: { position: { x: 364, y: 160, width: 129, height: 60, page: '0' } },
    })
  }

  /** `GET /documents/{id}/content`: the document as it stands, base64 in JSON. */
  async download(documentId: string): Promise<Uint8Array> {
    const { content } = await this.call<{ content: string }>('GET', `/documents/${documentId}/content`)
    return new Uint8Array(Buffer.from(content, 'base64'))
  }
}

type SkribbleRequest = {
  id: string
  status_overall: string
  documents: { id: string }[]
  signatures: { account_email: string; status_code: string }[]
}

describe.each(featureDrivers)('a Skribble client pointed at Signet on %s', (driver) => {
  let api: SigningClient
  let skribble: SkribbleClient
  let admin: string
  let businessId: string
  let callbackSecret: string

  beforeAll(async () => {
    api = await startSigningClient(driver)
    admin = await api.signUp('admin@acme.example')
    businessId = await openBusiness(api, admin, 'Acme AG')
    const key = await readJson(
      await api.call('POST', apiUserPaths.apiUsers(businessId), {
        token: admin,
        body: { username: 'erp', description: 'The ERP' },
      }),
      201,
    )
    callbackSecret = String(key.callbackSecret)
    const seal = await putSeal(api, admin, businessId, 'acme-legal', 'Acme Legal Department')
    await sealCall(api, 'POST', sealPaths.sealMembers(businessId, 'acme-legal'), admin, {
      members: [seal.candidates.find((c) => c.name === 'erp')?.id],
    })
    // The one thing changed in the client: its base URL.
    skribble = new SkribbleClient(`${api.server.url}/api/skribble/v3`, 'erp', String(key.apiKey))
  })

  afterAll(() => api?.server.stop())

  it('creates and sends a request, which its signer signs, and downloads the signed document', async () => {
    const signer = await api.signUp('signer@customer.example')
    await skribble.login()
    const document = await skribble.uploadDocument('Contract', await makePdf(1))
    const draft = await skribble.createSignatureRequest({
      title: 'Contract',
      message: 'Please sign',
      documents: [{ id: document.id }],
      signatures: [{ account_email: 'signer@customer.example' }],
    })
    expect(draft.status_overall).toBe('DRAFT')
    expect((await skribble.initiate(draft.id)).status_overall).toBe('OPEN')
    expect(await api.signed(signer, [{ signature_request_id: draft.id }])).toMatchObject([
      { result: 'complete', statusOverall: 'SIGNED' },
    ])
    const signed = await skribble.getSignatureRequest(draft.id)
    expect(signed).toMatchObject({
      status_overall: 'SIGNED',
      signatures: [{ account_email: 'signer@customer.example', status_code: 'SIGNED' }],
    })
    const [validated] = (await api.validated(await skribble.download(document.id))).signatures
    expect(validated).toMatchObject({ intact: true, trusted: true, contactInfo: 'signer@customer.example' })
  })

  it('sends a document to be signed by whoever claims its link, tracks it and downloads it signed', async () => {
    await skribble.login()
    const sent = await skribble.sendto('Order form', await makePdf(1))
    const track = async (code = sent.access_code) => {
      const response = await skribble.sendtoCall('GET', `${sent.id}/track`, code)
      return { status: response.status, body: response.status === 200 ? await response.json() : undefined }
    }
    expect(await track()).toEqual({
      status: 200,
      body: { status: 'UNCLAIMED', creator: null, signers: null },
    })
    // A wrong access code learns nothing.
    expect((await track('00000000-0000-4000-a000-000000000000')).status).toBe(404)
    // Whoever opens the link signed in claims it (Signet's own /sendto/{id}?token=), then signs.
    const person = await api.signUp('buyer@customer.example')
    const link = new URL(sent.url)
    expect(link.pathname).toBe(`/sendto/${sent.id}`)
    const claimed = await readJson(
      await api.call('POST', `/v3/sendto/${sent.id}/claim?token=${link.searchParams.get('token')}`, {
        token: person,
      }),
    )
    expect(await track()).toEqual({
      status: 200,
      body: { status: 'CLAIMED', creator: 'buyer@customer.example', signers: null },
    })
    expect(await api.signed(person, [{ signature_request_id: String(claimed.id) }])).toMatchObject([
      { result: 'complete', statusOverall: 'SIGNED' },
    ])
    expect(await track()).toEqual({
      status: 200,
      body: { status: 'SIGNED', creator: 'buyer@customer.example', signers: ['buyer@customer.example'] },
    })
    const download = await skribble.sendtoCall('GET', `${sent.id}/download`, sent.access_code)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    const [validated] = (await api.validated(new Uint8Array(await download.arrayBuffer()))).signatures
    expect(validated).toMatchObject({ intact: true, contactInfo: 'buyer@customer.example' })
    expect((await skribble.sendtoCall('DELETE', sent.id, sent.access_code)).status).toBe(200)
    expect((await track()).status).toBe(404)
  })

  it('seals a document with the business’s seal and downloads it sealed', async () => {
    await skribble.login()
    const { document_id } = await skribble.seal(await makePdf(1), 'acme-legal')
    const sealed = await skribble.download(document_id)
    const [validated] = (await api.validated(sealed)).signatures
    expect(validated).toMatchObject({
      kind: 'signature',
      intact: true,
      trusted: true,
      signer: expect.objectContaining({ commonName: 'Acme Legal Department' }),
    })
    // Without an account name, the first seal the API user may seal with.
    const [first] = (
      await api.validated(await skribble.download((await skribble.seal(await makePdf(1))).document_id))
    ).signatures
    expect(first?.signer?.commonName).toBe('Acme Legal Department')
  })

  it('still opens a Send-To made before codes were kept with the code it was given then', async () => {
    await skribble.login()
    const sent = await skribble.sendto('Old order', await makePdf(1))
    // Made before migration 0044: no code kept, and the code it was given is the HMAC of its id under the API
    // user's callback secret, as a UUID.
    const { database } = api.server
    if (database.driver !== 'postgres') throw new Error('the Skribble client runs on PostgreSQL')
    const db = new pg.Client({ connectionString: database.url })
    await db.connect()
    await db.query('delete from skribble_sendtos where signature_id = $1', [sent.id])
    await db.end()
    const hex = createHmac('sha256', callbackSecret).update(`skribble-sendto:${sent.id}`).digest('hex')
    const given = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
    expect((await skribble.sendtoCall('GET', `${sent.id}/track`, given)).status).toBe(200)
    expect((await skribble.sendtoCall('GET', `${sent.id}/track`, sent.access_code)).status).toBe(404)
  })

  // Last: the API user's key (and callback secret with it) is issued anew, which the other tests' client would
  // need to log in again.
  it('keeps a Send-To’s access code working after the API user’s key is issued anew', async () => {
    await skribble.login()
    const sent = await skribble.sendto('Delivery note', await makePdf(1))
    const other = await skribble.sendto('Invoice', await makePdf(1))
    await readJson(await api.call('PUT', apiUserPaths.resetApiUserKey(businessId, 'erp'), { token: admin }))
    const tracked = await skribble.sendtoCall('GET', `${sent.id}/track`, sent.access_code)
    expect(tracked.status).toBe(200)
    expect(await tracked.json()).toEqual({ status: 'UNCLAIMED', creator: null, signers: null })
    // One Send-To's code opens no other.
    expect((await skribble.sendtoCall('GET', `${sent.id}/track`, other.access_code)).status).toBe(404)
  })
})
