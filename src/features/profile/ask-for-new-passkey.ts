import { cancelled } from '../../lib/passkey-prompt.ts'

/** Asks the browser to create a passkey for `options` (JSON text); answers the credential as JSON text. */
export async function askForNewPasskey(options: string): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser')
  const answer = await startRegistration({ optionsJSON: JSON.parse(options) }).catch(cancelled)
  return JSON.stringify(answer)
}
