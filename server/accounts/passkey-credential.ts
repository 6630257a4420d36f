import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import * as v from 'valibot'
import { ApiError } from '../http/api-error.ts'

const base64url = v.pipe(v.string(), v.minLength(1), v.maxLength(16_000), v.regex(/^[A-Za-z0-9_-]+={0,2}$/))

const credentialFields = {
  id: base64url,
  rawId: base64url,
  type: v.literal('public-key'),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
}

const registrationSchema = v.object({
  ...credentialFields,
  response: v.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(40))), []),
  }),
})

const authenticationSchema = v.object({
  ...credentialFields,
  response: v.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: v.optional(base64url),
  }),
})

/** The browser's answer to registration options (the JSON text of `credential`); 400 `request.invalid` if it is none. */
export function readRegistration(text: string): RegistrationResponseJSON {
  const parsed = read(registrationSchema, text)
  const transports = parsed.response.transports as AuthenticatorTransport[]
  return { ...parsed, response: { ...parsed.response, transports } }
}

/** The browser's answer to sign-in options (the JSON text of `credential`); 400 `request.invalid` if it is none. */
export function readAuthentication(text: string): AuthenticationResponseJSON {
  return read(authenticationSchema, text)
}

function read<S extends v.GenericSchema>(schema: S, text: string): v.InferOutput<S> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  const result = v.safeParse(schema, json)
  if (!result.success) {
    const path = v.getDotPath(result.issues[0])
    const where = path === null ? '' : ` (${path})`
    throw new ApiError(400, 'request.invalid', `credential: not a passkey’s answer${where}`, {
      field: 'credential',
    })
  }
  return result.output
}
