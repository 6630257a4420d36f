import { ApiError } from '../api/client.ts'

/** A dismissed or timed-out prompt is the user's choice, worded as such; anything else is thrown as it is. */
export function cancelled(error: unknown): never {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    throw new ApiError(0, 'passkey.cancelled', 'The passkey prompt was dismissed')
  }
  throw error
}

/** Asks the browser to sign in with a passkey for `options` (JSON text); answers the credential as JSON text. */
export async function askForPasskey(options: string): Promise<string> {
  // Loaded only when asked for, so that the sign-in page does not carry it.
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const answer = await startAuthentication({ optionsJSON: JSON.parse(options) }).catch(cancelled)
  return JSON.stringify(answer)
}
