import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A person's data as IDnow's `userdata` gives it: each field with its `value`. */
type FakeUserdata = Record<string, { value: string }>

type FakeIdentification = {
  companyId: string
  transactionNumber: string
  id: string
  person: Record<string, unknown>
  result: string | null
  userdata: FakeUserdata
  documentNumber: string | null
}

/** IDnow's Gateway API as seen over HTTP: companies log in with their API key, start and read identifications. */
export type FakeIdnow = {
  url: string
  /** Every call, in order: `POST /api/v1/<company>/login` and the like. */
  calls: string[]
  identifications: Map<string, FakeIdentification>
  /** Answers 503 to every identification call while true, as IDnow does when it is down. */
  down: boolean
  /** Refuses every login token given out so far (401), as when they expire. */
  expireTokens(): void
  /** The identification of `transactionNumber` ends with `result`, the specialist having found `userdata`. */
  finish(transactionNumber: string, result: string, userdata?: FakeUserdata, documentNumber?: string): void
  /** The body of IDnow's webhook about an identification (the identification as the API answers it). */
  webhookBody(transactionNumber: string): string
  close(): Promise<void>
}

/** Starts a fake IDnow whose companies are `apiKeys` (company id to API key). */
export async function startFakeIdnow(apiKeys: Record<string, string>): Promise<FakeIdnow> {
  const calls: string[] = []
  const identifications = new Map<string, FakeIdentification>()
  const tokens = new Map<string, string>()
  let issued = 0
  const answerOf = (identification: FakeIdentification) => ({
    identificationprocess: {
      companyid: identification.companyId,
      transactionnumber: identification.transactionNumber,
      id: identification.id,
      ...(identification.result === null ? {} : { result: identification.result }),
    },
    userdata: identification.userdata,
    ...(identification.documentNumber === null
      ? {}
      : { identificationdocument: { number: { value: identification.documentNumber } } }),
  })
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? ''
      calls.push(`${req.method} ${path}`)
      const body = chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8'))
      const match = /^\/api\/v1\/([^/]+)\/(login|identifications\/([^/]+)(\/start)?)$/.exec(path)
      const companyId = decodeURIComponent(match?.[1] ?? '')
      if (match === null || apiKeys[companyId] === undefined)
        return send(404, { errors: [{ cause: 'NOT_FOUND' }] })
      if (match[2] === 'login') {
        if (req.method !== 'POST' || body.apiKey !== apiKeys[companyId])
          return send(401, { errors: [{ cause: 'INVALID_LOGIN_TOKEN' }] })
        const token = `jwt-${companyId}-${++issued}`
        tokens.set(token, companyId)
        return send(200, { authToken: token })
      }
      const token = req.headers['x-api-login-token']
      if (typeof token !== 'string' || tokens.get(token) !== companyId)
        return send(401, { errors: [{ cause: 'INVALID_LOGIN_TOKEN' }] })
      if (fake.down) return send(503, { errors: [{ cause: 'SERVICE_UNAVAILABLE' }] })
      const transactionNumber = decodeURIComponent(match[3] ?? '')
      const key = `${companyId}/${transactionNumber}`
      if (match[4] === '/start' && req.method === 'POST') {
        const identification = {
          companyId,
          transactionNumber,
          id: `TST-${identifications.size + 1}`,
          person: body,
          result: null,
          userdata: {},
          documentNumber: null,
        }
        identifications.set(key, identification)
        return send(200, { id: identification.id })
      }
      const identification = identifications.get(key)
      if (req.method !== 'GET' || identification === undefined)
        return send(404, { errors: [{ cause: 'OBJECT_NOT_FOUND' }] })
      return send(200, answerOf(identification))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const find = (transactionNumber: string) => {
    const found = [...identifications.values()].find((i) => i.transactionNumber === transactionNumber)
    if (found === undefined) throw new Error(`no identification ${transactionNumber}`)
    return found
  }
  const fake: FakeIdnow = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    identifications,
    down: false,
    expireTokens: () => tokens.clear(),
    finish(transactionNumber, result, userdata = {}, documentNumber) {
      Object.assign(find(transactionNumber), { result, userdata, documentNumber: documentNumber ?? null })
    },
    webhookBody: (transactionNumber) => JSON.stringify(answerOf(find(transactionNumber))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  return fake
}
