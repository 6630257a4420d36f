import { waitFor } from 'xstate'
import { type DirectUser, directAuthorization } from '../../contract/direct.ts'
import { selectDirectSign, selectIsSettled, selectToken } from '../../machines/session/session.selectors.ts'
import type { DirectSignSession } from '../../machines/session/session.types.ts'
import { resolveLocale, type SupportedLocale } from '../i18n/locales.ts'
import type { SessionActor } from './session.ts'

/** Session storage key of the direct link this tab opened, so a reload keeps its token. */
export const directLinkStorageKey = 'directLink'

/** A mailed direct link (`/view/{request id}/{user id}?token=`): whose it is and its secret. */
export interface DirectLink {
  requestId: string
  userId: string
  token: string
}

const directLinkPath = /^\/view\/([^/]+)\/([^/]+)\/?$/
const directIdentificationPrefix = '/direct-sign/identification/'
const directIdentificationPath =
  /^\/direct-sign\/identification\/([0-9a-f-]{36})\/([0-9a-f-]{36})(?:\/preview)?\/?$/i

/** The direct link kept in this tab, if any. */
export function readDirectLink(storage: Storage = sessionStorage): DirectLink | null {
  try {
    const link = JSON.parse(storage.getItem(directLinkStorageKey) ?? 'null') as DirectLink | null
    return link && typeof link.token === 'string' ? link : null
  } catch {
    return null
  }
}

/** The link's token for the direct calls of this session (their `token` query parameter). */
export function directToken(session: DirectSignSession, storage: Storage = sessionStorage): string {
  const link = readDirectLink(storage)
  return link?.requestId === session.requestId && link.userId === session.userId ? link.token : ''
}

/** The Authorization of a direct-sign session (SPEC §3): Basic, user id and request id. */
export function directAuth(session: DirectSignSession): { type: string; token: string } {
  const [type = 'Basic', token = ''] = directAuthorization(session.userId, session.requestId).split(' ')
  return { type, token }
}

/**
 * A visit to `/view/{id}/{userid}` with the link's token (in the address, or kept from an earlier
 * visit in this tab) opens that direct-sign session before the route guard decides, so a visitor
 * without an account arrives as the nas role; so does a visit to the direct-sign identification routes
 * with a link kept in this tab. Other paths leave the session as it is.
 */
export async function openDirectSignLink(
  session: SessionActor,
  location: { pathname: string; search: Record<string, unknown> },
  storage: Storage = sessionStorage,
): Promise<void> {
  const kept = readDirectLink(storage)
  // The identification routes a direct-link signer is sent to (and the provider sends back to) carry no
  // token: they continue the link kept in this tab.
  if (location.pathname.startsWith(directIdentificationPrefix)) {
    const ids = directIdentificationPath.exec(location.pathname)
    if (
      !kept ||
      (ids &&
        (decodeURIComponent(ids[1] ?? '') !== kept.requestId ||
          decodeURIComponent(ids[2] ?? '') !== kept.userId))
    )
      return
    // A signed-in account stays signed in; the route guard keeps it out of these routes.
    if (selectToken(await waitFor(session, selectIsSettled)) !== null) return
    await openSession(session, kept.requestId, kept.userId)
    return
  }
  const match = directLinkPath.exec(location.pathname)
  if (!match) return
  const requestId = decodeURIComponent(match[1] ?? '')
  const userId = decodeURIComponent(match[2] ?? '')
  const fromAddress = location.search.token
  const token =
    typeof fromAddress === 'string' || typeof fromAddress === 'number'
      ? String(fromAddress)
      : kept?.requestId === requestId && kept.userId === userId
        ? kept.token
        : undefined
  if (!token) return
  storage.setItem(directLinkStorageKey, JSON.stringify({ requestId, userId, token } satisfies DirectLink))
  await openSession(session, requestId, userId)
}

async function openSession(session: SessionActor, requestId: string, userId: string) {
  const current = selectDirectSign(await waitFor(session, selectIsSettled))
  if (current?.requestId === requestId && current.userId === userId) return
  // Another link's session ends first: a direct-sign session takes no new link by itself.
  if (current) session.send({ type: 'session.signOut' })
  session.send({ type: 'session.directSign', userId, requestId })
}

/**
 * The language a direct-link signer's page opens in: the link's `lang`, else the one picked in the header of
 * this tab (`picked`), else the one their page last showed (their `lang`), else the sender's choice for them,
 * else the first of the browser's languages the app speaks.
 */
export function directSignerLocale(
  linkLang: unknown,
  picked: string | null,
  user: Pick<DirectUser, 'language' | 'attributes'>,
  browserLanguages: readonly string[],
): SupportedLocale | undefined {
  const candidates = [
    typeof linkLang === 'string' ? linkLang : undefined,
    picked ?? undefined,
    user.attributes.lang?.[0],
    user.language ?? undefined,
    ...browserLanguages,
  ]
  for (const candidate of candidates) {
    const locale = resolveLocale(candidate, true)
    if (locale) return locale
  }
  return undefined
}
