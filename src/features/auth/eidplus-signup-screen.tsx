import { useSearch } from '@tanstack/react-router'
import { validateEmailSearch } from './auth-search.ts'
import { MailSentScreen } from './mail-sent-screen.tsx'
import { SignupScreen } from './signup-screen.tsx'

/**
 * /signup/flows/eidplus/new (SPEC §2): the sign-up that leads straight into identification. It asks for the
 * address (the mail goes in the page's language); with `?email=` it is the "check your inbox" page of that
 * address, with a button to send the link again.
 */
export function EidplusSignupScreen() {
  const { email } = validateEmailSearch(useSearch({ strict: false }))
  return email ? <MailSentScreen flow="eidplus" /> : <SignupScreen kind="eidplus" />
}
