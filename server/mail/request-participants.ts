import { eq, inArray, sql } from 'drizzle-orm'
import { users } from '../db/schema/accounts.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'

/** Someone a mail about a request goes to: its sender or one of its signers. */
export type RequestParticipant = {
  /** Lower case; each address once, the sender first. */
  email: string
  /**
   * The language of their mails: a direct-link signer's own (the language their page shows), else the sender's
   * choice for them, else their account's; undefined when none.
   */
  language: string | undefined
  /** Whether they have an account: only they may follow a link to the request without their invitation. */
  hasAccount: boolean
  /** Their signature, when they sign; a signer without an account is mailed a direct link to it. */
  signatureId: string | undefined
}

/** The sender and the signers of a request, each once, with the language their mails are written in. */
export async function requestParticipants(
  tx: Queryable,
  request: { id: string; ownerId: string },
): Promise<RequestParticipant[]> {
  const signers = await tx
    .select({
      id: signatures.id,
      email: signatures.accountEmail,
      language: sql<string | null>`${signatures.signerIdentityData} ->> 'language'`,
      attributes: signatures.directAttributes,
    })
    .from(signatures)
    .where(eq(signatures.requestId, request.id))
  const [owner] = await tx
    .select({ email: users.email, attributes: users.attributes })
    .from(users)
    .where(eq(users.id, request.ownerId))
  const signerEmails = [...new Set(signers.map((signer) => signer.email.toLowerCase()))]
  const accounts =
    signerEmails.length === 0
      ? []
      : await tx
          .select({ email: users.email, attributes: users.attributes })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, signerEmails))
  const participants = new Map<string, RequestParticipant>()
  if (owner !== undefined) {
    const email = owner.email.toLowerCase()
    participants.set(email, {
      email,
      language: owner.attributes.lang?.[0],
      hasAccount: true,
      signatureId: undefined,
    })
  }
  for (const signer of signers) {
    const email = signer.email.toLowerCase()
    if (participants.has(email)) continue
    const account = accounts.find((a) => a.email.toLowerCase() === email)
    participants.set(email, {
      email,
      // What a direct-link signer's page last showed beats the sender's choice for them.
      language: signer.attributes.lang?.[0] ?? signer.language ?? account?.attributes.lang?.[0],
      hasAccount: account !== undefined,
      signatureId: signer.id,
    })
  }
  return [...participants.values()]
}
