import { Hono } from 'hono'
import { apiPaths } from '../../contract/paths.ts'
import { ApiError } from '../http/api-error.ts'
import type { PlatformSigning } from '../signing/signing-services.ts'

/** The platform's public PKI: its CA certificates, for anyone who validates a signed document. */
export function createPkiRoutes(platform: PlatformSigning | undefined): Hono {
  return new Hono().get(apiPaths.pkiCa(), (c) => {
    if (platform === undefined) throw new ApiError(503, 'server.unavailable', 'The PKI is not loaded')
    c.header('Content-Type', 'application/x-pem-file')
    c.header('Content-Disposition', 'inline; filename="signet-ca.pem"')
    return c.body(platform.pki.caPem())
  })
}
