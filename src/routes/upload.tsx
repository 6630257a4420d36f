import { createFileRoute } from '@tanstack/react-router'
import { UploadScreen } from '../features/documents/upload-screen.tsx'
import { loadMessages } from '../i18n/i18n.ts'

export const Route = createFileRoute('/upload')({
  loader: () => loadMessages('documents'),
  component: UploadScreen,
})
