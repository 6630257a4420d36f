import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { file } from '../../contract/openapi/operation.ts'
import { apiPaths } from '../../contract/paths.ts'
import { pkiCaOfFile } from '../../contract/pki.ts'
import type { Database } from '../db/open-database.ts'
import { ApiError } from '../http/api-error.ts'
import { describeRoute } from '../http/describe-route.ts'
import { certificateRevocationList } from '../signing/crl.ts'
import { answerOcspRequest, OcspRequestError, type RevocationServices } from '../signing/ocsp.ts'
import type { Pki, PlatformCa } from '../signing/pki.ts'
import type { PlatformSigning } from '../signing/signing-services.ts'

/** What the PKI's routes read: the registry of issued certificates, the clock and the platform's PKI. */
export type PkiRouteServices = {
  db: Database
  now: () => Date
  /** Absent where only the routes are listed: every PKI call answers 503. */
  platform: PlatformSigning | undefined
}

/** An OCSP request is a few hundred bytes; this bounds what the server reads of one. */
const maxOcspRequestBytes = 16 * 1024

const ocspMedia = { request: 'application/ocsp-request', response: 'application/ocsp-response' } as const

/**
 * The platform's public PKI, for anyone who validates a signed document: its CA certificates (PEM, and each
 * DER), the link certificates between its roots (PEM), its OCSP responder (RFC 6960, by POST and by GET) and each CA's CRL (RFC 5280). A body or path that is
 * no OCSP request is a 400 `pki.ocsp_request_malformed`; a CRL or certificate of no CA of ours is a 404
 * `pki.ca_not_found`.
 */
