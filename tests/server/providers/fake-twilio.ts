import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the fake Twilio answers the next messages. */
export type TwilioMood = 'accepting' | 'refusing the number' | 'down'

/** A message as Twilio's Messages API received it. */
type TwilioRequest = {
  method: string
  path: string
  authorization: string | undefined
  form: URLSearchParams
}

/**
 * A local stand-in for Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`): it answers
 * `201` with a message SID (`SM1`, `SM2`, …), or, as Twilio does, `400` with code 21614 for a number that is
 * not a mobile, or `503` while it is down. Every request is kept in `requests`.
 */
export async function startFakeTwilio() {
  let counter = 0
  let mood: TwilioMood = 'accepting'
  const requests: TwilioRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization, form })
      const [status, body] =
        mood === 'down'
          ? [503, { code: 20500, message: 'Service Unavailable', status: 503 }]
          : mood === 'refusing the number'
            ? [
                400,
                {
                  code: 21614,
                  message: `'To' number ${form.get('To')} is not a valid mobile number`,
                  status: 400,
                },
              ]
            : [201, { sid: `SM${++counter}`, status: 'queued', to: form.get('To'), body: form.get('Body') }]
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** From now on, answer as `next`. */
    become(next: TwilioMood) {
      mood = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
