import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { UploadScreen } from '../features/documents/upload-screen.tsx'
import { loadMessages } from '../i18n/i18n.ts'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** `?draft=` the draft being made (its id), so that a reload resumes it. */
function validateUploadSearch(search: Record<string, unknown>): { draft?: string } {
  const draft = typeof search.draft === 'string' && uuidPattern.test(search.draft) ? search.draft : undefined
  return { draft }
}

export const Route = createFileRoute('/upload')({
  staticData: { access: access.user() },
  validateSearch: validateUploadSearch,
  loader: () => loadMessages('documents'),
  component: UploadScreen,
})
