import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../src/api/client.ts'
import { toPageFetchResult } from '../../../../src/ui/document-viewer/page-fetch-result.ts'

describe('toPageFetchResult', () => {
  it('answers an image as loaded and an empty one as still rendering (202)', async () => {
    const image = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' })
    expect(await toPageFetchResult(async () => image)).toEqual({ status: 200, data: image })
    expect(await toPageFetchResult(async () => new Blob())).toEqual({ status: 202 })
  })

  it('answers an HTTP failure with its status and Retry-After, so the machine decides on a retry', async () => {
    const unavailable = new ApiError(503, 'server.unavailable', 'busy', undefined, 3)
    expect(
      await toPageFetchResult(async () => {
        throw unavailable
      }),
    ).toEqual({ status: 503, retryAfter: 3 })
  })

  it('passes a network failure on, which the machine retries as an error', async () => {
    const offline = new ApiError(0, 'network.unreachable', 'offline')
    await expect(
      toPageFetchResult(async () => {
        throw offline
      }),
    ).rejects.toBe(offline)
  })
})
