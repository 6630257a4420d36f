/** A visitor's way through a template's public link: the visit their code belongs to, and what went wrong. */
export type PublicVisitContext = {
  /** The address the code was mailed to; empty until they give one. */
  email: string
  /** The visit whose code they enter; null until a code was mailed. */
  visitId: string | null
  /** The stable code of the last refusal (`public_template.code_invalid`, ...); null after a success. */
  errorCode: string | null
}

/** What the visitor does on the page. */
export type PublicVisitEvent =
  | { type: 'email.submit'; email: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
