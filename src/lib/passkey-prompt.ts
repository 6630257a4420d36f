import { ApiError } from '../api/client.ts'

/**
 * The browser's passkey prompts. `@simplewebauthn/browser` is loaded only when one is asked for, so the
 * sign-in page does not carry it. Options and answers are the JSON text the server's calls take and give.
 */
async function browserPasskeys() {
  const browser = await import('@simplewebauthn/browser')
  if (!browser.browserSupportsWebAuthn()) {
    throw new ApiError(0, 'passkey.unsupported', 'This browser cannot use passkeys')
  }
  return browser
}

/** A dismissed or timed-out prompt is the user's choice, worded as such; anything else is thrown as it is. */
function cancelled(error: unknown): never {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    throw new ApiError(0, 'passkey.cancelled', 'The passkey prompt was dismissed')
  }
  throw error
}

/** Asks the browser to sign in with a passkey for `options`; answers the credential as JSON text. */
export async function askForPasskey(options: string): Promise<string> {
  const { startAuthentication } = await browserPasskeys()
  const answer = await startAuthentication({ optionsJSON: JSON.parse(options) }).catch(cancelled)
  return JSON.stringify(answer)
}

/** Asks the browser to create a passkey for `options`; answers the credential as JSON text. */
export async function askForNewPasskey(options: string): Promise<string> {
  const { startRegistration } = await browserPasskeys()
  const answer = await startRegistration({ optionsJSON: JSON.parse(options) }).catch(cancelled)
  return JSON.stringify(answer)
}
