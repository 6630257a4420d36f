import { describe, expect, it } from 'vitest'
import { identificationReturnPath } from '../../../server/identification/return-path.ts'

describe("the provider page's way back into the app", () => {
  const account = { signatureId: null, signatureRequestId: null }
  it.each([
    ['eidas', 'video', '/profile/signature-standards/eidas/video'],
    ['eidas', 'robo', '/profile/signature-standards/eidas/self'],
    ['zertes', 'video', '/profile/signature-standards/zertes/video'],
    ['zertes', 'autoident', '/profile/signature-standards/zertes/auto'],
    ['austria', 'eid', '/profile/signature-standards/id-austria-success'],
  ] as const)('%s %s returns to %s', (provider, mode, path) => {
    expect(identificationReturnPath({ ...account, provider, mode })).toBe(`${path}?identification=returned`)
  })

  it('keeps the request a user was signing, and sends a direct-link signer to their own routes', () => {
    const requestId = '0b7c2d4e-8f61-4a2b-9c3d-5e6f7a8b9c0d'
    expect(
      identificationReturnPath({
        provider: 'zertes',
        mode: 'video',
        signatureId: null,
        signatureRequestId: requestId,
      }),
    ).toBe(
      `/profile/signature-standards/zertes/video?identification=returned&signatureRequestId=${requestId}`,
    )
    expect(
      identificationReturnPath({
        provider: 'eidas',
        mode: 'robo',
        signatureId: 'sig',
        signatureRequestId: requestId,
      }),
    ).toBe('/direct-sign/identification/eidas/self?identification=returned')
  })
})
