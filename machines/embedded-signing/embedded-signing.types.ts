import type { EmbeddedSession, EmbedMessage } from '../../contract/embedding.ts'

/** The embedded signing page's flow: its session, and why it cannot sign. */
export type EmbeddedSigningContext = {
  /** The direct-sign session the signing URL opened; null until it is open. */
  session: EmbeddedSession | null
  /** The stable code of why the page cannot sign (`embed.link_expired`, ...); null while it can. */
  errorCode: string | null
}

/** What the page learns from the request it shows. */
export type EmbeddedSigningEvent = { type: 'request.signed' } | { type: 'request.declined' }

/** What the embedded page tells its host. */
export type HostMessageType = EmbedMessage['type']
