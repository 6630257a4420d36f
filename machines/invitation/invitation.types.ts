import type { InvitationPreview } from '../../contract/businesses.ts'

/** Input of the invitation landing machine: the mailed link's invitation id. */
export interface InvitationInput {
  id: string
}

/** Context of the invitation landing machine. */
export interface InvitationContext {
  id: string
  /** Who invites to which business, once loaded. */
  preview: InvitationPreview | null
  /** The error code of the last failed call (loading the invitation, or mailing the signup link). */
  error: string | null
}

/** Events of the invitation landing machine. */
export type InvitationEvent = { type: 'invitation.retry' } | { type: 'invitation.createAccount' }

/** What the actor loading the invitation is given. */
export interface LoadInvitationInput {
  id: string
}

/** What the actor mailing the signup link for the invited address is given. */
export interface RequestSignupLinkInput {
  id: string
  email: string
}
