/**
 * SPEC §9: the three role-based mailboxes people write to, on the product's own domain (the host the app is
 * served from, as the mails' sender is): support for help with the product, billing for invoices and
 * payments, sales for an enterprise plan.
 */
export type Mailbox = 'support' | 'billing' | 'sales'

/** The address of `mailbox` on `host`. */
export function mailboxAddress(mailbox: Mailbox, host: string = window.location.hostname): string {
  return `${mailbox}@${host}`
}

/** A `mailto:` link to `mailbox`, with a subject when given. */
export function mailboxHref(mailbox: Mailbox, subject?: string, host?: string): string {
  const query = subject === undefined ? '' : `?subject=${encodeURIComponent(subject)}`
  return `mailto:${mailboxAddress(mailbox, host)}${query}`
}
