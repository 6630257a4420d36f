import { createHash, createHmac } from 'node:crypto'

/** A request to sign with AWS Signature Version 4. */
export type SignV4Request = {
  method: string
  host: string
  /** The path as it is before encoding (an S3 key may hold any character); each segment is encoded once. */
  path: string
  query?: ReadonlyArray<readonly [string, string]>
  /** Headers to sign besides `host` and `x-amz-date`, which are added; names in any case. */
  headers?: Readonly<Record<string, string>>
  /** Hex SHA-256 of the body, or `UNSIGNED-PAYLOAD`. */
  payloadSha256: string
  region: string
  service: string
  accessKeyId: string
  secretAccessKey: string
  now: Date
}

/** The headers to send for a signed request: the given ones, `x-amz-date` and `authorization`. */
export type SignedHeaders = Record<string, string>

const hex = (data: string) => createHash('sha256').update(data).digest('hex')
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it: everything but `A-Z a-z 0-9 - . _ ~` percent-encoded. */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** The path as it goes on the wire and into the canonical request. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeRfc3986).join('/')
}

/** `20150830T123600Z` */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** Signs a request with AWS Signature Version 4 (header form), from node:crypto alone. */
export function signV4(request: SignV4Request): SignedHeaders {
  const date = amzDate(request.now)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value
  headers.host = request.host
  headers['x-amz-date'] = date
  const names = Object.keys(headers).sort()
  const canonicalHeaders = names
    .map((name) => `${name}:${headers[name]?.trim().replace(/\s+/g, ' ')}\n`)
    .join('')
  const signedHeaders = names.join(';')
  const canonicalQuery = (request.query ?? [])
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const canonicalRequest = [
    request.method,
    encodePath(request.path),
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    request.payloadSha256,
  ].join('\n')
  const scope = `${date.slice(0, 8)}/${request.region}/${request.service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, hex(canonicalRequest)].join('\n')
  const dateKey = hmac(`AWS4${request.secretAccessKey}`, date.slice(0, 8))
  const signingKey = hmac(hmac(hmac(dateKey, request.region), request.service), 'aws4_request')
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex')
  const { host: _host, ...sent } = headers
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  }
}
