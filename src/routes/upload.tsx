import { createFileRoute } from '@tanstack/react-router'
import { UploadScreen } from '../features/documents/upload-screen.tsx'

export const Route = createFileRoute('/upload')({
  component: UploadScreen,
})
