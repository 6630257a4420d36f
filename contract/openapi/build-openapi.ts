import type { JsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { apiUserSchema } from '../api-users.ts'
import { setupIntentSchema } from '../billing.ts'
import { businessSchema, businessSettingsSchema } from '../businesses.ts'
import { documentSchema } from '../documents.ts'
import { apiErrorSchema } from '../errors.ts'
import { apiBase } from '../paths.ts'
import { upgradePreviewSchema } from '../price-plans.ts'
import { sealDetailSchema, sealSchema } from '../seals.ts'
import { attachmentSchema, signatureRequestSchema, signatureSchema } from '../signature-requests.ts'
import { tokenAnswerSchema, userSchema } from '../user.ts'
import type { Answer, ErrorsByStatus, Operation } from './operation.ts'
import { operationTags } from './operation.ts'
import { maxPage, type PathParameterFormat, pathParametersOf } from './path-parameters.ts'
import { componentRef, type SchemaComponents, wireComponents, wireJsonSchema } from './wire-schema.ts'

/** An OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: { url: string; description: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components: {
    schemas: Record<string, JsonSchema>
    securitySchemes: Record<string, Record<string, string>>
  }
}

/** One operation of an {@link OpenApiDocument}. */
export type OpenApiOperation = {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  security: Record<string, string[]>[]
  parameters?: OpenApiParameter[]
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, OpenApiResponse>
}

/** A path or query parameter. */
export type OpenApiParameter = {
  name: string
  in: 'path' | 'query'
  required: boolean
  description?: string
  schema: JsonSchema
}

/** A response: its description, and its content by media type. */
type OpenApiResponse = {
  description: string
  content?: Record<string, { schema?: JsonSchema; example?: unknown }>
  headers?: Record<string, { description: string; schema: JsonSchema }>
  /** The stable error codes this response may carry. */
  'x-error-codes'?: string[]
}

/** What goes into the description: the server's calls, and its version. */
type BuildOpenApiOptions = {
  /** The server's version (package.json), which the description carries. */
  version: string
  /** Every call of the API (SPEC §7), as its routes describe themselves (server/http/describe-route.ts). */
  operations: readonly Operation[]
}

/** Answers that the reference shows as named models, referred to wherever an answer holds them. */
const schemaComponents = {
  ApiError: apiErrorSchema,
  User: userSchema,
  Token: tokenAnswerSchema,
  SignatureRequest: signatureRequestSchema,
  Signature: signatureSchema,
  Document: documentSchema,
  Attachment: attachmentSchema,
  Business: businessSchema,
  Seal: sealSchema,
  SealDetail: sealDetailSchema,
  ApiUser: apiUserSchema,
  UpgradePreview: upgradePreviewSchema,
  SetupIntent: setupIntentSchema,
  BusinessSettings: businessSettingsSchema,
} satisfies Record<string, v.GenericSchema>

const description = `The Signet API, under \`${apiBase}\`. Bodies and answers are JSON with snake_case keys; every error answers in the \`ApiError\` shape with a stable \`code\`.

People sign in with \`POST /v1/login\` and send \`Authorization: Bearer <token>\`. A business's API users trade their username and key for a token of 24 hours at \`POST /v2/access/login\` (\`{"username", "api_key"}\`), or send \`Authorization: Basic <username:key>\` with every call. A key of scope \`read\` may only read (GET); \`sign\` also creates, sends and signs requests. An API user may make 300 requests a minute (then 429 \`request.rate_limited\` with \`Retry-After\`).

Pointing a Skribble integration at Signet: Skribble's public API is answered as Skribble describes it under \`${apiBase}/skribble/v3\`, \`${apiBase}/skribble/v2\` and \`${apiBase}/skribble/validation/v1\` (its descriptions are not part of this one). Change the integration's base URL to one of these and log in as an API user at \`…/access/login\` with \`username\` and \`api-key\`; the README lists what is translated onto which operation.`

const securitySchemes = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'A token of `POST /v1/login` (a person) or `POST /v2/access/login` (an API user).',
  },
  basic: {
    type: 'http',
    scheme: 'basic',
    description:
      'An API user’s username and key. A `read` key may only read; the others are refused with 403 `api_user.read_only`.',
  },
  directLink: {
    type: 'http',
    scheme: 'basic',
    description: 'A direct-link signer: the signature id as username and the request id as password.',
  },
  directToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'The secret of the direct link, beside `directLink`.',
  },
} as const

