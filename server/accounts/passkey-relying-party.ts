import { productName } from '../../contract/app-config.ts'

/** The site passkeys belong to (the WebAuthn relying party): the host and origin of the app's public address. */
export type RelyingParty = { id: string; origin: string; name: string }

/** The relying party of `publicUrl` (PUBLIC_URL): passkeys registered here work only at this host. */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl)
  return { id: url.hostname, origin: url.origin, name: productName }
}
