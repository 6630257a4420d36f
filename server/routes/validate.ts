import { Hono } from 'hono'
import { sendJson } from '../http/send-json.ts'
import { type ValidationServices, validateUpload } from '../signing/validate-upload.ts'

/** `POST /v1/validate`: anyone may check the signatures of a PDF, signed here or elsewhere. */
export function createValidateRoutes(services: ValidationServices): Hono {
  return new Hono().post('/v1/validate', async (c) => sendJson(c, await validateUpload(services, c.req.raw)))
}
