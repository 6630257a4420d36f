/**
 * The server's billing error code carried by a failed call (`billing.card_declined`), so the screen says
 * why; null for any other failure.
 */
export function billingErrorCode(error: unknown): `billing.${string}` | null {
  const code = callErrorCode(error)
  return code?.startsWith('billing.') ? (code as `billing.${string}`) : null
}

/** The stable error code a failed call carries (the server's, or a machine's); null when it has none. */
export function callErrorCode(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null
  return typeof code === 'string' ? code : null
}
