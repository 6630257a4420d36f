import { Hono } from 'hono'
import type { Database } from '../db/open-database.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { sendJson } from '../http/send-json.ts'
import { ValidationBusy } from '../signing/validate-pool.ts'
import { type ValidationServices, validateUpload } from '../signing/validate-upload.ts'

/** Validations one client address may ask for per minute: each can keep a worker busy for seconds. */
export const validationsPerMinute = 20

/**
 * `POST /v1/validate`: anyone may check the signatures of a PDF, signed here or elsewhere; `now` is the
 * clock of the per-address limit, counted in `db`.
 */
export function createValidateRoutes(services: ValidationServices & { now: () => Date; db: Database }): Hono {
  return new Hono().post(
    '/v1/validate',
    rateLimit({
      db: services.db,
      name: 'validate',
      limit: validationsPerMinute,
      windowMs: 60_000,
      now: services.now,
    }),
    async (c) => {
      try {
        return sendJson(c, await validateUpload(services, c.req.raw))
      } catch (error) {
        if (error instanceof ValidationBusy) c.header('Retry-After', String(error.retryAfterSeconds))
        throw error
      }
    },
  )
}
