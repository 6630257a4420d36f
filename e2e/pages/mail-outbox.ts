import { type APIRequestContext, expect } from '@playwright/test'

/**
 * How long a journey waits for a mail: it goes out through the durable jobs after the answer that promised it,
 * and a server's first mail loads the mail code.
 */
export const mailWaitMs = 10_000

interface Listed {
  id: string
  to: string
  subject: string
}

/**
 * The app path (with search) of the newest mailed link to `email` that leads to `path` (a pattern for a path
 * with an id, such as an invitation's), read from the development outbox; waits for the mail to arrive.
 */
export async function mailedAppLink(
  request: APIRequestContext,
  email: string,
  path: string | RegExp,
): Promise<string> {
  const leadsThere = (url: URL) =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname)
  let found: string | undefined
  await expect
    .poll(
      async () => {
        const list = (await (await request.get('/api/dev/outbox')).json()) as { mails: Listed[] }
        for (const listed of list.mails.filter((m) => m.to.includes(email))) {
          const mail = (await (await request.get(`/api/dev/outbox/${listed.id}`)).json()) as {
            links: string[]
          }
          const link = mail.links.map((l) => new URL(l)).find(leadsThere)
          if (link) {
            found = `${link.pathname}${link.search}`
            return found
          }
        }
        return undefined
      },
      { timeout: mailWaitMs },
    )
    .toBeDefined()
  return found ?? ''
}

/** How many mails went to `email` so far. */
export async function mailCount(request: APIRequestContext, email: string): Promise<number> {
  const list = (await (await request.get('/api/dev/outbox')).json()) as { mails: Listed[] }
  return list.mails.filter((m) => m.to.includes(email)).length
}