const securityOf: Record<Operation['auth'], Record<string, string[]>[]> = {
  account: [{ bearer: [] }, { basic: [] }],
  direct: [{ directLink: [], directToken: [] }],
  none: [],
}

const reasons: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'The request is wrong',
  401: 'Not signed in',
  402: 'The payment was declined',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Refused in the current state',
  410: 'Gone',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Cannot be processed',
  423: 'Locked',
  429: 'Too many requests',
  503: 'Unavailable',
}

const retryAfter = {
  description: 'Seconds to wait before asking again.',
  schema: { type: 'integer', minimum: 0 },
} as const

/**
 * The OpenAPI 3.1 description of the API, generated from what its routes declare and the contract's valibot
 * schemas: request bodies as clients send them, answers as the server sends them, both in wire (snake_case)
 * names.
 */
export function buildOpenApi({ version, operations }: BuildOpenApiOptions): OpenApiDocument {
  const components: SchemaComponents = schemaComponents
  const caseOptions = {
    preserveKeysOf: operations.flatMap((operation) =>
      [operation.body, ...operation.answers].flatMap((part) =>
        part !== undefined && 'caseOptions' in part ? (part.caseOptions?.preserveKeysOf ?? []) : [],
      ),
    ),
  }
  const paths: OpenApiDocument['paths'] = {}
  for (const operation of operations) {
    const methods = paths[operation.path] ?? {}
    methods[operation.method] = describeOperation(operation, components)
    paths[operation.path] = methods
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Signet API', version, description },
    servers: [{ url: apiBase, description: 'This server' }],
    tags: operationTags.map((tag) => ({ ...tag })),
    paths,
    components: { schemas: wireComponents(components, caseOptions), securitySchemes },
  }
}

function describeOperation(operation: Operation, components: SchemaComponents): OpenApiOperation {
  const parameters = [...pathParameters(operation.path), ...queryParameters(operation)]
  const described: OpenApiOperation = {
    operationId: operationId(operation),
    summary: operation.summary,
    ...(operation.description === undefined ? {} : { description: operation.description }),
    tags: [operation.tag],
    security: securityOf[operation.auth],
    ...(parameters.length === 0 ? {} : { parameters }),
    responses: {},
  }
  const body = requestBody(operation)
  if (body !== undefined) described.requestBody = body
  for (const answer of operation.answers) addAnswer(described.responses, answer, components)
  for (const [status, codes] of Object.entries(refusals(operation))) {
    described.responses[status] = errorResponse(Number(status), codes, operation.path)
  }
  described.responses.default = {
    description: 'Any other error, in the same shape (e.g. 500 `server.error`).',
    content: { 'application/json': { schema: { $ref: componentRef('ApiError') } } },
  }
  return described
}

/**
 * `get /v3/signature-requests/{id}/events` is `getV3SignatureRequestsIdEvents`: no underscores, which Swagger
 * UI's deep links would take for spaces.
 */
function operationId({ method, path }: Operation): string {
  const words = path
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => `${word[0]?.toUpperCase()}${word.slice(1)}`)
  return [method, ...words].join('')
}

function pathParameters(path: string): OpenApiParameter[] {
  return pathParametersOf(path).map(({ name, parameter }) => ({
    name,
    in: 'path',
    required: true,
    description: `${parameter.subject}.`,
    schema: formatSchema(parameter.format),
  }))
}

function formatSchema(format: PathParameterFormat): JsonSchema {
  if (format === 'uuid') return { type: 'string', format: 'uuid' }
  if (format === 'page') return { type: 'integer', minimum: 0, maximum: maxPage }
  if (format === 'text') return { type: 'string' }
  if ('orUuid' in format)
    return { anyOf: [{ type: 'string', enum: [...format.words] }, formatSchema('uuid')] }
  return { type: 'string', enum: [...format] }
}

