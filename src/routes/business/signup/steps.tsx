import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { validateTokenSearch } from '../../../features/auth/auth-search.ts'
import { BusinessSignupStepsScreen } from '../../../features/business/business-signup-steps-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/signup/steps')({
  staticData: { access: access.public() },
  loader: () => loadMessages('business'),
  validateSearch: validateTokenSearch,
  component: BusinessSignupStepsScreen,
})
