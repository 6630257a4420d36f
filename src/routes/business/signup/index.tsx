import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { referralCodeKey } from '../../../features/auth/referral-code.ts'
import { SignupScreen } from '../../../features/auth/signup-screen.tsx'

export const Route = createFileRoute('/business/signup/')({
  staticData: { access: access.public() },
  // SPEC §2: the referral code of the link (`ucc`) is kept locally until the account is registered.
  validateSearch: (search: Record<string, unknown>): { ucc?: string } => {
    const ucc = typeof search.ucc === 'string' && /^[\w-]{1,100}$/.test(search.ucc) ? search.ucc : undefined
    return { ucc }
  },
  beforeLoad: ({ search }) => {
    if (search.ucc) localStorage.setItem(referralCodeKey, search.ucc)
  },
  component: () => <SignupScreen kind="businessSignup" />,
})
