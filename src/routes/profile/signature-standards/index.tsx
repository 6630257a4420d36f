import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { SignatureStandardsScreen } from '../../../features/identification/signature-standards-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/signature-standards/')({
  // Set by the identification provider's page when it sends the browser back.
  validateSearch: v.object({ identification: v.fallback(v.optional(v.picklist(['done'])), undefined) }),
  loader: () => loadMessages('identification'),
  component: SignatureStandardsScreen,
})
