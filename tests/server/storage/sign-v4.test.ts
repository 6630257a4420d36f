import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signV4 } from '../../../server/storage/sign-v4.ts'

// Published vectors: the AWS SigV4 test suite (get-vanilla, ...) and the examples of the Amazon S3 API
// reference, "Signature Calculations for the Authorization Header".
const empty = createHash('sha256').digest('hex')
const suite = {
  host: 'example.amazonaws.com',
  region: 'us-east-1',
  service: 'service',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  now: new Date('2015-08-30T12:36:00Z'),
  payloadSha256: empty,
}
const s3 = {
  host: 'examplebucket.s3.amazonaws.com',
  region: 'us-east-1',
  service: 's3',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  now: new Date('2013-05-24T00:00:00Z'),
}
const signatureOf = (headers: Record<string, string>) => headers.authorization?.split('Signature=')[1]

describe('signV4', () => {
  it('signs the test suite get-vanilla request', () => {
    const headers = signV4({ ...suite, method: 'GET', path: '/' })
    expect(headers['x-amz-date']).toBe('20150830T123600Z')
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    )
  })

  it('sorts the query as get-vanilla-query-order-key-case does', () => {
    const query = [
      ['Param2', 'value2'],
      ['Param1', 'value1'],
    ] as const
    expect(signatureOf(signV4({ ...suite, method: 'GET', path: '/', query }))).toBe(
      'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    )
  })

  it('signs post-vanilla', () => {
    expect(signatureOf(signV4({ ...suite, method: 'POST', path: '/' }))).toBe(
      '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
    )
  })

  it('signs the S3 GET Object example (with a Range header)', () => {
    const headers = signV4({
      ...s3,
      method: 'GET',
      path: '/test.txt',
      headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': empty },
      payloadSha256: empty,
    })
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })

  it('signs the S3 PUT Object example, encoding the $ of the key', () => {
    const payload = createHash('sha256').update('Welcome to Amazon S3.').digest('hex')
    const headers = signV4({
      ...s3,
      method: 'PUT',
      path: '/test$file.text',
      headers: {
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': payload,
      },
      payloadSha256: payload,
    })
    expect(signatureOf(headers)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd')
  })

  it('signs the S3 GET Bucket lifecycle and list objects examples (query strings)', () => {
    const get = (query: ReadonlyArray<readonly [string, string]>) =>
      signatureOf(
        signV4({
          ...s3,
          method: 'GET',
          path: '/',
          query,
          headers: { 'x-amz-content-sha256': empty },
          payloadSha256: empty,
        }),
      )
    expect(get([['lifecycle', '']])).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543')
    expect(
      get([
        ['max-keys', '2'],
        ['prefix', 'J'],
      ]),
    ).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7')
  })
})