function queryParameters(operation: Operation): OpenApiParameter[] {
  if (operation.query === undefined) return []
  const query = wireJsonSchema(operation.query, 'input')
  const required = new Set(query.required ?? [])
  return Object.entries(query.properties ?? {}).map(([name, schema]) => {
    const { description: meaning, ...rest } = schema as JsonSchema
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(meaning === undefined ? {} : { description: meaning }),
      schema: rest,
    }
  })
}

function requestBody(operation: Operation): OpenApiOperation['requestBody'] {
  const { body } = operation
  if (body === undefined) return undefined
  if ('upload' in body) {
    const { file, fields = [] } = body.upload
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary', description: `The file: ${file.join(', ')}.` },
        ...Object.fromEntries(fields.map((field) => [field, { type: 'string' }])),
      },
      required: ['file'],
    }
    return { required: true, content: { 'multipart/form-data': { schema } } }
  }
  if ('binary' in body) {
    const { media, description } = body.binary
    return {
      required: true,
      content: { [media]: { schema: { type: 'string', format: 'binary', description } } },
    }
  }
  const schema = wireJsonSchema(body.json, 'input', { caseOptions: body.caseOptions })
  return { required: body.optional !== true, content: { 'application/json': { schema } } }
}

function addAnswer(responses: Record<string, OpenApiResponse>, answer: Answer, components: SchemaComponents) {
  const key = String(answer.status)
  const response: OpenApiResponse = responses[key] ?? {
    description: ('description' in answer ? answer.description : undefined) ?? reasons[answer.status] ?? 'OK',
  }
  if ('json' in answer) {
    const schema = wireJsonSchema(answer.json, 'output', { caseOptions: answer.caseOptions, components })
    response.content = { ...response.content, 'application/json': { schema } }
  } else if ('media' in answer) {
    response.content = { ...response.content, [answer.media]: {} }
  }
  if (answer.status === 202) response.headers = { 'Retry-After': retryAfter }
  if (answer.status >= 300 && answer.status < 400 && answer.status !== 304) {
    response.headers = { Location: { description: 'Where to go.', schema: { type: 'string' } } }
  }
  responses[key] = response
}

/** The refusals every call of the operation's kind has, with the operation's own. */
function refusals(operation: Operation): Record<number, string[]> {
  const found: Record<number, Set<string>> = {}
  const add = (errors: ErrorsByStatus) => {
    for (const [status, codes] of Object.entries(errors)) {
      const set = found[Number(status)] ?? new Set<string>()
      for (const code of codes ?? []) set.add(code)
      found[Number(status)] = set
    }
  }
  const { body } = operation
  if (body !== undefined && 'json' in body) {
    add({
      400: ['request.invalid', 'request.malformed_json', 'request.too_deep'],
      413: ['request.too_large'],
    })
  } else if (body !== undefined && 'binary' in body) {
    add({ 413: ['request.too_large'], 415: ['request.unsupported_media_type'] })
  } else if (operation.query !== undefined || body !== undefined) {
    add({ 400: ['request.invalid'] })
  }
  if (body !== undefined && 'upload' in body) add({ 415: ['request.unsupported_media_type'] })
  if (operation.auth === 'account') {
    add({ 401: ['auth.unauthenticated', 'auth.token_expired'], 429: ['request.rate_limited'] })
    if (operation.method !== 'get') add({ 403: ['api_user.read_only'] })
  }
  if (operation.auth === 'direct') add({ 401: ['direct.invalid_token'] })
  for (const { parameter } of pathParametersOf(operation.path)) {
    add({ [parameter.refusal.status]: [parameter.refusal.code] })
  }
  add(operation.errors ?? {})
  return Object.fromEntries(Object.entries(found).map(([status, codes]) => [status, [...codes]]))
}

function errorResponse(status: number, codes: string[], path: string): OpenApiResponse {
  const example = {
    status,
    code: codes[0],
    message: 'What was refused, in words for people',
    path: `${apiBase}${path}`,
  }
  return {
    description: `${reasons[status] ?? 'Refused'}: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
    content: { 'application/json': { schema: { $ref: componentRef('ApiError') }, example } },
    ...(status === 429 || status === 503 ? { headers: { 'Retry-After': retryAfter } } : {}),
    'x-error-codes': codes,
  }
}