export function createPkiRoutes(services: PkiRouteServices): Hono {
  const loadedPki = (): Pki => {
    if (services.platform === undefined)
      throw new ApiError(503, 'server.unavailable', 'The PKI is not loaded')
    return services.platform.pki
  }
  const revocation = (): RevocationServices => ({ db: services.db, now: services.now, pki: loadedPki() })
  // The CA a file of `extension` names: every issuing CA keeps its addresses, which its certificates name.
  const caOfFile = async (file: string, extension: 'crl' | 'cer'): Promise<PlatformCa> => {
    const name = pkiCaOfFile(file, extension)
    const found = (await loadedPki().cas()).find((ca) => ca.ca === name)
    if (found === undefined) {
      throw new ApiError(404, 'pki.ca_not_found', `No CA of the platform publishes ${file}`)
    }
    return found
  }
  const answerOcsp = async (c: Context, requestDer: Uint8Array) => {
    const response = await answerOcspRequest(revocation(), requestDer).catch((error: unknown) => {
      if (!(error instanceof OcspRequestError)) throw error
      throw malformed(error.message, error)
    })
    return c.body(response, 200, { 'Content-Type': ocspMedia.response })
  }
  return new Hono()
    .get(
      apiPaths.pkiCa(),
      describeRoute({
        summary: 'The platform’s CA certificates, for validators to trust',
        tag: 'Platform',
        auth: 'none',
        description:
          'Every root that has not ended, the first one first, then every issuing CA that has not: a root renewed before its end (ROOT_CA_RENEWAL_DAYS) is listed beside the one before it from the day it is made.',
        answers: [file('application/x-pem-file', 'The roots’ and the issuing CAs’ certificates as PEM.')],
        errors: { 503: ['server.unavailable'] },
      }),
      async (c) => {
        const pem = await loadedPki().caPem()
        c.header('Content-Type', 'application/x-pem-file')
        c.header('Content-Disposition', 'inline; filename="signet-ca.pem"')
        return c.body(pem)
      },
    )
    .get(
      apiPaths.pkiLinks(),
      describeRoute({
        summary: 'The link certificates between the platform’s roots',
        description:
          'For each root and the one after it, the certificate of the newer root’s key by the older root and that of the older root’s key by the newer one: a validator that trusts one of them adds these as intermediates to reach the certificates the other issued. Empty while the platform has one root.',
        tag: 'Platform',
        auth: 'none',
        answers: [file('application/x-pem-file', 'The link certificates as PEM, oldest first.')],
        errors: { 503: ['server.unavailable'] },
      }),
      async (c) => {
        const pem = await loadedPki().linksPem()
        c.header('Content-Type', 'application/x-pem-file')
        c.header('Content-Disposition', 'inline; filename="signet-links.pem"')
        return c.body(pem)
      },
    )
    .post(
      apiPaths.pkiOcsp(),
      bodyLimit({
        maxSize: maxOcspRequestBytes,
        onError: () => {
          throw new ApiError(413, 'request.too_large', 'An OCSP request is at most 16 KB')
        },
      }),
      describeRoute({
        summary: 'Ask the platform CA’s OCSP responder about certificates it issued',
        description:
          'RFC 6960: good, revoked (with its time and reason) or unknown, signed by the CA’s delegated OCSP responder; a request about another CA’s certificates answers `unauthorized`.',
        tag: 'Platform',
        auth: 'none',
        body: { binary: { media: 'application/ocsp-request', description: 'The DER OCSPRequest.' } },
        answers: [file('application/ocsp-response', 'The DER OCSPResponse.')],
        errors: { 400: ['pki.ocsp_request_malformed'], 503: ['server.unavailable'] },
      }),
      async (c) => {
        const media = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
        if (media !== ocspMedia.request) {
          throw new ApiError(
            415,
            'request.unsupported_media_type',
            `Send the request as ${ocspMedia.request}`,
          )
        }
        return answerOcsp(c, new Uint8Array(await c.req.arrayBuffer()))
      },
    )
    .get(
      `${apiPaths.pkiOcsp()}/:request`,
      describeRoute({
        summary: 'Ask the OCSP responder by GET (RFC 6960 appendix A.1)',
        tag: 'Platform',
        auth: 'none',
        answers: [file('application/ocsp-response', 'The DER OCSPResponse.')],
        errors: { 503: ['server.unavailable'] },
      }),
      async (c) => {
        const base64 = c.req.param('request')
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length > maxOcspRequestBytes) {
          throw malformed('the path holds no base64 OCSP request', undefined)
        }
        return answerOcsp(c, Buffer.from(base64, 'base64'))
      },
    )
    .get(
      '/pki/ca/:file',
      describeRoute({
        summary: 'The certificate of one of the platform’s CAs',
        description: 'What the certificates the CA issued name as their issuer’s certificate (caIssuers).',
        tag: 'Platform',
        auth: 'none',
        answers: [file('application/pkix-cert', 'The DER certificate.')],
        errors: { 404: ['pki.ca_not_found'], 503: ['server.unavailable'] },
      }),
      async (c) => {
        const { ca, der } = await caOfFile(c.req.param('file'), 'cer')
        return c.body(Uint8Array.from(der), 200, {
          'Content-Type': 'application/pkix-cert',
          'Content-Disposition': `inline; filename="signet-${ca}.cer"`,
        })
      },
    )
    .get(
      '/pki/crl/:file',
      describeRoute({
        summary: 'The certificate revocation list of one of the platform’s CAs',
        description:
          'An RFC 5280 v2 CRL, signed by the CA, listing every certificate it issued that is revoked.',
        tag: 'Platform',
        auth: 'none',
        answers: [file('application/pkix-crl', 'The DER CRL.')],
        errors: { 404: ['pki.ca_not_found'], 503: ['server.unavailable'] },
      }),
      async (c) => {
        const ca = await caOfFile(c.req.param('file'), 'crl')
        const crl = await certificateRevocationList(revocation(), ca)
        return c.body(crl, 200, {
          'Content-Type': 'application/pkix-crl',
          'Content-Disposition': `inline; filename="signet-${ca}.crl"`,
        })
      },
    )
}

function malformed(reason: string, cause: unknown): ApiError {
  return new ApiError(400, 'pki.ocsp_request_malformed', `Not an OCSP request (RFC 6960): ${reason}`, {
    cause,
  })
}
